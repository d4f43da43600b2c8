import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.js';
import { backupRestores, backups } from '../../db/schema/backups.js';
import type { WrittenBackup } from './write-backup.js';

export type BackupRow = typeof backups.$inferSelect;
export type RestoreRow = typeof backupRestores.$inferSelect;

export async function insertBackup(
  tx: Tx,
  values: { trigger: 'manual' | 'scheduled'; createdBy: number | null },
) {
  const [row] = await tx.insert(backups).values(values).returning();
  return row;
}

/**
 * Takes a backup for this worker until `leaseSeconds` from now: a queued one, or a running one whose
 * worker stopped renewing (killed). Null when another worker holds it or it is finished.
 */
export async function claimBackup(tx: Tx, id: number, leaseSeconds: number): Promise<BackupRow | null> {
  const [row] = await tx
    .update(backups)
    .set({ status: 'running', leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(
      and(
        eq(backups.id, id),
        sql`(${backups.status} = 'queued' or (${backups.status} = 'running' and ${backups.leaseUntil} < now()))`,
      ),
    )
    .returning();
  return row ?? null;
}

export async function recordProgress(tx: Tx, id: number, done: number, total: number, leaseSeconds: number) {
  await tx
    .update(backups)
    .set({
      tablesDone: done,
      tablesTotal: total,
      leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where(eq(backups.id, id));
}

export async function completeBackup(tx: Tx, id: number, fileName: string, written: WrittenBackup) {
  await tx
    .update(backups)
    .set({
      status: 'completed',
      fileName,
      sizeBytes: written.sizeBytes,
      fileSha256: written.fileSha256,
      schemaVersion: written.schemaVersion,
      tables: written.tables,
      totalRows: written.totalRows,
      leaseUntil: null,
      completedAt: sql`now()`,
    })
    .where(eq(backups.id, id));
}

export async function failBackup(tx: Tx, id: number, error: string) {
  await tx
    .update(backups)
    .set({ status: 'failed', error, leaseUntil: null, completedAt: sql`now()` })
    .where(eq(backups.id, id));
}

export async function getBackup(tx: Tx, id: number): Promise<BackupRow | null> {
  const [row] = await tx.select().from(backups).where(eq(backups.id, id));
  return row ?? null;
}

export async function listBackups(tx: Tx): Promise<BackupRow[]> {
  return tx.select().from(backups).orderBy(desc(backups.createdAt), desc(backups.id)).limit(200);
}

/** Completed backups beyond the newest `keep`: retention deletes them (rows here, files by the caller). */
export async function deleteBackupsBeyond(tx: Tx, keep: number): Promise<BackupRow[]> {
  const old = await tx
    .select({ id: backups.id })
    .from(backups)
    .where(eq(backups.status, 'completed'))
    .orderBy(desc(backups.createdAt), desc(backups.id))
    .offset(keep);
  if (old.length === 0) return [];
  return tx
    .delete(backups)
    .where(
      inArray(
        backups.id,
        old.map((o) => o.id),
      ),
    )
    .returning();
}

export async function setVerifyStatus(
  tx: Tx,
  id: number,
  status: 'queued' | 'verified' | 'failed',
  error: string | null = null,
) {
  await tx
    .update(backups)
    .set({
      verifyStatus: status,
      verifyError: error,
      ...(status === 'queued' ? {} : { verifiedAt: sql`now()` }),
    })
    .where(eq(backups.id, id));
}

export async function insertRestore(tx: Tx, values: { backupId: number; createdBy: number | null }) {
  const [row] = await tx.insert(backupRestores).values(values).returning();
  return row;
}

/** The restore, locked for the whole restore transaction: a second worker skips it instead of repeating it. */
export async function lockUnfinishedRestore(tx: Tx, id: number): Promise<RestoreRow | null> {
  const { rows } = await tx.execute<{ id: string }>(
    sql`select id from backup_restores where id = ${id} and status in ('queued', 'running') for update skip locked`,
  );
  if (rows.length === 0) return null;
  const [row] = await tx.select().from(backupRestores).where(eq(backupRestores.id, id));
  return row ?? null;
}

export async function setRestoreStatus(
  tx: Tx,
  id: number,
  values: { status: 'running' | 'completed' | 'failed'; newWorkspaceId?: number; error?: string },
) {
  await tx
    .update(backupRestores)
    .set({ ...values, ...(values.status === 'running' ? {} : { completedAt: sql`now()` }) })
    .where(eq(backupRestores.id, id));
}

export async function latestRestores(tx: Tx): Promise<RestoreRow[]> {
  return tx
    .selectDistinctOn([backupRestores.backupId])
    .from(backupRestores)
    .orderBy(backupRestores.backupId, desc(backupRestores.id));
}

export async function workspaceSummary(tx: Tx): Promise<{ name: string; plan: string; addons: string[] }> {
  const { rows } = await tx.execute<{ name: string; plan: string; addons: string[] }>(
    sql`select name, plan, addons from workspaces where id = app_current_workspace()`,
  );
  return rows[0];
}

export async function isMemberOfCurrentWorkspace(tx: Tx, userId: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`select 1 from memberships where user_id = ${userId}`);
  return rows.length > 0;
}

export async function allWorkspaceIds(db: Db | Tx): Promise<number[]> {
  const { rows } = await db.execute<{ workspace_id: string }>(
    sql`select workspace_id from app_all_workspace_ids()`,
  );
  return rows.map((r) => Number(r.workspace_id));
}

export async function unfinishedEverywhere(
  db: Db | Tx,
): Promise<{ workspaceId: number; id: number; kind: 'backup' | 'restore' }[]> {
  const { rows } = await db.execute<{ workspace_id: string; id: string; kind: 'backup' | 'restore' }>(
    sql`select workspace_id, id, kind from app_unfinished_backups()`,
  );
  return rows.map((r) => ({ workspaceId: Number(r.workspace_id), id: Number(r.id), kind: r.kind }));
}
