import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import type { AppDeps } from '../../deps.js';
import type { JobDefinition } from '../../jobs/queue.js';
import { markSyncFailed, processSyncJobName, processSyncRecord } from './service.js';
import * as store from './store.js';

async function processSync(data: { workspaceId: number; recordId: number }, deps: AppDeps) {
  try {
    await deps.database.withWorkspace(data.workspaceId, (tx) => processSyncRecord(tx, data.recordId));
  } catch (error) {
    deps.log.error({ err: error, recordId: data.recordId }, 'phone sync processing failed');
    const message = AppError.storedLine(error, serverMessage('phoneSync.processingFailed'));
    await deps.database.withWorkspace(data.workspaceId, (tx) => markSyncFailed(tx, data.recordId, message));
    // A rule the data broke (e.g. the plan's contact limit) will break again; anything else may be transient.
    if (!(error instanceof AppError)) throw error;
  }
}

/** Syncs stored but not processed: their job may have died with the process that ran it. */
async function requeueUnfinishedSyncs(deps: AppDeps): Promise<number> {
  const records = await deps.database.withPlatform((tx) => store.unfinishedRecordsEverywhere(tx));
  for (const record of records) await deps.queue.send(processSyncJobName, record);
  return records.length;
}

export const phoneSyncJobs: JobDefinition[] = [
  {
    name: processSyncJobName,
    concurrency: 2,
    handler: processSync as JobDefinition['handler'],
    recover: requeueUnfinishedSyncs,
  },
];
