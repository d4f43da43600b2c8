import type { Tx } from '../../db/database.js';
import { insertActivity, listActivities } from './store.js';

/** Every feature that does something worth showing on the dashboard records it here, in the same transaction. */
export async function recordActivity(tx: Tx, type: string, description: string): Promise<void> {
  await insertActivity(tx, { type, description });
}

export const recentActivityLimit = 10;

export async function listRecentActivities(tx: Tx) {
  const rows = await listActivities(tx, recentActivityLimit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
