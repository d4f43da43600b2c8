import type { WebsiteFilter } from '@domain/ids';
import type { Product } from '@domain/payments/product-schemas';
import type { Tx } from '../../db/database.js';
import { getWebsite } from '../websites/index.js';
import * as store from './store.js';

/** What the workspace's websites sell, or one website's (404 for a website the workspace does not have). */
export async function listProducts(tx: Tx, filter: WebsiteFilter = {}): Promise<Product[]> {
  if (filter.websiteId !== undefined) await getWebsite(tx, filter.websiteId);
  return store.listProducts(tx, filter.websiteId);
}
