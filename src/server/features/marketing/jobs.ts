import { type AppDeps, now } from '../../deps.js';
import type { JobDefinition } from '../../jobs/queue.js';
import { runCampaignSend, sendCampaignJobName, startDueCampaign } from './service.js';
import * as store from './store.js';

type CampaignJob = { workspaceId: number; campaignId: number };

/** Campaigns a stopped server left sending: their job may have died with it. */
async function requeueSendingCampaigns(deps: AppDeps): Promise<number> {
  const campaigns = await deps.database.db.transaction((tx) => store.sendingCampaignsEverywhere(tx));
  for (const c of campaigns) await deps.queue.send(sendCampaignJobName, c);
  return campaigns.length;
}

/** Starts scheduled campaigns whose time has come (by the app's clock). */
export async function startDueCampaigns(deps: AppDeps): Promise<void> {
  const due = await deps.database.db.transaction((tx) => store.dueCampaignsEverywhere(tx, now(deps)));
  for (const c of due) await startDueCampaign(deps, c.workspaceId, c.campaignId);
}

export const marketingJobs: JobDefinition[] = [
  {
    name: sendCampaignJobName,
    concurrency: 2,
    retryLimit: 3,
    handler: ((data: CampaignJob, deps: AppDeps) =>
      runCampaignSend(deps, data.workspaceId, data.campaignId)) as JobDefinition['handler'],
    recover: requeueSendingCampaigns,
  },
  {
    name: 'marketing.start-due',
    cron: '* * * * *',
    retryLimit: 0,
    handler: (_data, deps) => startDueCampaigns(deps),
  },
];
