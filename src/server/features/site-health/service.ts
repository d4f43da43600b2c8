import { AppError } from '@domain/app-error';
import type {
  CrawlComparison,
  CrawlProgress,
  ServerType,
  SiteHealthSettings,
  websiteHealthSchema,
} from '@domain/crawls/crawl-schemas';
import { type FixCategory, fixCategories } from '@domain/link-fixes/link-fix-schemas';
import { type MessageValues, type ServerMessageId, serverMessage } from '@domain/messages';
import type { searchConsoleConnectSchema, searchConsoleStatusSchema } from '@domain/seo/seo-schemas';
import type { z } from 'zod';
import type { Tx } from '../../db/database.js';
import type { Queue } from '../../jobs/queue.js';
import { type RestoredIds, reseal, seal } from '../email/service.js';
import {
  findWebsiteRow,
  findWebsiteRowByDomain,
  listWebsiteRows,
  type WebsiteRow,
} from '../websites/service.js';
import { type CrawlJobData, crawlJobName } from './crawler.js';
import { parseHtmlPage } from './html-page.js';
import { buildSiteFixes, followRedirects, isBrokenUrl, type LinkFix } from './link-fixes.js';
import { isRsaPrivateKey } from './search-console.js';
import {
  defaultProperty,
  privateKeyContext,
  privateKeyPurpose,
  queueSearchConsoleSync,
} from './search-console-sync.js';
import { auditPage, auditSite, type CheckResult, overallScore, type PageCheckId } from './seo-audit.js';
import { type Redirect, redirectSnippet, snippetFileNames } from './snippets.js';
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
  if (running) return progressOf(tx, running);
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
  return progressOf(tx, crawl);
}

async function progressOf(tx: Tx, crawl: store.CrawlRow): Promise<CrawlProgress> {
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
        latestCrawl: latest ? await progressOf(tx, latest) : null,
      };
    }),
  );
}

export async function latestCrawlProgress(tx: Tx, websiteId: number): Promise<CrawlProgress | null> {
  await requireWebsite(tx, websiteId);
  const [latest] = await store.listCrawls(tx, websiteId, { kind: 'full', limit: 1 });
  return latest ? progressOf(tx, latest) : null;
}

interface SiteFixes {
  website: WebsiteRow;
  settings: SiteHealthSettings;
  crawl: store.CrawlRow | null;
  fixes: LinkFix[];
  urls: store.UrlRow[];
}

async function siteFixes(
  tx: Tx,
  website: WebsiteRow,
  settingsRow: store.SettingsRow | null,
): Promise<SiteFixes> {
  const settings = settingsOf(settingsRow);
  const [crawl] = await store.listCrawls(tx, website.id, { kind: 'full', status: 'done', limit: 1 });
  if (!crawl) return { website, settings, crawl: null, fixes: [], urls: [] };
  const urls = await store.crawlUrls(tx, crawl.id);
  const fixes = buildSiteFixes(crawl.startUrl, urls, await store.crawlLinks(tx, crawl.id));
  return { website, settings, crawl, fixes, urls };
}

async function allSiteFixes(tx: Tx): Promise<SiteFixes[]> {
  const settings = new Map((await store.listSettings(tx)).map((s) => [s.websiteId, s]));
  const result: SiteFixes[] = [];
  for (const website of await listWebsiteRows(tx))
    result.push(await siteFixes(tx, website, settings.get(website.id) ?? null));
  return result;
}

/** The redirects a site can serve: its own broken URLs that have a proposed target. */
function redirectsOf(site: SiteFixes): Redirect[] {
  return site.fixes
    .filter((f) => f.internal && f.fixedUrl !== null)
    .map((f) => {
      const from = new URL(f.brokenUrl);
      const to = new URL(f.fixedUrl as string);
      return {
        from: from.pathname + from.search,
        to: to.host === from.host ? to.pathname + to.search : to.toString(),
      };
    });
}

interface Instruction {
  text: string;
  id: ServerMessageId;
  values: MessageValues;
}
const instruction = (id: ServerMessageId, values: MessageValues = {}): Instruction => ({
  text: serverMessage(id, values).text,
  id,
  values,
});

const serverInstruction: Record<ServerType, ServerMessageId> = {
  nginx: 'siteHealth.instructionNginx',
  apache: 'siteHealth.instructionApache',
  netlify: 'siteHealth.instructionNetlify',
  vercel: 'siteHealth.instructionVercel',
  cloudflare: 'siteHealth.instructionCloudflare',
  express: 'siteHealth.instructionExpress',
};

function instructionsFor(sites: SiteFixes[]): Instruction[] {
  const list: Instruction[] = [];
  for (const site of sites) {
    if (redirectsOf(site).length === 0) continue;
    const { domain } = site.website;
    list.push(
      instruction('siteHealth.instructionDownload', {
        file: snippetFileNames[site.settings.serverType],
        domain,
      }),
    );
    list.push(instruction(serverInstruction[site.settings.serverType], { domain }));
  }
  if (list.length > 0) list.push(instruction('siteHealth.instructionDeploy'));
  if (sites.some((s) => s.fixes.some((f) => !f.internal)))
    list.push(instruction('siteHealth.instructionEditLinks'));
  return list;
}

async function verificationOf(tx: Tx, deployment: store.DeploymentRow) {
  const [crawl] = (await store.listCrawls(tx, deployment.websiteId, { kind: 'verify', limit: 20 })).filter(
    (c) => c.deploymentId === deployment.id,
  );
  if (crawl?.status !== 'done') return { status: crawl?.status ?? 'queued', working: [], failing: [] };
  const byUrl = new Map((await store.crawlUrls(tx, crawl.id)).map((u) => [u.url, u]));
  const working: string[] = [];
  const failing: string[] = [];
  for (const fix of deployment.fixes) {
    const walk = followRedirects(fix.brokenUrl, byUrl);
    // Works: the broken URL now redirects straight to the fixed one, and that page answers.
    const ok = walk.chain[1] === fix.fixedUrl && walk.end?.url === fix.fixedUrl && !isBrokenUrl(walk.end);
    (ok ? working : failing).push(fix.brokenUrl);
  }
  return { status: 'done', working, failing };
}

/** The link-fix report of spec 001 §3, from each website's latest finished crawl. */
export async function linkFixReport(tx: Tx) {
  const sites = await allSiteFixes(tx);
  const fixes = sites.flatMap((s) => s.fixes.map((f) => ({ ...f, domain: s.website.domain })));
  const fixesByCategory = Object.fromEntries(fixCategories.map((c) => [c, 0])) as Record<FixCategory, number>;
  for (const fix of fixes) fixesByCategory[fix.category] += 1;
  const deploymentSnippets: Record<string, string> = {};
  const routerConfiguration: Record<string, string[]> = {};
  const domains = [];
  for (const site of sites) {
    const { domain } = site.website;
    const redirects = redirectsOf(site);
    deploymentSnippets[domain] = redirectSnippet(site.settings.serverType, domain, redirects);
    routerConfiguration[domain] = redirects.map((r) => `${r.from} → ${r.to} (301)`);
    const deployment = await store.latestDeployment(tx, site.website.id);
    domains.push({
      websiteId: site.website.id,
      name: site.website.name,
      domain,
      serverType: site.settings.serverType,
      fileName: snippetFileNames[site.settings.serverType],
      crawl: site.crawl ? await progressOf(tx, site.crawl) : null,
      fixes: site.fixes.length,
      redirects: redirects.length,
      lastDeployment: deployment
        ? {
            id: deployment.id,
            createdAt: deployment.createdAt.toISOString(),
            fixes: deployment.fixes.length,
            verification: await verificationOf(tx, deployment),
          }
        : null,
    });
  }
  const instructions = instructionsFor(sites);
  return {
    totalFixes: fixes.length,
    criticalFixes: fixes.filter((f) => f.critical),
    fixesByCategory,
    deploymentSnippets,
    routerConfiguration,
    deploymentInstructions: instructions.map((i) => i.text),
    deploymentInstructionMessages: instructions.map(({ id, values }) => ({ id, values })),
    fixes,
    domains,
  };
}

/** Every domain's files in one JSON document (`GET /api/deployment/complete-fix-package`). */
export async function completeFixPackage(tx: Tx, now = new Date()) {
  const report = await linkFixReport(tx);
  return {
    generatedAt: now.toISOString(),
    totalFixes: report.totalFixes,
    deploymentInstructions: report.deploymentInstructions,
    domains: report.domains.map((d) => ({
      domain: d.domain,
      serverType: d.serverType,
      files: [{ name: d.fileName, content: report.deploymentSnippets[d.domain] }],
      routerConfiguration: report.routerConfiguration[d.domain],
      fixes: report.fixes
        .filter((f) => f.domain === d.domain)
        .map(({ category, brokenUrl, fixedUrl, reason, sources }) => ({
          category,
          brokenUrl,
          fixedUrl,
          reason,
          sources,
        })),
    })),
  };
}

/**
 * Records that the owner deployed a domain's snippet, then queues a crawl of just the fixed URLs (no links
 * followed) whose result says which fixes now work.
 */
export async function applyLinkFixes(tx: Tx, queue: Queue, domain: string, userId: number) {
  const website = await findWebsiteRowByDomain(tx, domain);
  if (!website) throw AppError.badRequest('domain', serverMessage('siteHealth.unknownDomain', { domain }));
  const site = await siteFixes(tx, website, await store.findSettings(tx, website.id));
  const deployable = site.fixes.filter((f) => f.internal && f.fixedUrl !== null);
  if (!site.crawl || deployable.length === 0)
    throw AppError.badRequest('domain', serverMessage('siteHealth.noFixes', { domain }));
  const deployment = await store.insertDeployment(tx, {
    websiteId: website.id,
    domain,
    serverType: site.settings.serverType,
    fixes: deployable.map((f) => ({ brokenUrl: f.brokenUrl, fixedUrl: f.fixedUrl as string })),
    snippet: redirectSnippet(site.settings.serverType, domain, redirectsOf(site)),
    deployedBy: userId,
  });
  const crawl = await store.insertCrawl(tx, {
    websiteId: website.id,
    kind: 'verify',
    trigger: 'deployment',
    startUrl: site.crawl.startUrl,
    pageBudget: deployable.length * 4,
    maxDepth: 0,
    deploymentId: deployment.id,
  });
  await store.insertUrls(
    tx,
    crawl.id,
    deployable.map((f) => ({ url: f.brokenUrl, internal: true, depth: 0, state: 'queued' as const })),
  );
  await queue.send<CrawlJobData>(crawlJobName, { workspaceId: crawl.workspaceId, crawlId: crawl.id }, { tx });
  return {
    success: true,
    deploymentId: deployment.id,
    domain,
    fixes: deployable.length,
    verificationCrawlId: crawl.id,
  };
}

/** The content tab's SEO Performance card: overall and per-site scores, and the target keywords. */
export async function seoPerformance(tx: Tx) {
  const sites = await allSiteFixes(tx);
  const ranks = await store.listRanks(tx);
  const consoleSites = await store.listSearchConsoleSites(tx);
  const perSite = sites.map((site) => {
    const pages = site.urls.filter((u) => u.internal && u.seoScore !== null);
    const fetched = site.urls.filter((u) => u.internal && u.state === 'done');
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

/** Link health across each website's last crawls (the deployment screen's Analytics tab). */
export async function linkHealthHistory(tx: Tx) {
  const result = [];
  for (const website of await listWebsiteRows(tx)) {
    const crawls = await store.listCrawls(tx, website.id, { kind: 'full', status: 'done', limit: 10 });
    const points = crawls.reverse().map((crawl) => ({
      crawlId: crawl.id,
      finishedAt: crawl.finishedAt?.toISOString() ?? null,
      pages: crawl.pagesOk,
      links: crawl.urlsTotal,
      broken: crawl.urlsBroken,
      seoScore: crawl.seoScore,
    }));
    result.push({ websiteId: website.id, name: website.name, domain: website.domain, crawls: points });
  }
  return result;
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
    if (!websites.some((w) => w.id === given.websiteId)) await requireWebsite(tx, given.websiteId);
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
