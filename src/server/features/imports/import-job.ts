import { randomUUID } from 'node:crypto';
import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import { type PlanId, planById, planIds } from '@domain/pricing/plans';
import type { Tx } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import type { JobDefinition } from '../../jobs/queue.js';
import { recordActivity } from '../activities/index.js';
import { assertContactCapacity, countContactsByStatus } from '../contacts/index.js';
import { createDealsFromImport } from '../deals/index.js';
import { readCsvFile } from './csv-items.js';
import { deleteStoredFile, readStoredFile } from './file-store.js';
import { mapHeader } from './header-mapping.js';
import { ImportBatch } from './import-batch.js';
import { maxImportRows } from './limits.js';
import { contactIdsOfStaged, recordFailedRows, rematchBatch, stageBatch, writeBatch } from './merge-batch.js';
import * as store from './store.js';

export const importJobName = 'contacts-import';

export interface ImportJobData {
  workspaceId: number;
  jobId: number;
}

/** Rows per transaction: big enough to amortise the per-batch statements, small enough to resume cheaply. */
export const batchRows = 10_000;
/** A run that fails this often for reasons other than the file is given up (pg-boss also retries 3 times). */
const maxAttempts = 4;
/** Advisory-lock namespace: a job is run by whoever holds (this, job id) on a live connection. */
const lockNamespace = 727_150;

class LostOwnership extends Error {}

export const importJobDefinition: JobDefinition<ImportJobData> = {
  name: importJobName,
  concurrency: 2,
  memoryHeavy: true,
  handler: (data, deps) => runImportJob(deps, data),
};

/**
 * Runs (or resumes) one import. Exactly-once across crashes rests on three things:
 * - a session advisory lock on a dedicated connection: PostgreSQL drops it the moment the process
 *   dies, so a restarted server can take the job over at once, and never while its runner lives;
 * - a fencing token (`runner`) checked under the job row's lock by every batch, so a run that lost
 *   the job can never commit again;
 * - each batch commits its contacts, failed rows and the processed-rows checkpoint in one
 *   transaction, and a run skips exactly `processed_rows` rows of the file before it starts.
 */
export async function runImportJob(deps: AppDeps, data: ImportJobData): Promise<void> {
  const lockClient = await deps.database.pool.connect();
  let broken = false;
  try {
    const { rows } = await lockClient.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1, $2::int) as locked',
      [lockNamespace, data.jobId],
    );
    if (!rows[0].locked) return; // a live run has it
    try {
      await runLocked(deps, data);
    } finally {
      await lockClient
        .query('select pg_advisory_unlock($1, $2::int)', [lockNamespace, data.jobId])
        .catch(() => {
          broken = true;
        });
    }
  } finally {
    lockClient.release(broken);
  }
}

async function runLocked(deps: AppDeps, { workspaceId, jobId }: ImportJobData): Promise<void> {
  const { database } = deps;
  const runner = randomUUID();
  const job = await database.withWorkspace(workspaceId, (tx) => store.claimImportJob(tx, jobId, runner));
  if (!job) return; // finished, failed or gone
  try {
    if (job.processedRows === 0) await assertFitsPlan(deps, job);
    await importRows(deps, job, runner);
  } catch (error) {
    if (error instanceof LostOwnership) return;
    const userError = error instanceof AppError;
    if (!userError && job.attempts < maxAttempts) throw error; // pg-boss retries; the checkpoint makes that safe
    deps.log.error({ err: error, jobId }, 'contact import failed');
    const message = AppError.storedLine(error, serverMessage('imports.stoppedOnOurSide'));
    await database.withWorkspace(workspaceId, async (tx) => {
      if (!(await store.lockOwnedJob(tx, jobId, runner))) return;
      await store.failImportJob(tx, jobId, message);
      await deleteStoredFile(tx, jobId);
    });
  }
}

/**
 * Every row of the stored file after the checkpoint, in batches; the header is the file's first record.
 * The last batch (possibly empty: its transaction also completes the job) is the one after the file ends.
 */
async function* batchesAfter(
  deps: AppDeps,
  job: store.ImportJobRow,
): AsyncGenerator<{ batch: ImportBatch; isLast: boolean }> {
  const mapping = mapHeader(job.header);
  let rowNumber = 0;
  let isHeader = true;
  let batch = new ImportBatch(mapping);
  const file = readStoredFile(deps.database, job.workspaceId, job.id);
  for await (const items of readCsvFile(file)) {
    for (const item of items) {
      if (isHeader) {
        isHeader = false;
        continue;
      }
      rowNumber += 1;
      if (rowNumber <= job.processedRows) continue;
      if (rowNumber > maxImportRows) throw tooManyRows();
      batch.add(item, rowNumber);
      if (batch.rowCount >= batchRows) {
        yield { batch, isLast: false };
        batch = new ImportBatch(mapping);
      }
    }
  }
  yield { batch, isLast: true };
}

export function tooManyRows(): AppError {
  return AppError.badRequest(
    'file',
    serverMessage('imports.tooManyRows', { max: maxImportRows.toLocaleString('en-US') }),
  );
}

/**
 * Two batches are in the database at once: while one writes, the next is parsed, then staged and
 * matched (reads only, so it can never hold a lock the writer waits for). A batch writes only after
 * the batch before it committed, so checkpoints stay in file order. A batch is parsed only once the
 * one two before it has committed, so at most two batches (~8 MB each at 10,000 rows) are in memory:
 * parsing and staging are quick beside a write, and a batch parsed earlier would only wait.
 */
async function importRows(deps: AppDeps, job: store.ImportJobRow, runner: string): Promise<void> {
  const { database } = deps;
  let older: Promise<void> = Promise.resolve();
  let newest: Promise<void> = Promise.resolve();
  let newestBatch: ImportBatch | null = null;
  try {
    for await (const { batch, isLast } of batchesAfter(deps, job)) {
      const before = { committed: newest, batch: newestBatch };
      const commit = database.withWorkspace(job.workspaceId, (tx) =>
        commitBatch(tx, job, runner, batch, isLast, before),
      );
      commit.catch(() => {}); // awaited below; this only keeps it from being "unhandled" meanwhile
      older = newest;
      newest = commit;
      newestBatch = batch;
      await older; // only now is the next batch parsed
    }
    await newest;
  } finally {
    // Never leave a batch running after the run ends (its advisory lock is released then).
    await Promise.allSettled([older, newest]);
  }
}

/**
 * Whether `batch` shares an email or phone with the batch before it, which has committed by now.
 * Called once: it drops the reference, so the batch before is not kept alive while this one writes.
 */
function overlapsBatchBefore(batch: ImportBatch, before: { batch: ImportBatch | null }): boolean {
  const previous = before.batch;
  before.batch = null;
  return previous !== null && batch.sharesIdentityWith(previous);
}

async function commitBatch(
  tx: Tx,
  job: store.ImportJobRow,
  runner: string,
  batch: ImportBatch,
  isLast: boolean,
  before: { committed: Promise<void>; batch: ImportBatch | null },
): Promise<void> {
  let staged = await stageBatch(tx, batch);
  await before.committed;
  // Matching could not see what the batch before wrote; only its own emails and phones can differ.
  if (overlapsBatchBefore(batch, before)) staged = await rematchBatch(tx, batch);
  if (!(await store.lockOwnedJob(tx, job.id, runner))) throw new LostOwnership();
  const outcome = await writeBatch(tx, batch, staged, (adding) => assertContactCapacity(tx, adding));
  await createBatchDeals(tx, batch);
  await recordFailedRows(tx, job.id, outcome.failed);
  await store.addProgress(tx, job.id, {
    processed: batch.rowCount,
    successful: batch.rowCount - outcome.failed.length,
    failed: outcome.failed.length,
    created: outcome.created,
    // Every successful row either created a contact or updated one: a row merged into an earlier
    // row of the same file (same email or phone) counts as an update, as it would in a later file.
    updated: batch.rowCount - outcome.failed.length - outcome.created,
  });
  if (!isLast) return;
  const done = await store.completeImportJob(tx, job.id);
  await deleteStoredFile(tx, job.id);
  await recordActivity(
    tx,
    'contact_added',
    serverMessage('activity.contactsImported', {
      file: done.filename,
      created: done.createdContacts,
      updated: done.updatedContacts,
      failed: done.failedImports,
    }),
  );
}

/** Rows with deal columns become deals of the contacts they were written as (the deals service decides the rest). */
async function createBatchDeals(tx: Tx, batch: ImportBatch): Promise<void> {
  const withDeals = batch.staged.flatMap((s, ord) => (s.contact.deal ? [{ ord, deal: s.contact.deal }] : []));
  if (withDeals.length === 0) return;
  const contactIds = await contactIdsOfStaged(
    tx,
    withDeals.map((d) => d.ord),
  );
  await createDealsFromImport(
    tx,
    withDeals.flatMap(({ ord, deal }) => {
      const contactId = contactIds.get(ord);
      return contactId ? [{ contactId, ...deal }] : [];
    }),
  );
}

/**
 * Refuses, before anything is written, an import that would take the workspace past its plan's
 * contact limit. Only needed when the file has more rows than there is room: then the file is read
 * once to count the contacts it would add (rows matching existing contacts or each other add none),
 * stopping as soon as they exceed the room. Each batch checks again as it writes, for contacts
 * added by others meanwhile.
 */
async function assertFitsPlan(deps: AppDeps, job: store.ImportJobRow): Promise<void> {
  const room = await deps.database.withWorkspace(job.workspaceId, async (tx) => {
    const planId = await store.readWorkspacePlanId(tx);
    if (!planId || !planIds.includes(planId as PlanId)) return null;
    const limit = planById(planId as PlanId).limits.contacts;
    if (limit === null) return null;
    return limit - (await countContactsByStatus(tx)).total;
  });
  if (room === null || job.totalRows <= room) return;
  const newEmails = new Set<string>();
  const newPhones = new Set<string>();
  let adding = 0;
  for await (const { batch } of batchesAfter(deps, job)) {
    const emails = batch.staged.flatMap((s) => (s.contact.email ? [s.contact.email] : []));
    const phones = batch.staged.flatMap((s) => (s.contact.phone ? [s.contact.phone] : []));
    const existing = await deps.database.withWorkspace(job.workspaceId, (tx) =>
      store.existingIdentities(tx, emails, phones),
    );
    for (const { contact } of batch.staged) {
      const { email, phone } = contact;
      if (
        (email && (existing.emails.has(email) || newEmails.has(email))) ||
        (phone && (existing.phones.has(phone) || newPhones.has(phone)))
      ) {
        continue;
      }
      adding += 1;
      if (email) newEmails.add(email);
      if (phone) newPhones.add(phone);
    }
    if (adding > room) break;
  }
  await deps.database.withWorkspace(job.workspaceId, (tx) => assertContactCapacity(tx, adding));
}

/**
 * Jobs left 'processing' by a server that stopped (or never got to them) are queued again when
 * workers start; a job whose run is still alive elsewhere is skipped by that run's advisory lock.
 */
export async function resumeUnfinishedImports(deps: AppDeps): Promise<number> {
  const jobs = await store.listUnfinishedJobs(deps.database.db);
  for (const job of jobs)
    await deps.queue.send(importJobName, { workspaceId: job.workspaceId, jobId: job.id });
  return jobs.length;
}
