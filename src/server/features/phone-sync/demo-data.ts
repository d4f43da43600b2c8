import type { Tx } from '../../db/database.js';
import { createSyncToken } from './service.js';

/** The demo workspace gets a testing token, which the iPhone sync tab pre-fills for its members. */
export async function seedDemoPhoneSync(tx: Tx, context: { ownerId: number }): Promise<void> {
  await createSyncToken(tx, {
    name: 'iPhone test token (for testing)',
    createdBy: context.ownerId,
    isTestToken: true,
  });
}
