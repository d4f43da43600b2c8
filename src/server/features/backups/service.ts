import { AppError } from '@domain/app-error';
import type { SignUpInput } from '@domain/auth/auth-schemas';
import type { Backup, RunBackupResult } from '@domain/backups/backup-schemas';
import { serverMessage } from '@domain/messages';
import type { AddonId } from '@domain/pricing/addons';
import { enterWorkspace, type Tx } from '../../db/database.js';
import { type AppDeps, now } from '../../deps.js';
import type { Member } from '../../http/session.js';
import { holdWorkspace, releaseWorkspace } from '../../jobs/workspace-hold.js';
import { recordActivity } from '../activities/index.js';
import { createEmptyWorkspaceIn } from '../auth/index.js';
import { stopRunsAfterRestore } from '../automation/index.js';
import { resealWordpressAfterRestore, unscheduleAfterRestore } from '../content/index.js';
import { stopCrawlsAfterRestore } from '../crawls/index.js';
import { stopCollectionsAfterRestore } from '../data-collection/index.js';
import { resealAuthHeadersAfterRestore } from '../ecosystem/index.js';
import { stopImportsAfterRestore } from '../imports/index.js';
import { holdSendingAfterRestore } from '../marketing/index.js';
import { addWorkspaceOwner } from '../members/index.js';
import { renewTestSyncTokenAfterRestore } from '../phone-sync/index.js';
import { holdSchedulesAfterRestore } from '../reports/index.js';
import { resealSearchConsoleAfterRestore } from '../seo/index.js';
import { stopIntegrationsAfterRestore } from '../superhub/index.js';
import { holdRemindersAfterRestore } from '../tasks/index.js';
import { failDeliveriesAfterRestore } from '../webhooks/index.js';
import { BackupMismatch, restoredOldId, restoreInto, verifyBackupFile } from './restore-backup.js';
import { backupKey, backupStorage } from './storage.js';
import * as store from './store.js';
import { writeBackup } from './write-backup.js';

export const backupJobName = 'backups.run';
export const verifyJobName = 'backups.verify';
export const restoreJobName = 'backups.restore';

export interface BackupJobData {
  workspaceId: number;
  backupId: number;
}

function toView(row: store.BackupRow, restore: store.RestoreRow | undefined): Backup {
  return {
    id: row.id,
    trigger: row.trigger,
    status: row.status,
    tablesDone: row.tablesDone,
    tablesTotal: row.tablesTotal,
    error: row.error,
    sizeBytes: row.sizeBytes,
    totalRows: row.totalRows,
    tables: (row.tables ?? []).map(({ table, rows }) => ({ table, rows })),
    schemaVersion: row.schemaVersion,
    verifyStatus: row.verifyStatus,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    verifyError: row.verifyError,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    lastRestore: restore
      ? {
          id: restore.id,
          status: restore.status,
          newWorkspaceId: restore.newWorkspaceId,
          error: restore.error,
          createdAt: restore.createdAt.toISOString(),
        }
      : null,
  };
}

export async function listBackups(tx: Tx): Promise<Backup[]> {
  const [rows, restores] = await Promise.all([store.listBackups(tx), store.latestRestores(tx)]);
  const byBackup = new Map(restores.map((r) => [r.backupId, r]));
  return rows.map((row) => toView(row, byBackup.get(row.id)));
}

async function completedBackup(tx: Tx, id: number): Promise<store.BackupRow & { fileName: string }> {
  const row = await store.getBackup(tx, id);
  if (!row) throw new AppError('not_found', serverMessage('backups.notFound'));
  if (row.status !== 'completed' || !row.fileName)
    throw new AppError('conflict', serverMessage('backups.notCompleted'));
  return row as store.BackupRow & { fileName: string };
}

/** Records a backup and queues it in the same transaction: the job exists exactly when the record does. */
export async function startBackup(
  deps: AppDeps,
  tx: Tx,
  workspaceId: number,
  options: { trigger: 'manual' | 'scheduled'; userId: number | null },
): Promise<Backup> {
  const row = await store.insertBackup(tx, { trigger: options.trigger, createdBy: options.userId });
  await deps.queue.send<BackupJobData>(backupJobName, { workspaceId, backupId: row.id }, { tx });
  return toView(row, undefined);
}

/**
 * The backup job. A worker holds the backup by a lease it renews after every table; a retry after a
 * kill -9 takes it over once the lease ran out and writes the file again from the start (the killed
 * run's `.partial` is overwritten, never listed). A finished backup is never written twice.
 */
export async function runBackupJob(deps: AppDeps, { workspaceId, backupId }: BackupJobData): Promise<void> {
  const lease = deps.config.BACKUP_LEASE_SECONDS;
  const { claimed, heldUntil } = await deps.database.withWorkspace(workspaceId, async (tx) => {
    const claimed = await store.claimBackup(tx, backupId, lease);
    const current = claimed ? null : await store.getBackup(tx, backupId);
    return { claimed, heldUntil: current?.status === 'running' ? current.leaseUntil : null };
  });
  if (!claimed) {
    // Another worker holds it, or a killed one did: look again when its lease runs out.
    if (heldUntil)
      await deps.queue.send<BackupJobData>(
        backupJobName,
        { workspaceId, backupId },
        { startAfter: new Date(heldUntil.getTime() + 1000) },
      );
    return;
  }
  const fileName = `backup-${backupId}.hbk.gz`;
  const storage = backupStorage(deps.config);
  try {
    const written = await writeBackup(
      deps.database.pool,
      workspaceId,
      await storage.create(backupKey(workspaceId, fileName)),
      (done, total) =>
        deps.database.withWorkspace(workspaceId, (tx) =>
          store.recordProgress(tx, backupId, done, total, lease),
        ),
    );
    const removed = await deps.database.withWorkspace(workspaceId, async (tx) => {
      await store.completeBackup(tx, backupId, fileName, written);
      await recordActivity(
        tx,
        'backup_completed',
        serverMessage('activity.backupCompleted', { rows: written.totalRows, tables: written.tables.length }),
      );
      return store.deleteBackupsBeyond(tx, deps.config.BACKUP_KEEP);
    });
    for (const old of removed) if (old.fileName) await storage.remove(backupKey(workspaceId, old.fileName));
  } catch (error) {
    deps.log.error({ err: error, workspaceId, backupId }, 'backup failed');
    await deps.database.withWorkspace(workspaceId, async (tx) => {
      await store.failBackup(tx, backupId, (error as Error).message);
      await recordActivity(
        tx,
        'backup_failed',
        serverMessage('activity.backupFailed', { reason: (error as Error).message }),
      );
    });
  }
}

const finished = (row: store.BackupRow | null) =>
  !row || row.status === 'completed' || row.status === 'failed';

/**
 * `GET /run/backup`: starts a backup of the member's workspace and waits for it (up to
 * BACKUP_WAIT_SECONDS), because the spec's caller reads 'success' as "done". A backup still running
 * then is answered as such and finishes in the queue; the Backup tab lists it.
 */
export async function runBackupNow(deps: AppDeps, member: Member): Promise<RunBackupResult> {
  const backup = await deps.database.withWorkspace(member.workspaceId, (tx) =>
    startBackup(deps, tx, member.workspaceId, { trigger: 'manual', userId: member.userId }),
  );
  const deadline = Date.now() + deps.config.BACKUP_WAIT_SECONDS * 1000;
  let row: store.BackupRow | null = null;
  while (Date.now() < deadline) {
    row = await deps.database.withWorkspace(member.workspaceId, (tx) => store.getBackup(tx, backup.id));
    if (finished(row)) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (row?.status === 'completed')
    return {
      status: 'success',
      message: `Backup ${backup.id} completed: ${row.totalRows} rows from ${row.tables?.length ?? 0} tables.`,
    };
  if (row?.status === 'failed') return { status: 'error', message: row.error ?? 'unknown error' };
  return {
    status: 'running',
    message: `Backup ${backup.id} is still running; the Backup tab lists it when it is done.`,
  };
}

export async function backupDownload(deps: AppDeps, tx: Tx, workspaceId: number, id: number) {
  const row = await completedBackup(tx, id);
  const file = await backupStorage(deps.config).open(backupKey(workspaceId, row.fileName));
  if (!file) throw new AppError('not_found', serverMessage('backups.fileMissing'));
  return {
    stream: file.stream,
    size: file.size,
    downloadName: `business-hub-workspace-${workspaceId}-${row.fileName}`,
  };
}

export async function requestVerify(deps: AppDeps, tx: Tx, workspaceId: number, id: number): Promise<void> {
  await completedBackup(tx, id);
  await store.setVerifyStatus(tx, id, 'queued');
  await deps.queue.send<BackupJobData>(verifyJobName, { workspaceId, backupId: id }, { tx });
}

/** Reads the file through and compares every table's rows and checksum, and the file's SHA-256. */
export async function runVerifyJob(deps: AppDeps, { workspaceId, backupId }: BackupJobData): Promise<void> {
  await deps.database.withWorkspace(workspaceId, async (tx) => {
    const row = await store.getBackup(tx, backupId);
    if (row?.status !== 'completed' || !row.fileName || !row.fileSha256) return;
    const file = await backupStorage(deps.config).open(backupKey(workspaceId, row.fileName));
    const problem = !file
      ? 'the backup file is missing'
      : await tx
          .transaction((nested) =>
            verifyBackupFile(nested, file.stream, {
              tables: row.tables ?? [],
              fileSha256: row.fileSha256 as string,
            }),
          )
          .then(
            () => null,
            (error: Error) => error.message,
          );
    await store.setVerifyStatus(tx, backupId, problem ? 'failed' : 'verified', problem);
  });
}

export interface RestoreJobData {
  workspaceId: number;
  restoreId: number;
}

export async function requestRestore(deps: AppDeps, tx: Tx, member: Member, backupId: number) {
  await completedBackup(tx, backupId);
  const restore = await store.insertRestore(tx, { backupId, createdBy: member.userId });
  await deps.queue.send<RestoreJobData>(
    restoreJobName,
    { workspaceId: member.workspaceId, restoreId: restore.id },
    { tx },
  );
  return restore;
}

/**
 * Restores into a new workspace in ONE transaction that also marks the restore done: a failure or a
 * kill -9 anywhere leaves no workspace, no row of it, and the restore still to do (or failed).
 */
export async function runRestoreJob(
  deps: AppDeps,
  { workspaceId, restoreId }: RestoreJobData,
): Promise<void> {
  try {
    await deps.database.withWorkspace(workspaceId, async (tx) => {
      const restore = await store.lockUnfinishedRestore(tx, restoreId);
      if (!restore) return;
      const backup = await completedBackup(tx, restore.backupId);
      const source = await store.workspaceSummary(tx);
      const name = `${source.name} (restored)`;
      const newWorkspaceId = await createEmptyWorkspaceIn(tx, {
        name,
        plan: source.plan as SignUpInput['plan'],
        addons: source.addons as AddonId[],
      });
      // Opened last, so nothing before can leave it open; a missing file fails the whole transaction.
      const file = await backupStorage(deps.config).open(backupKey(workspaceId, backup.fileName));
      if (!file) throw new BackupMismatch('the backup file is missing');
      await restoreInto(tx, {
        file: file.stream,
        sourceWorkspaceId: workspaceId,
        newWorkspaceId,
        expected: { tables: backup.tables ?? [], fileSha256: backup.fileSha256 ?? '' },
      });
      // Verified as copied; now the secrets sealed for the old workspace and ids are sealed for the new.
      const ids = {
        sourceWorkspaceId: workspaceId,
        newWorkspaceId,
        oldIdOf: (table: string, newId: number) => restoredOldId(tx, table, newId),
      };
      for (const resealAfterRestore of [
        resealWordpressAfterRestore,
        resealSearchConsoleAfterRestore,
        resealAuthHeadersAfterRestore,
      ])
        await resealAfterRestore(tx, deps.config.secretKey, ids);
      // A restore brings data, never pending side effects: the copy of a workspace caught mid-send would
      // otherwise mail, call webhooks, crawl, collect, integrate and publish again on the next start. What
      // was under way is stopped and shown so (paused campaigns and workflows, failed runs, messages,
      // deliveries, crawls, imports and collections, integrations in error, posts back to draft, task reminders held), and the
      // copy is held: nothing in it runs by itself until an owner or admin starts it.
      const at = now(deps);
      for (const stopAfterRestore of [
        holdSendingAfterRestore,
        stopRunsAfterRestore,
        failDeliveriesAfterRestore,
        stopCrawlsAfterRestore,
        stopImportsAfterRestore,
        stopCollectionsAfterRestore,
        stopIntegrationsAfterRestore,
        unscheduleAfterRestore,
        holdRemindersAfterRestore,
        holdSchedulesAfterRestore,
      ])
        await stopAfterRestore(tx, at);
      await holdWorkspace(tx, at);
      await renewTestSyncTokenAfterRestore(tx, restore.createdBy);
      // Whoever restores can open the copy even when the backup predates their membership.
      if (restore.createdBy && !(await store.isMemberOfCurrentWorkspace(tx, restore.createdBy)))
        await addWorkspaceOwner(tx, { workspaceId: newWorkspaceId, userId: restore.createdBy });
      await enterWorkspace(tx, workspaceId);
      await store.setRestoreStatus(tx, restoreId, { status: 'completed', newWorkspaceId });
      // restoreInto checked every table's rows and the file's checksum: the same proof as Verify.
      await store.setVerifyStatus(tx, backup.id, 'verified');
      await recordActivity(
        tx,
        'backup_restored',
        serverMessage('activity.backupRestored', { id: backup.id, name }),
      );
    });
  } catch (error) {
    deps.log.error({ err: error, workspaceId, restoreId }, 'restore failed');
    await deps.database.withWorkspace(workspaceId, async (tx) => {
      await store.setRestoreStatus(tx, restoreId, { status: 'failed', error: (error as Error).message });
      await recordActivity(
        tx,
        'backup_restore_failed',
        serverMessage('activity.restoreFailed', { reason: (error as Error).message }),
      );
    });
  }
}

/** An owner or admin starts a restored copy: its schedules run again (the activity log says when). */
export async function startRestoredWorkspace(tx: Tx): Promise<void> {
  if (await releaseWorkspace(tx))
    await recordActivity(
      tx,
      'restored_workspace_started',
      serverMessage('activity.restoredWorkspaceStarted'),
    );
}

/** The weekly automatic backup of every workspace. */
export async function scheduleWeeklyBackups(deps: AppDeps): Promise<number> {
  const ids = await store.allWorkspaceIds(deps.database.db);
  for (const workspaceId of ids)
    await deps.database.withWorkspace(workspaceId, (tx) =>
      startBackup(deps, tx, workspaceId, { trigger: 'scheduled', userId: null }),
    );
  return ids.length;
}

/** Backups and restores a stopped server left queued or running: their job may have died with the process. */
export async function requeueUnfinished(deps: AppDeps): Promise<number> {
  const unfinished = await store.unfinishedEverywhere(deps.database.db);
  for (const item of unfinished) {
    if (item.kind === 'backup')
      await deps.queue.send<BackupJobData>(backupJobName, {
        workspaceId: item.workspaceId,
        backupId: item.id,
      });
    else
      await deps.queue.send<RestoreJobData>(restoreJobName, {
        workspaceId: item.workspaceId,
        restoreId: item.id,
      });
  }
  return unfinished.length;
}
