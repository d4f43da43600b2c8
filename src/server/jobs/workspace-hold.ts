import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/database.js';

/**
 * A restored workspace is held (migration 1030): its data is all there, but nothing in it happens by
 * itself until an owner or admin starts it. The schedulers skip it (weekly crawls, Search Console syncs,
 * uptime probes, mailbox syncs, succession checks) and the events raised in it deliver no webhooks. What
 * its members do by hand (resume a campaign, start a crawl, replay a delivery) runs as usual: that is
 * the owner starting it.
 */
export async function heldWorkspaceIds(db: Db | Tx): Promise<Set<number>> {
  const { rows } = await db.execute<{ id: string }>(sql`select app_held_workspaces() as id`);
  return new Set(rows.map((r) => Number(r.id)));
}

/** Whether the workspace `tx` is in is held. */
export async function isWorkspaceHeld(tx: Tx): Promise<boolean> {
  const { rows } = await tx.execute<{ held: boolean }>(
    sql`select held_since is not null as held from workspaces where id = app_current_workspace()`,
  );
  return rows[0]?.held ?? false;
}

/** Holds the workspace `tx` is in (a restore's new copy), from `at`. */
export async function holdWorkspace(tx: Tx, at: Date): Promise<void> {
  await tx.execute(sql`update workspaces set held_since = ${at} where id = app_current_workspace()`);
}

/** Starts the workspace `tx` is in: its schedules and deliveries run again. False when it was not held. */
export async function releaseWorkspace(tx: Tx): Promise<boolean> {
  const { rows } = await tx.execute(
    sql`update workspaces set held_since = null
        where id = app_current_workspace() and held_since is not null returning id`,
  );
  return rows.length > 0;
}
