import { AppError } from '@domain/app-error';
import type { WebsiteFilter } from '@domain/ids';
import { serverMessage } from '@domain/messages';
import type { searchConsoleConnectSchema, searchConsoleStatusSchema } from '@domain/seo/seo-schemas';
import type { z } from 'zod';
import type { Tx } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import type { Queue } from '../../jobs/queue.js';
import {
  allLatestSiteCrawls,
  type CrawlAudit,
  isBrokenUrl,
  latestSiteCrawl,
  parseHtmlPage,
} from '../crawls/index.js';
import { type RestoredIds, reseal, seal } from '../email/index.js';
import { findWebsiteRow, listWebsiteRows } from '../websites/index.js';
import { isRsaPrivateKey } from './search-console.js';
import {
  defaultProperty,
  privateKeyContext,
  privateKeyPurpose,
  queueSearchConsoleSync,
} from './search-console-sync.js';
import {
  auditPage,
  auditSite,
  type CheckResult,
  overallScore,
  type PageCheckId,
  scoreOf,
  siteScore,
} from './seo-audit.js';
import * as store from './store.js';

/** How the crawler scores pages and sites, and re-measures ranks once a full crawl has found new pages. */
export const seoCrawlAudit: CrawlAudit = {
  auditPage(url, page, keyphrase) {
    const checks = auditPage(url, page, keyphrase);
    return { checks, score: scoreOf(checks) };
  },
  scoreSite(facts) {
    const checks = auditSite(facts);
    return facts.pageScores.length > 0 ? siteScore(facts.pageScores, checks) : null;
  },
  async afterFullCrawl(tx: Tx, deps: AppDeps, workspaceId: number) {
    if (await store.findSearchConsoleConnection(tx))
      await queueSearchConsoleSync(deps.queue, workspaceId, tx);
  },
};

/**
 * The content tab's SEO Performance card: overall and per-site scores, and the target keywords; with
 * `websiteId`, of that website alone (its overall score is its own; 404 for a website the workspace does not
 * have).
 */
export async function seoPerformance(tx: Tx, filter: WebsiteFilter = {}) {
  const sites =
    filter.websiteId === undefined ? await allLatestSiteCrawls(tx) : [await oneSite(tx, filter.websiteId)];
  const ranks = await store.listRanks(tx);
  const consoleSites = await store.listSearchConsoleSites(tx);
  const perSite = sites.map((site) => {
    const pages = site.urls.filter((u) => u.internal && u.seoScore !== null);
    // Pages only: images and stylesheets the crawler checked are not pages of the audit.
    const fetched = site.urls.filter((u) => u.internal && !u.resource && u.state === 'done');
    const checks = site.crawl
      ? auditSite({
          robotsStatus: site.crawl.robotsStatus,
          sitemapFound: site.crawl.sitemapUrls !== null,
          internalUrls: fetched.length,
          internalErrors: fetched.filter(isBrokenUrl).length,
          pageScores: [],
        })
      : [];
    const failing = new Map<PageCheckId, number>();
    for (const page of pages)
      for (const check of (page.seo ?? []) as CheckResult<PageCheckId>[])
        if (!check.passed) failing.set(check.id, (failing.get(check.id) ?? 0) + 1);
    const consoleSite = consoleSites.find((c) => c.websiteId === site.website.id);
    return {
      websiteId: site.website.id,
      name: site.website.name,
      domain: site.website.domain,
      score: site.crawl?.seoScore ?? null,
      pages: pages.length,
      crawledAt: site.crawl?.finishedAt?.toISOString() ?? null,
      siteChecks: checks,
      failingChecks: [...failing]
        .map(([id, pagesFailing]) => ({ id, pages: pagesFailing }))
        .sort((a, b) => b.pages - a.pages),
      keywords: site.settings.keywords.map((k) => {
        const page = pages.find((u) => new URL(u.url).pathname === k.path);
        const rank = ranks.find(
          (r) => r.websiteId === site.website.id && r.path === k.path && r.keyword === k.keyword,
        );
        return {
          keyword: k.keyword,
          path: k.path,
          url: page?.url ?? null,
          pageScore: page?.seoScore ?? null,
          rank: rank
            ? {
                position: rank.position,
                clicks: rank.clicks,
                impressions: rank.impressions,
                measuredOn: rank.measuredOn,
              }
            : null,
        };
      }),
      rankError: consoleSite?.error ?? null,
      rankErrorMessage: consoleSite?.errorMessage ?? null,
    };
  });
  const rankMeasured = perSite.some((site) => site.keywords.some((k) => k.rank !== null));
  return {
    overallScore: overallScore(
      perSite.flatMap((s) => (s.score === null ? [] : [{ score: s.score, pages: s.pages }])),
    ),
    // Without a Search Console connection (or before its first answer) the card says rank is not measured.
    rankMeasured,
    sites: perSite,
  };
}

async function oneSite(tx: Tx, websiteId: number) {
  const website = await findWebsiteRow(tx, websiteId);
  if (!website) throw new AppError('not_found', serverMessage('websites.notFound'));
  return latestSiteCrawl(tx, website);
}

/** The Search Console connection as the browser sees it: the account, whether a key is set, each site's sync. */
export async function searchConsoleStatus(tx: Tx): Promise<z.infer<typeof searchConsoleStatusSchema>> {
  const connection = await store.findSearchConsoleConnection(tx);
  const sites = connection ? await store.listSearchConsoleSites(tx) : [];
  return {
    connected: connection !== null,
    clientEmail: connection?.clientEmail ?? null,
    privateKeySet: connection !== null,
    connectedAt: connection?.connectedAt.toISOString() ?? null,
    sites: sites.map((site) => ({
      websiteId: site.websiteId,
      property: site.property,
      status: site.status,
      error: site.error,
      errorMessage: site.errorMessage,
      syncedAt: site.syncedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Connects the workspace's Google service account (its private key sealed, never returned) and sets each
 * website's property; the first sync is queued in the same transaction.
 */
export async function connectSearchConsole(
  tx: Tx,
  deps: { queue: Queue; secretKey: string; workspaceId: number },
  input: z.infer<typeof searchConsoleConnectSchema>,
) {
  const { client_email: clientEmail, private_key: privateKey } = input.serviceAccountKey;
  if (!isRsaPrivateKey(privateKey)) {
    const message = serverMessage('siteHealth.searchConsoleKeyNotRsa');
    throw new AppError('bad_request', message, {
      issues: [{ path: 'serviceAccountKey.private_key', message: message.text }],
    });
  }
  const websites = await listWebsiteRows(tx);
  for (const given of input.properties)
    if (!websites.some((w) => w.id === given.websiteId) && !(await findWebsiteRow(tx, given.websiteId)))
      throw new AppError('not_found', serverMessage('websites.notFound'));
  await store.saveSearchConsoleConnection(tx, {
    clientEmail,
    sealedPrivateKey: seal(
      deps.secretKey,
      privateKeyPurpose,
      privateKey,
      privateKeyContext(deps.workspaceId, clientEmail),
    ),
  });
  for (const website of websites) {
    const given = input.properties.find((p) => p.websiteId === website.id);
    await store.upsertSearchConsoleSite(tx, website.id, given?.property ?? defaultProperty(website.domain));
  }
  await queueSearchConsoleSync(deps.queue, deps.workspaceId, tx);
  return searchConsoleStatus(tx);
}

export async function disconnectSearchConsole(tx: Tx) {
  await store.deleteSearchConsole(tx);
  return searchConsoleStatus(tx);
}

/**
 * The on-page SEO checks (issue 13 §2) of a page that is not crawled yet: the content studio checks its
 * drafts with the same rules the crawler applies to live pages.
 */
export function auditDraftPage(
  url: string,
  html: string,
  keyphrase: string | null,
): CheckResult<PageCheckId>[] {
  return auditPage(url, parseHtmlPage(html), keyphrase);
}

/** After a restore: the service account's key was sealed for the backup's workspace id. */
export async function resealSearchConsoleAfterRestore(
  tx: Tx,
  secretKey: string,
  ids: RestoredIds,
): Promise<void> {
  const connection = await store.findSearchConsoleConnection(tx);
  if (!connection) return;
  const sealed = reseal(
    secretKey,
    privateKeyPurpose,
    connection.sealedPrivateKey,
    privateKeyContext(ids.sourceWorkspaceId, connection.clientEmail),
    privateKeyContext(ids.newWorkspaceId, connection.clientEmail),
  );
  if (sealed) await store.setSearchConsoleSealedKey(tx, sealed);
}
