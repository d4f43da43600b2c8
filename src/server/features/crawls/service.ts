import { AppError } from '@domain/app-error';
import type {
  CrawlComparison,
  CrawlProgress,
  ServerType,
  SiteHealthSettings,
  websiteHealthSchema,
} from '@domain/crawls/crawl-schemas';
import { serverMessage } from '@domain/messages';
import type { z } from 'zod';
import type { Tx } from '../../db/database.js';
import type { Queue } from '../../jobs/queue.js';
import { findWebsiteRow, listWebsiteRows, type WebsiteRow } from '../websites/index.js';
import { type CrawlJobData, crawlJobName } from './crawler.js';
import * as store from './store.js';
import { resolveStartUrl } from './urls.js';

const defaults: SiteHealthSettings = {
  startUrl: null,
  serverType: 'nginx',
  pageBudget: 500,
  maxDepth: 5,
  keywords: [],
};

function settingsOf(row: store.SettingsRow | null): SiteHealthSettings {
  if (!row) return defaults;
  return {
    startUrl: row.startUrl,
    serverType: row.serverType as ServerType,
    pageBudget: row.pageBudget,
    maxDepth: row.maxDepth,
    keywords: row.keywords,
  };
}

async function requireWebsite(tx: Tx, websiteId: number): Promise<WebsiteRow> {
  const website = await findWebsiteRow(tx, websiteId);
  if (!website) throw new AppError('not_found', serverMessage('websites.notFound'));
  return website;
}

export async function updateSettings(
  tx: Tx,
  websiteId: number,
  input: Partial<SiteHealthSettings>,
): Promise<SiteHealthSettings> {
  await requireWebsite(tx, websiteId);
  await store.upsertSettings(tx, websiteId, input);
  return settingsOf(await store.findSettings(tx, websiteId));
}

/** Each website's target keywords (the pages whose rank is measured), by website id. */
export async function listTargetKeywords(tx: Tx): Promise<Map<number, SiteHealthSettings['keywords']>> {
  return new Map((await store.listSettings(tx)).map((s) => [s.websiteId, s.keywords]));
}

/**
 * Queues a full crawl of the website, in this transaction (the crawl row and its job commit together);
 * a crawl already queued or running is returned instead of starting a second one.
 */
export async function startCrawl(
  tx: Tx,
  deps: { queue: Queue; origin: string },
  websiteId: number,
  trigger: 'manual' | 'scheduled',
): Promise<CrawlProgress> {
  const website = await requireWebsite(tx, websiteId);
  const running = await store.findUnfinishedCrawl(tx, websiteId, 'full');
  if (running) return crawlProgress(tx, running);
  const settings = settingsOf(await store.findSettings(tx, websiteId));
  const crawl = await store.insertCrawl(tx, {
    websiteId,
    kind: 'full',
    trigger,
    startUrl: resolveStartUrl(settings.startUrl, website.domain, deps.origin),
    pageBudget: settings.pageBudget,
    maxDepth: settings.maxDepth,
  });
  await deps.queue.send<CrawlJobData>(
    crawlJobName,
    { workspaceId: crawl.workspaceId, crawlId: crawl.id },
    { tx },
  );
  return crawlProgress(tx, crawl);
}

/**
 * Queues a crawl of just these URLs of a website (no links followed), in this transaction: what a
 * deployment's fixes answer now.
 */
export async function startVerifyCrawl(
  tx: Tx,
  queue: Queue,
  input: { websiteId: number; startUrl: string; deploymentId: number; urls: string[] },
): Promise<store.CrawlRow> {
  const crawl = await store.insertCrawl(tx, {
    websiteId: input.websiteId,
    kind: 'verify',
    trigger: 'deployment',
    startUrl: input.startUrl,
    pageBudget: input.urls.length * 4,
    maxDepth: 0,
    deploymentId: input.deploymentId,
  });
  await store.insertUrls(
    tx,
    crawl.id,
    input.urls.map((url) => ({ url, internal: true, depth: 0, state: 'queued' as const })),
  );
  await queue.send<CrawlJobData>(crawlJobName, { workspaceId: crawl.workspaceId, crawlId: crawl.id }, { tx });
  return crawl;
}

export async function crawlProgress(tx: Tx, crawl: store.CrawlRow): Promise<CrawlProgress> {
  const counts = await store.urlStateCounts(tx, crawl.id);
  return {
    id: crawl.id,
    websiteId: crawl.websiteId,
    kind: crawl.kind,
    trigger: crawl.trigger,
    status: crawl.status,
    startUrl: crawl.startUrl,
    pagesDone: counts.done,
    pagesQueued: counts.queued,
    pagesSkipped: counts.skipped,
    seoScore: crawl.seoScore,
    robotsStatus: crawl.robotsStatus,
    sitemapUrls: crawl.sitemapUrls,
    error: crawl.error,
    errorMessage: crawl.errorMessage,
    comparison: crawl.comparison as CrawlComparison | null,
    createdAt: crawl.createdAt.toISOString(),
    startedAt: crawl.startedAt?.toISOString() ?? null,
    finishedAt: crawl.finishedAt?.toISOString() ?? null,
  };
}

/** Every website with its crawl settings and its latest full crawl's progress. */
export async function listWebsiteHealth(tx: Tx): Promise<z.infer<typeof websiteHealthSchema>[]> {
  const websites = await listWebsiteRows(tx);
  const settings = new Map((await store.listSettings(tx)).map((s) => [s.websiteId, s]));
  return Promise.all(
    websites.map(async (w) => {
      const [latest] = await store.listCrawls(tx, w.id, { kind: 'full', limit: 1 });
      return {
        websiteId: w.id,
        name: w.name,
        domain: w.domain,
        settings: settingsOf(settings.get(w.id) ?? null),
        latestCrawl: latest ? await crawlProgress(tx, latest) : null,
      };
    }),
  );
}

export async function latestCrawlProgress(tx: Tx, websiteId: number): Promise<CrawlProgress | null> {
  await requireWebsite(tx, websiteId);
  const [latest] = await store.listCrawls(tx, websiteId, { kind: 'full', limit: 1 });
  return latest ? crawlProgress(tx, latest) : null;
}

/** A website with its settings and its latest finished full crawl (null before the first) and that crawl's URLs. */
export interface SiteCrawl {
  website: WebsiteRow;
  settings: SiteHealthSettings;
  crawl: store.CrawlRow | null;
  urls: store.UrlRow[];
}

async function siteCrawlOf(
  tx: Tx,
  website: WebsiteRow,
  settingsRow: store.SettingsRow | null,
): Promise<SiteCrawl> {
  const settings = settingsOf(settingsRow);
  const [crawl] = await store.listCrawls(tx, website.id, { kind: 'full', status: 'done', limit: 1 });
  if (!crawl) return { website, settings, crawl: null, urls: [] };
  return { website, settings, crawl, urls: await store.crawlUrls(tx, crawl.id) };
}

export async function latestSiteCrawl(tx: Tx, website: WebsiteRow): Promise<SiteCrawl> {
  return siteCrawlOf(tx, website, await store.findSettings(tx, website.id));
}

export async function allLatestSiteCrawls(tx: Tx): Promise<SiteCrawl[]> {
  const settings = new Map((await store.listSettings(tx)).map((s) => [s.websiteId, s]));
  const result: SiteCrawl[] = [];
  for (const website of await listWebsiteRows(tx))
    result.push(await siteCrawlOf(tx, website, settings.get(website.id) ?? null));
  return result;
}

/** The newest crawls of a website of one kind, newest first (status filter optional). */
export function listCrawls(
  tx: Tx,
  websiteId: number,
  options: { kind: 'full' | 'verify'; status?: store.CrawlRow['status']; limit: number },
): Promise<store.CrawlRow[]> {
  return store.listCrawls(tx, websiteId, options);
}

export function listCrawlUrls(tx: Tx, crawlId: number): Promise<store.UrlRow[]> {
  return store.crawlUrls(tx, crawlId);
}

export function listCrawlLinks(tx: Tx, crawlId: number): Promise<store.LinkRow[]> {
  return store.crawlLinks(tx, crawlId);
}

/** After a restore (in its transaction, inside the new workspace): a crawl it brought does not go on. */
export async function stopCrawlsAfterRestore(tx: Tx, at: Date): Promise<void> {
  await store.failUnfinishedCrawls(tx, serverMessage('backups.stoppedByRestore'), at);
}

/** What the latest crawls know of a URL: the status its redirects end at (null: no answer). */
export interface CrawledStatus {
  httpStatus: number | null;
  crawlId: number;
}

/**
 * The answers the workspace's latest finished full crawls recorded for these URLs (a redirect followed
 * through the crawl to where it ends); a URL no crawl fetched, or whose redirects leave it, is absent.
 */
export async function crawledStatuses(tx: Tx, urls: string[]): Promise<Map<string, CrawledStatus>> {
  const result = new Map<string, CrawledStatus>();
  let pending = new Map(urls.map((u) => [u, u]));
  const known = new Map<string, store.UrlRow>();
  // Each round fetches the rows of the URLs reached so far: a chain of n redirects costs n rounds.
  for (let hop = 0; hop <= 10 && pending.size > 0; hop++) {
    const wanted = [...new Set(pending.values())].filter((u) => !known.has(u));
    for (const row of await store.latestCrawledRows(tx, wanted))
      if (!known.has(row.url)) known.set(row.url, row);
    const next = new Map<string, string>();
    for (const [origin, at] of pending) {
      const row = known.get(at);
      if (!row) continue;
      if (row.location && row.error === null && row.httpStatus !== null && row.httpStatus < 400) {
        next.set(origin, row.location);
        continue;
      }
      result.set(origin, { httpStatus: row.httpStatus, crawlId: row.crawlId });
    }
    pending = next;
  }
  return result;
}
