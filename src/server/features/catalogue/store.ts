import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';

/**
 * Read-only aggregates for the catalogue's Analytics tab. They run inside the member's workspace
 * transaction, so row-level security limits every count to that workspace.
 */
export async function countContacts(tx: Tx): Promise<number> {
  const result = await tx.execute<{ n: number }>(sql`select count(*)::int as n from contacts`);
  return result.rows[0]?.n ?? 0;
}
