import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.js';
import { searchConsoleConnections, searchConsoleRanks, searchConsoleSites } from '../../db/schema/seo.js';

export type SearchConsoleConnectionRow = typeof searchConsoleConnections.$inferSelect;
export type SearchConsoleSiteRow = typeof searchConsoleSites.$inferSelect;
export type SearchConsoleRankRow = typeof searchConsoleRanks.$inferSelect;

export async function findSearchConsoleConnection(tx: Tx): Promise<SearchConsoleConnectionRow | null> {
  const [row] = await tx.select().from(searchConsoleConnections);
  return row ?? null;
}

export async function saveSearchConsoleConnection(
  tx: Tx,
  values: { clientEmail: string; sealedPrivateKey: string },
): Promise<void> {
  await tx
    .insert(searchConsoleConnections)
    .values(values)
    .onConflictDoUpdate({
      target: searchConsoleConnections.workspaceId,
      set: { ...values, connectedAt: sql`now()` },
    });
}

export async function setSearchConsoleSealedKey(tx: Tx, sealedPrivateKey: string): Promise<void> {
  await tx.update(searchConsoleConnections).set({ sealedPrivateKey });
}

/** Forgets the connection, its sites' state and the ranks it measured. */
export async function deleteSearchConsole(tx: Tx): Promise<void> {
  await tx.delete(searchConsoleRanks);
  await tx.delete(searchConsoleSites);
  await tx.delete(searchConsoleConnections);
}

export async function listSearchConsoleSites(tx: Tx): Promise<SearchConsoleSiteRow[]> {
  return tx.select().from(searchConsoleSites).orderBy(asc(searchConsoleSites.websiteId));
}

/** Sets a website's property; a changed property starts over as pending. */
export async function upsertSearchConsoleSite(tx: Tx, websiteId: number, property: string): Promise<void> {
  await tx
    .insert(searchConsoleSites)
    .values({ websiteId, property })
    .onConflictDoUpdate({
      target: [searchConsoleSites.workspaceId, searchConsoleSites.websiteId],
      set: { property, status: 'pending', error: null, errorMessage: null },
    });
}

export async function recordSearchConsoleSync(
  tx: Tx,
  websiteId: number,
  result: Pick<SearchConsoleSiteRow, 'status' | 'error' | 'errorMessage'>,
): Promise<void> {
  await tx
    .update(searchConsoleSites)
    .set({ ...result, syncedAt: sql`now()` })
    .where(eq(searchConsoleSites.websiteId, websiteId));
}

/** The website's ranks become exactly these (a keyword no longer measured loses its old rank). */
export async function replaceRanks(
  tx: Tx,
  websiteId: number,
  ranks: Omit<SearchConsoleRankRow, 'workspaceId' | 'websiteId'>[],
): Promise<void> {
  await tx.delete(searchConsoleRanks).where(eq(searchConsoleRanks.websiteId, websiteId));
  if (ranks.length > 0) await tx.insert(searchConsoleRanks).values(ranks.map((r) => ({ ...r, websiteId })));
}

export async function listRanks(tx: Tx): Promise<SearchConsoleRankRow[]> {
  return tx.select().from(searchConsoleRanks);
}

export async function searchConsoleWorkspacesEverywhere(db: Db | Tx): Promise<number[]> {
  const { rows } = await db.execute<{ workspace_id: string }>(
    sql`select workspace_id from app_search_console_workspaces()`,
  );
  return rows.map((r) => Number(r.workspace_id));
}
