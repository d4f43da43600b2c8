import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import type { Product, productInputSchema } from '@domain/payments/product-schemas';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/database.js';
import { isPgError } from '../../db/pg-errors.js';
import { products } from '../../db/schema/payments.js';

type ProductRow = typeof products.$inferSelect;

const toProduct = (r: ProductRow): Product => ({
  id: r.id,
  websiteId: r.websiteId,
  name: r.name,
  description: r.description,
  priceCents: r.priceCents,
  billing: r.billing,
  createdAt: r.createdAt.toISOString(),
});

/** Every website's products, or one website's with `websiteId`. */
export async function listProducts(tx: Tx, websiteId?: number): Promise<Product[]> {
  const rows = await tx
    .select()
    .from(products)
    .where(websiteId === undefined ? undefined : eq(products.websiteId, websiteId))
    .orderBy(asc(products.websiteId), asc(products.id));
  return rows.map(toProduct);
}

export async function createProduct(tx: Tx, input: z.output<typeof productInputSchema>): Promise<Product> {
  try {
    const [row] = await tx.insert(products).values(input).returning();
    return toProduct(row);
  } catch (error) {
    // The composite foreign key to (workspace_id, website_id) proves the website is this workspace's.
    if (isPgError(error, 'foreignKeyViolation'))
      throw AppError.badRequest('websiteId', serverMessage('payments.websiteNotOwned'));
    throw error;
  }
}

export async function deleteProduct(tx: Tx, id: number): Promise<void> {
  const rows = await tx.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  if (rows.length === 0) throw new AppError('not_found', serverMessage('payments.productNotFound'));
}
