import type { StoredMessage } from '@domain/messages';
import type { Tx } from '../../db/database.js';
import { insertActivity, listActivities } from './store.js';

/**
 * Every feature that does something worth showing on the dashboard records it here, in the same transaction.
 * A catalogued message is shown in each reader's language; plain text (names and words people typed,
 * nothing of ours) is shown as it is.
 */
export async function recordActivity(tx: Tx, type: string, line: StoredMessage | string): Promise<void> {
  await insertActivity(
    tx,
    typeof line === 'string'
      ? { type, description: line }
      : { type, description: line.text, messageId: line.id, messageValues: line.values ?? {} },
  );
}

export const recentActivityLimit = 10;

export async function listRecentActivities(tx: Tx) {
  const rows = await listActivities(tx, recentActivityLimit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
