import type { Tx } from '../../db/database.js';
import { ensureTestSyncToken } from './service.js';
import * as store from './store.js';

/** The demo workspace keeps a testing token, which the iPhone sync tab pre-fills for its members. */
export async function seedDemoPhoneSync(tx: Tx, context: { ownerId: number }): Promise<void> {
  await ensureTestSyncToken(tx, context.ownerId);
}

/**
 * A demo nobody may sign into takes no syncs either: its testing token is a published secret (test syncs
 * only, but still writes into the demo the public screens show).
 */
export async function closeDemoPhoneSync(tx: Tx): Promise<void> {
  await store.revokeTestTokens(tx);
}
