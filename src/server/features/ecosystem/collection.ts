import { randomUUID } from 'node:crypto';
import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import type { Tx } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import type { JobDefinition } from '../../jobs/queue.js';
import { recordActivity } from '../activities/service.js';
import { assertContactCapacity } from '../contacts/service.js';
import {
  batchRows,
  hasIdentityColumn,
  ImportBatch,
  maxImportRows,
  stageBatch,
  writeBatch,
} from '../imports/service.js';
import {
  type AppFetcher,
  createAppFetcher,
  EndpointDataError,
  endpointItems,
  failureReason,
  mappingFor,
} from './app-data.js';
import * as runs from './collection-store.js';
import { openAuthHeader } from './service.js';
import * as store from './store.js';

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
  let app: store.AppRow | null = null;
  if (appName !== null) {
    app = await store.findAppRowByName(tx, appName);
    if (!app) throw AppError.badRequest('appName', serverMessage('ecosystem.appNotFound'));
  }
  const endpoints = await store.listEndpointRows(tx, app?.id);
  if (endpoints.length === 0) throw AppError.badRequest('appName', serverMessage('ecosystem.noEndpoints'));
  const runId = await runs.insertRun(
    tx,
    { appId: app?.id ?? null, appName: app?.name ?? null, createdBy: actorUserId },
    endpoints.map((e) => ({ id: e.id, appName: e.appName, name: e.name })),
  );
  await queueRun(deps, workspaceId, runId, tx);
  return runView(tx, runId);
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
  const fetcher = createAppFetcher(deps.config);
  try {
    const results = await database.withWorkspace(workspaceId, (tx) => runs.listResults(tx, runId));
    for (const result of results) {
      if (result.status === 'completed' || result.status === 'failed') continue;
      await collectEndpoint(deps, fetcher, workspaceId, runId, runner, result);
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
    if (error instanceof LostOwnership) return;
    throw error; // pg-boss retries; the checkpoints make that safe
  } finally {
    await fetcher.close();
  }
}

async function collectEndpoint(
  deps: AppDeps,
  fetcher: AppFetcher,
  workspaceId: number,
  runId: number,
  runner: string,
  result: runs.ResultRow,
): Promise<void> {
  const { database } = deps;
  const endpoint =
    result.endpointId === null
      ? null
      : await database.withWorkspace(workspaceId, (tx) =>
          runs.endpointForResult(tx, result.endpointId as number),
        );
  const commit = (batch: ImportBatch, done: boolean) =>
    database.withWorkspace(workspaceId, async (tx) => {
      const staged = await stageBatch(tx, batch, { source: result.appName });
      if (!(await runs.lockOwnedRun(tx, runId, runner))) throw new LostOwnership();
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
  try {
    if (!endpoint) throw new EndpointDataError(serverMessage('ecosystem.endpointRemoved'));
    const header = openAuthHeader(deps.config.secretKey, endpoint);
    let batch: ImportBatch | null = null;
    let mapping: ReturnType<typeof mappingFor> | null = null;
    let rowNumber = 0;
    for await (const item of endpointItems(fetcher, endpoint.url, endpoint.format, header)) {
      if (mapping === null) {
        mapping = mappingFor('fields' in item ? item.fields : [], endpoint.fieldMapping);
        for (const deal of ['dealName', 'dealValue', 'dealStage'] as const) delete mapping.columns[deal];
        if (!hasIdentityColumn(mapping))
          throw new EndpointDataError(serverMessage('ecosystem.noIdentityField'));
        batch = new ImportBatch(mapping);
        continue;
      }
      rowNumber += 1;
      if (rowNumber <= result.processedRows) continue;
      if (rowNumber > maxImportRows)
        throw new EndpointDataError(serverMessage('ecosystem.tooManyRows', { rows: maxImportRows }));
      (batch as ImportBatch).add(item, rowNumber);
      if ((batch as ImportBatch).rowCount >= batchRows) {
        await commit(batch as ImportBatch, false);
        batch = new ImportBatch(mapping);
      }
    }
    await commit(batch ?? new ImportBatch({ columns: {}, ignored: [] }), true);
  } catch (error) {
    if (error instanceof LostOwnership) throw error;
    // The endpoint's own failure (network, answer, plan limit) is its result; ours is retried.
    if (!(error instanceof AppError) && !(error instanceof EndpointDataError)) throw error;
    await database.withWorkspace(workspaceId, async (tx) => {
      if (!(await runs.lockOwnedRun(tx, runId, runner))) throw new LostOwnership();
      await runs.failResult(tx, result.id, failureReason(error));
    });
  }
}
