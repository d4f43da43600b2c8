import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import type { AppDeps } from '../../deps.js';
import type { JobDefinition } from '../../jobs/queue.js';
import { heldWorkspaceIds } from '../../jobs/workspace-hold.js';
import { syncEmailAccount } from './imap-sync.js';
import { processEmailJob, processEmailJobName, syncAccountJobName } from './service.js';
import * as store from './store.js';

export const syncAllJobName = 'email.sync-all';

/** Records why processing failed on the job itself (shown with the error icon) instead of retrying forever. */
async function processEmail(data: { workspaceId: number; jobId: number }, deps: AppDeps) {
  try {
    await deps.database.withWorkspace(data.workspaceId, (tx) => processEmailJob(tx, data.jobId));
  } catch (error) {
    deps.log.error({ err: error, jobId: data.jobId }, 'email processing failed');
    const message = AppError.storedLine(error, serverMessage('email.processingFailed'));
    await deps.database.withWorkspace(data.workspaceId, (tx) => store.failEmailJob(tx, data.jobId, message));
  }
}

/**
 * Fans the periodic tick out to one sync job per active mailbox (one at a time per mailbox), but those of
 * a restored workspace nobody has started yet.
 */
async function syncAll(_data: object, deps: AppDeps) {
  const held = await heldWorkspaceIds(deps.database.db);
  const accounts = await deps.database.withPlatform((tx) => store.activeAccountsEverywhere(tx));
  for (const a of accounts.filter((account) => !held.has(account.workspaceId))) {
    await deps.queue.send(syncAccountJobName, a, { singletonKey: `email-sync-${a.accountId}` });
  }
}

/** Emails recorded but not processed: their job may have died with the process that ran it. */
async function requeueUnfinishedEmails(deps: AppDeps): Promise<number> {
  const jobs = await deps.database.withPlatform((tx) => store.unfinishedEmailJobsEverywhere(tx));
  for (const job of jobs) await deps.queue.send(processEmailJobName, job);
  return jobs.length;
}

export const emailJobs: JobDefinition[] = [
  {
    name: processEmailJobName,
    concurrency: 2,
    handler: processEmail as JobDefinition['handler'],
    recover: requeueUnfinishedEmails,
  },
  {
    name: syncAccountJobName,
    concurrency: 2,
    retryLimit: 0,
    handler: ((data: { workspaceId: number; accountId: number }, deps: AppDeps) =>
      syncEmailAccount(deps, data.workspaceId, data.accountId)) as JobDefinition['handler'],
  },
  { name: syncAllJobName, retryLimit: 0, handler: syncAll },
];
