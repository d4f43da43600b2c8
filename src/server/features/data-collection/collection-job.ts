import { randomUUID } from 'node:crypto';
import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import type { Tx } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import type { JobDefinition } from '../../jobs/queue.js';
import { recordActivity } from '../activities/index.js';
import { assertContactCapacity } from '../contacts/index.js';
import * as ecosystem from '../ecosystem/index.js';
import {
  batchRows,
  type ColumnMapping,
  hasIdentityColumn,
  ImportBatch,
  maxImportRows,
  rematchBatch,
  stageBatch,
  writeBatch,
} from '../imports/index.js';
import * as runs from './store.js';

export const collectJobName = 'ecosystem-collect';

interface CollectJobData {
  workspaceId: number;
  runId: number;
}

class LostOwnership extends Error {}

export const collectJobDefinition: JobDefinition<CollectJobData> = {
  name: collectJobName,
  concurrency: 1,
  handler: (data, deps) => runCollection(deps, data),
  recover: async (deps) => {
    const unfinished = await runs.listUnfinishedRuns(deps.database.db);
    for (const run of unfinished) await queueRun(deps, run.workspaceId, run.id);
    return unfinished.length;
  },
};

function queueRun(deps: Pick<AppDeps, 'queue'>, workspaceId: number, runId: number, tx?: Tx) {
  return deps.queue.send(collectJobName, { workspaceId, runId }, { singletonKey: `run-${runId}`, tx });
}

/** Queues a collection from one app's endpoints (`appName`) or from every app's; the job does the fetching. */
export async function startCollection(
  deps: Pick<AppDeps, 'queue'>,
  tx: Tx,
  workspaceId: number,
  actorUserId: number,
  appName: string | null,
) {
  let app: ecosystem.AppRow | null = null;
  if (appName !== null) {
    app = await ecosystem.findAppRowByName(tx, appName);
    if (!app) throw AppError.badRequest('appName', serverMessage('ecosystem.appNotFound'));
  }
  const endpoints = await ecosystem.listEndpointRows(tx, app?.id);
  if (endpoints.length === 0) throw AppError.badRequest('appName', serverMessage('ecosystem.noEndpoints'));
  const runId = await runs.insertRun(
    tx,
    { appId: app?.id ?? null, appName: app?.name ?? null, createdBy: actorUserId },
    endpoints.map((e) => ({ id: e.id, appName: e.appName, name: e.name })),
  );
  await queueRun(deps, workspaceId, runId, tx);
  return runView(tx, runId);
}

/** After a restore (in its transaction, inside the new workspace): a collection it brought does not go on. */
export async function stopCollectionsAfterRestore(tx: Tx, at: Date): Promise<void> {
  await runs.failUnfinishedRuns(tx, serverMessage('backups.stoppedByRestore'), at);
}

/** A run as the tab shows it: real progress, the spec's totals, and each endpoint's result with reasons. */
export async function runView(tx: Tx, runId: number) {
  const run = await runs.findRun(tx, runId);
  if (!run) throw new AppError('not_found', serverMessage('ecosystem.runNotFound'));
  const results = await runs.listResults(tx, runId);
  const finished = results.filter((r) => r.status === 'completed' || r.status === 'failed').length;
  const created = results.reduce((n, r) => n + r.created, 0);
  const updated = results.reduce((n, r) => n + r.updated, 0);
  return {
    id: run.id,
    status: run.status,
    progress: results.length === 0 ? 100 : Math.floor((finished / results.length) * 100),
    totalApps: new Set(results.map((r) => r.appName)).size,
    totalContacts: created + updated,
    app: run.appName ? { name: run.appName } : null,
    integration: { integrated: created },
    error: run.error,
    createdAt: run.createdAt,
    finishedAt: run.finishedAt,
    results: results.map((r) => ({
      appName: r.appName,
      endpointName: r.endpointName,
      status: r.status,
      fetched: r.fetched,
      created: r.created,
      updated: r.updated,
      failed: r.failed,
      reason: r.reason,
      reasonMessage: r.reasonMessage,
      failures: r.failures,
    })),
  };
}

export async function latestRunView(tx: Tx) {
  const run = await runs.latestRun(tx);
  return run ? runView(tx, run.id) : null;
}

/**
 * Works a run's endpoints in order. Each batch commits its contacts with its result's counters under
 * the run's fencing token, so a run interrupted by a crash resumes at the row it stopped at and never
 * writes a batch twice; an endpoint that fails is recorded with its reason and the others go on.
 */
export async function runCollection(deps: AppDeps, { workspaceId, runId }: CollectJobData): Promise<void> {
  const { database } = deps;
  const runner = randomUUID();
  const run = await database.withWorkspace(workspaceId, (tx) => runs.claimRun(tx, runId, runner));
  if (!run) return;
  const fetcher = ecosystem.createAppFetcher(deps.config);
  const writer = new RunWriter(deps, workspaceId, runId, runner);
  try {
    const results = await database.withWorkspace(workspaceId, (tx) => runs.listResults(tx, runId));
    try {
      for (const result of results) {
        if (result.status === 'completed' || result.status === 'failed') continue;
        await readEndpoint(deps, fetcher, writer, { result, hasFailed: false });
      }
      await writer.drain();
    } finally {
      // Nothing this run launched may still write once it has ended (a retry starts from the checkpoints).
      await writer.settle();
    }
    await database.withWorkspace(workspaceId, async (tx) => {
      if (!(await runs.lockOwnedRun(tx, runId, runner))) return;
      await runs.finishRun(tx, runId, null);
      const view = await runView(tx, runId);
      await recordActivity(
        tx,
        'contact_added',
        serverMessage('activity.dataCollected', {
          endpoints: view.results.length,
          created: view.integration.integrated,
          updated: view.totalContacts - view.integration.integrated,
        }),
      );
    });
  } catch (error) {
    if ((writer.fatal ?? error) instanceof LostOwnership) return;
    throw writer.fatal ?? error; // pg-boss retries; the checkpoints make that safe
  } finally {
    await fetcher.close();
  }
}

interface EndpointState {
  result: runs.ResultRow;
  /** Its failure is recorded: none of its later batches is written. */
  hasFailed: boolean;
}

/** The endpoint's own failure (network, answer, plan limit) is its result; ours is retried. */
const isEndpointFailure = (error: unknown) =>
  error instanceof AppError || error instanceof ecosystem.EndpointDataError;

/**
 * The run's writes, one at a time, in the order the endpoints and their rows come, the way the import
 * writes a file: while one batch writes, the next is staged and matched (reads only, so it never holds
 * a lock the writer waits for) and the one after is fetched and parsed. Most endpoints fit in one
 * batch, so the overlap spans endpoints: the next app's rows are read while the last app's commit.
 * Each batch writes only after the one before committed, so a result's `processedRows` checkpoint
 * advances in row order, an endpoint is done (or failed) before the next one writes, and a resumed
 * run skips exactly what was written.
 */
class RunWriter {
  /** The first error no endpoint owns (lost ownership, the database): every later write is refused. */
  fatal: unknown = undefined;
  private older: Promise<void> = Promise.resolve();
  private newest: Promise<void> = Promise.resolve();
  /** The batch of `newest`, if it is one: what the next batch's matching may not have seen. */
  private newestBatch: ImportBatch | null = null;

  constructor(
    private readonly deps: AppDeps,
    readonly workspaceId: number,
    private readonly runId: number,
    private readonly runner: string,
  ) {}

  /** Queues a batch once at most one write is ahead of it; `done` completes its result. */
  async write(endpoint: EndpointState, batch: ImportBatch, done: boolean): Promise<void> {
    await this.older;
    this.push(
      this.commitBatch(endpoint, batch, done, { settled: this.newest, batch: this.newestBatch }),
      batch,
    );
  }

  /** Queues the endpoint's failure after the batches of it already queued. */
  async fail(endpoint: EndpointState, error: unknown): Promise<void> {
    await this.older;
    this.push(this.recordFailure(endpoint, error, this.newest), null);
  }

  /** Resolves when everything queued is written; rejects with the first fatal error. */
  async drain(): Promise<void> {
    await this.older;
    await this.newest;
  }

  async settle(): Promise<void> {
    await Promise.allSettled([this.older, this.newest]);
  }

  private push(step: Promise<void>, batch: ImportBatch | null): void {
    const watched = step.catch((error: unknown) => {
      this.fatal ??= error;
      throw error;
    });
    watched.catch(() => {}); // awaited by the next write or drain; this only keeps it from being "unhandled"
    this.older = this.newest;
    this.newest = watched;
    this.newestBatch = batch;
  }

  private async commitBatch(
    endpoint: EndpointState,
    batch: ImportBatch,
    done: boolean,
    before: { settled: Promise<void>; batch: ImportBatch | null },
  ): Promise<void> {
    const { result } = endpoint;
    try {
      await this.deps.database.withWorkspace(this.workspaceId, async (tx) => {
        let staged = await stageBatch(tx, batch, { source: result.appName });
        await before.settled;
        if (endpoint.hasFailed) return;
        // Matching could not see what the batch before wrote; only its own emails and phones can differ.
        if (before.batch && batch.sharesIdentityWith(before.batch)) staged = await rematchBatch(tx, batch);
        if (!(await runs.lockOwnedRun(tx, this.runId, this.runner))) throw new LostOwnership();
        const outcome = await writeBatch(tx, batch, staged, (adding) => assertContactCapacity(tx, adding));
        await runs.addResultProgress(
          tx,
          result.id,
          {
            processed: batch.rowCount,
            created: outcome.created,
            updated: outcome.updated,
            failed: outcome.failed.length,
            failures: outcome.failed.map((f) => ({ row: f.rowNumber, reason: f.reason })),
          },
          done,
        );
      });
    } catch (error) {
      await before.settled; // a fatal error ahead of this batch is the one that stops the run
      if (!isEndpointFailure(error)) throw error;
      await this.recordFailure(endpoint, error, before.settled);
    }
  }

  private async recordFailure(endpoint: EndpointState, error: unknown, before: Promise<void>): Promise<void> {
    await before;
    if (endpoint.hasFailed) return;
    endpoint.hasFailed = true;
    await this.deps.database.withWorkspace(this.workspaceId, async (tx) => {
      if (!(await runs.lockOwnedRun(tx, this.runId, this.runner))) throw new LostOwnership();
      await runs.failResult(tx, endpoint.result.id, ecosystem.failureReason(error));
    });
  }
}

/** Reads one endpoint's rows after its checkpoint and queues them, in batches, on the run's writer. */
async function readEndpoint(
  deps: AppDeps,
  fetcher: ecosystem.AppFetcher,
  writer: RunWriter,
  state: EndpointState,
): Promise<void> {
  const { result } = state;
  try {
    const endpoint =
      result.endpointId === null
        ? null
        : await deps.database.withWorkspace(writer.workspaceId, (tx) =>
            runs.endpointForResult(tx, result.endpointId as number),
          );
    if (!endpoint) throw new ecosystem.EndpointDataError(serverMessage('ecosystem.endpointRemoved'));
    const header = ecosystem.openAuthHeader(deps.config.secretKey, endpoint);
    // The last batch is known only when the endpoint's rows end, so each is queued when the next arrives.
    let pending: ImportBatch | null = null;
    for await (const batch of endpointBatches(fetcher, endpoint, header, result.processedRows)) {
      if (state.hasFailed) return; // a write of it failed: the rest is not read
      if (pending) await writer.write(state, pending, false);
      pending = batch;
    }
    if (pending) await writer.write(state, pending, true);
  } catch (error) {
    if (writer.fatal !== undefined || !isEndpointFailure(error)) throw error;
    await writer.fail(state, error);
  }
}

/** The endpoint's rows after the checkpoint, in batches; the last one (possibly empty) completes the result. */
async function* endpointBatches(
  fetcher: ecosystem.AppFetcher,
  endpoint: NonNullable<Awaited<ReturnType<typeof runs.endpointForResult>>>,
  header: ReturnType<typeof ecosystem.openAuthHeader>,
  processedRows: number,
): AsyncGenerator<ImportBatch> {
  let mapping: ColumnMapping | null = null;
  let batch: ImportBatch | null = null;
  let rowNumber = 0;
  for await (const item of ecosystem.endpointItems(fetcher, endpoint.url, endpoint.format, header)) {
    if (mapping === null) {
      mapping = ecosystem.mappingFor('fields' in item ? item.fields : [], endpoint.fieldMapping);
      for (const deal of ['dealName', 'dealValue', 'dealStage'] as const) delete mapping.columns[deal];
      if (!hasIdentityColumn(mapping))
        throw new ecosystem.EndpointDataError(serverMessage('ecosystem.noIdentityField'));
      batch = new ImportBatch(mapping);
      continue;
    }
    rowNumber += 1;
    if (rowNumber <= processedRows) continue;
    if (rowNumber > maxImportRows)
      throw new ecosystem.EndpointDataError(serverMessage('ecosystem.tooManyRows', { rows: maxImportRows }));
    (batch as ImportBatch).add(item, rowNumber);
    if ((batch as ImportBatch).rowCount >= batchRows) {
      yield batch as ImportBatch;
      batch = new ImportBatch(mapping);
    }
  }
  yield batch ?? new ImportBatch({ columns: {}, ignored: [] });
}
