import type { Tx } from '../../db/database.js';
import { createSyncToken } from './service.js';
import * as store from './store.js';

/** The demo workspace gets a testing token, which the iPhone sync tab pre-fills for its members. */
export async function seedDemoPhoneSync(tx: Tx, context: { ownerId: number }): Promise<void> {
  await createSyncToken(tx, {
    name: 'iPhone test token (for testing)',
    createdBy: context.ownerId,
    isTestToken: true,
  });
}

/** A demo nobody may sign into must not take syncs either: its testing token is a known secret. */
export async function closeDemoPhoneSync(tx: Tx): Promise<void> {
  await store.revokeTestTokens(tx);
}
