import { type AppDeps, now } from '../../deps.js';
import type { JobDefinition } from '../../jobs/queue.js';
import {
  decideAbTest,
  decideAbTestJobName,
  recheckHeldCampaigns,
  recheckHeldJobName,
  runCampaignSend,
  sendCampaignJobName,
  startDueCampaign,
} from './service.js';
import * as store from './store.js';

type CampaignJob = { workspaceId: number; campaignId: number };

/** Campaigns a stopped server left sending: their job may have died with it. */
async function requeueSendingCampaigns(deps: AppDeps): Promise<number> {
  const campaigns = await deps.database.withPlatform((tx) => store.sendingCampaignsEverywhere(tx));
  for (const c of campaigns) await deps.queue.send(sendCampaignJobName, c);
  return campaigns.length;
}

/**
 * The minute sweep: starts scheduled campaigns whose time has come and decides A/B tests whose wait
 * is over (by the app's clock: a safety net under each test's scheduled job, and what moves a
 * controlled clock's tests along).
 */
export async function startDueCampaigns(deps: AppDeps): Promise<void> {
  const at = now(deps);
  const due = await deps.database.withPlatform((tx) => store.dueCampaignsEverywhere(tx, at));
  for (const c of due) await startDueCampaign(deps, c.workspaceId, c.campaignId);
  const tests = await deps.database.withPlatform((tx) => store.dueAbTestsEverywhere(tx, at));
  for (const c of tests) await decideAbTest(deps, c.workspaceId, c.campaignId);
}

export const marketingJobs: JobDefinition[] = [
  {
    name: sendCampaignJobName,
    concurrency: 2,
    memoryHeavy: true,
    retryLimit: 3,
    handler: ((data: CampaignJob, deps: AppDeps) =>
      runCampaignSend(deps, data.workspaceId, data.campaignId)) as JobDefinition['handler'],
    recover: requeueSendingCampaigns,
  },
  {
    name: decideAbTestJobName,
    retryLimit: 3,
    handler: ((data: CampaignJob, deps: AppDeps) =>
      decideAbTest(deps, data.workspaceId, data.campaignId)) as JobDefinition['handler'],
  },
  {
    name: recheckHeldJobName,
    retryLimit: 2,
    handler: ((data: { workspaceId: number }, deps: AppDeps) =>
      recheckHeldCampaigns(deps, data.workspaceId)) as JobDefinition['handler'],
  },
  {
    name: 'marketing.start-due',
    cron: '* * * * *',
    retryLimit: 0,
    handler: (_data, deps) => startDueCampaigns(deps),
  },
];
