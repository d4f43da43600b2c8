import type { AppDeps } from '../../deps.js';
import type { JobDefinition } from '../../jobs/queue.js';
import { heldWorkspaceIds } from '../../jobs/workspace-hold.js';
import type { CrawlAudit } from './crawl-audit.js';
import { type CrawlJobData, crawlJobName, runCrawlJob } from './crawler.js';
import { startCrawl } from './service.js';
import * as store from './store.js';
import { ownOrigin } from './urls.js';

/** A website is crawled again once its last full crawl is this old (weekly by default, issue 13 §1). */
const crawlEveryDays = 7;

/** Crawls a stopped server left queued or running: their job may have died with the process. */
async function requeueUnfinishedCrawls(deps: AppDeps): Promise<number> {
  const crawls = await deps.database.withPlatform((tx) => store.unfinishedCrawlsEverywhere(tx));
  for (const crawl of crawls)
    await deps.queue.send<CrawlJobData>(crawlJobName, {
      workspaceId: crawl.workspaceId,
      crawlId: crawl.crawlId,
    });
  return crawls.length;
}

/**
 * Starts a scheduled crawl of every website not crawled in the last week (never crawled included), but
 * in a restored workspace nobody has started yet.
 */
export async function scheduleDueCrawls(deps: AppDeps, now = new Date()): Promise<number> {
  const dueBefore = now.getTime() - crawlEveryDays * 86_400_000;
  const held = await heldWorkspaceIds(deps.database.db);
  let started = 0;
  for (const { workspaceId, websiteId } of await store.allWebsitesEverywhere(deps.database.db)) {
    if (held.has(workspaceId)) continue;
    await deps.database.withWorkspace(workspaceId, async (tx) => {
      const [latest] = await store.listCrawls(tx, websiteId, { kind: 'full', limit: 1 });
      if (latest && latest.createdAt.getTime() > dueBefore) return;
      await startCrawl(tx, { queue: deps.queue, origin: ownOrigin(deps.config) }, websiteId, 'scheduled');
      started += 1;
    });
  }
  return started;
}

/** The crawl queue's job (its pages scored by `audit`) and the weekly schedule. */
export function crawlJobs(audit: CrawlAudit): JobDefinition[] {
  return [
    {
      name: crawlJobName,
      // Crawls of different websites run side by side; each host's politeness is kept within a crawl.
      concurrency: 2,
      memoryHeavy: true,
      handler: (data, deps) => runCrawlJob(data as CrawlJobData, deps, audit),
      recover: requeueUnfinishedCrawls,
    },
    {
      name: 'site-crawl-schedule',
      cron: '23 * * * *',
      handler: async (_data, deps) => {
        await scheduleDueCrawls(deps);
      },
    },
  ];
}
