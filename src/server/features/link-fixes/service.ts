import { AppError } from '@domain/app-error';
import type { ServerType } from '@domain/crawls/crawl-schemas';
import type { WebsiteFilter } from '@domain/ids';
import { type FixCategory, fixCategories } from '@domain/link-fixes/link-fix-schemas';
import { type MessageValues, type ServerMessageId, serverMessage } from '@domain/messages';
import type { Tx } from '../../db/database.js';
import type { Queue } from '../../jobs/queue.js';
import {
  allLatestSiteCrawls,
  crawlProgress,
  isBrokenUrl,
  latestSiteCrawl,
  listCrawlLinks,
  listCrawls,
  listCrawlUrls,
  type SiteCrawl,
  startVerifyCrawl,
} from '../crawls/index.js';
import { findWebsiteRow, findWebsiteRowByDomain, listWebsiteRows } from '../websites/index.js';
import { buildSiteFixes, followRedirects, type LinkFix } from './site-fixes.js';
import { type Redirect, redirectOf, redirectSnippet, snippetFileNames } from './snippets.js';
import * as store from './store.js';

interface SiteFixes extends SiteCrawl {
  fixes: LinkFix[];
}

async function siteFixes(tx: Tx, site: SiteCrawl): Promise<SiteFixes> {
  if (!site.crawl) return { ...site, fixes: [] };
  return {
    ...site,
    fixes: buildSiteFixes(site.crawl.startUrl, site.urls, await listCrawlLinks(tx, site.crawl.id)),
  };
}

/**
 * The sidebar's website (`?websiteId=`) narrows the screen's reads to it; a website the workspace does not
 * have is not found rather than an empty screen.
 */
export async function assertFilterWebsite(tx: Tx, filter: WebsiteFilter): Promise<void> {
  if (filter.websiteId !== undefined && !(await findWebsiteRow(tx, filter.websiteId)))
    throw new AppError('not_found', serverMessage('websites.notFound'));
}

const inFilter = (filter: WebsiteFilter, websiteId: number) =>
  filter.websiteId === undefined || filter.websiteId === websiteId;

async function allSiteFixes(tx: Tx, filter: WebsiteFilter): Promise<SiteFixes[]> {
  const result: SiteFixes[] = [];
  for (const site of await allLatestSiteCrawls(tx))
    if (inFilter(filter, site.website.id)) result.push(await siteFixes(tx, site));
  return result;
}

/** The redirects a site can serve: its own broken URLs that have a proposed target. */
function redirectsOf(site: SiteFixes): Redirect[] {
  return site.fixes
    .filter((f) => f.internal && f.fixedUrl !== null)
    .map((f) => redirectOf(f.brokenUrl, f.fixedUrl as string));
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
  const [crawl] = (await listCrawls(tx, deployment.websiteId, { kind: 'verify', limit: 20 })).filter(
    (c) => c.deploymentId === deployment.id,
  );
  if (crawl?.status !== 'done') return { status: crawl?.status ?? 'queued', working: [], failing: [] };
  const byUrl = new Map((await listCrawlUrls(tx, crawl.id)).map((u) => [u.url, u]));
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
export async function linkFixReport(tx: Tx, filter: WebsiteFilter = {}) {
  await assertFilterWebsite(tx, filter);
  const sites = await allSiteFixes(tx, filter);
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
      crawl: site.crawl ? await crawlProgress(tx, site.crawl) : null,
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
  const site = await siteFixes(tx, await latestSiteCrawl(tx, website));
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
  const crawl = await startVerifyCrawl(tx, queue, {
    websiteId: website.id,
    startUrl: site.crawl.startUrl,
    deploymentId: deployment.id,
    urls: deployable.map((f) => f.brokenUrl),
  });
  return {
    success: true,
    deploymentId: deployment.id,
    domain,
    fixes: deployable.length,
    verificationCrawlId: crawl.id,
  };
}

/** Link health across each website's last crawls (the deployment screen's Analytics tab). */
export async function linkHealthHistory(tx: Tx, filter: WebsiteFilter = {}) {
  await assertFilterWebsite(tx, filter);
  const result = [];
  for (const website of await listWebsiteRows(tx)) {
    if (!inFilter(filter, website.id)) continue;
    const crawls = await listCrawls(tx, website.id, { kind: 'full', status: 'done', limit: 10 });
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
