import { AppError } from '@domain/app-error';
import { messageRef, type ServerMessage, serverMessage } from '@domain/messages';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import { addressPolicyFrom, createOutboundClient, type OutboundClient } from '../../http/outbound.js';
import { OutboundError } from '../../http/outbound-error.js';
import type { CrawlAudit } from './crawl-audit.js';
import { compareCrawls, isBrokenUrl, isLivePage } from './crawl-results.js';
import { checkExternal, fetchOnce } from './fetcher.js';
import { HostLimiter } from './host-limiter.js';
import { parseHtmlPage, parseSitemap } from './html-page.js';
import { parseRobots, type Robots } from './robots.js';
import * as store from './store.js';
import { isInSite, isLoopbackHost, normalizeUrl, ownOrigin } from './urls.js';

export const crawlJobName = 'site-crawl';
export interface CrawlJobData {
  workspaceId: number;
  crawlId: number;
}

/** The product token robots.txt groups name (`User-agent: BusinessHub`); also in the User-Agent header. */
export const productToken = 'BusinessHub';
/** URLs fetched between two commits: a crash loses at most this much work, which is fetched again. */
const batchSize = 32;
/** URLs one job handles before a continuation job takes over, so a stopping server never waits long. */
const chunkSize = 512;
const maxSitemapFiles = 10;
const anchorTextCap = 300;

interface CrawlEnvironment {
  client: OutboundClient;
  limiter: HostLimiter;
  config: Config;
  audit: CrawlAudit;
}

/**
 * `internal`: the website's start URL is a path on this server (the demo's fixture sites), so this crawl
 * may fetch this server's own origin; a crawl of a URL someone typed never reaches this server itself.
 */
function createEnvironment(config: Config, audit: CrawlAudit, internal: boolean): CrawlEnvironment {
  const client = createOutboundClient({
    policy: addressPolicyFrom(config),
    publicUrl: config.PUBLIC_URL,
    connectTimeoutMs: Math.min(config.SITE_CRAWL_TIMEOUT_MS, 10_000),
    totalTimeoutMs: config.SITE_CRAWL_TIMEOUT_MS,
    maxBytes: Math.min(config.SITE_CRAWL_MAX_PAGE_BYTES, config.OUTBOUND_MAX_BYTES),
    maxRedirects: 5,
    ownOrigins: [ownOrigin(config)],
  });
  return {
    client: internal
      ? { fetch: (url, init) => client.fetch(url, { ...init, internal }), close: client.close }
      : client,
    config,
    audit,
    limiter: new HostLimiter(config.SITE_CRAWL_CONCURRENCY, (host) =>
      isLoopbackHost(new URL(`http://${host}`).hostname)
        ? config.SITE_CRAWL_LOOPBACK_DELAY_MS
        : config.SITE_CRAWL_DELAY_MS,
    ),
  };
}

/** The rules a crawl obeys: RFC 9309 says an unreachable robots.txt forbids everything, a missing one nothing. */
function robotsOf(crawl: store.CrawlRow): Robots | null {
  if (crawl.kind === 'verify' || crawl.robotsStatus === 'missing') return null;
  if (crawl.robotsStatus === 'unreachable')
    return { ...parseRobots('User-agent: *\nDisallow: /', productToken), sitemaps: [] };
  return parseRobots(crawl.robotsTxt ?? '', productToken);
}

const robotsAllow = (robots: Robots | null, url: string) => {
  if (!robots) return true;
  const parsed = new URL(url);
  return robots.allows(parsed.pathname + parsed.search);
};

/**
 * One job's share of a crawl: claims it (one worker at a time), fetches queued URLs in batches committed
 * one by one, and either finishes the crawl or queues its continuation. A URL already fetched is never
 * fetched again, so a crawl interrupted anywhere resumes where its last batch committed.
 */
export async function runCrawlJob(data: CrawlJobData, deps: AppDeps, audit: CrawlAudit): Promise<void> {
  const inWorkspace = <T>(fn: (tx: Tx) => Promise<T>) => deps.database.withWorkspace(data.workspaceId, fn);
  const leaseSeconds = deps.config.SITE_CRAWL_LEASE_SECONDS;
  const claimed = await claim(data, inWorkspace, ownOrigin(deps.config), leaseSeconds);
  if (!claimed) return;
  const settings = await inWorkspace((tx) => store.findSettings(tx, claimed.websiteId));
  const env = createEnvironment(deps.config, audit, settings?.startUrl?.startsWith('/') === true);
  try {
    const crawl =
      claimed.kind === 'full' && claimed.robotsStatus === null
        ? await seedCrawl(env, claimed, inWorkspace)
        : claimed;
    const robots = robotsOf(crawl);
    const keyphrases = new Map((settings?.keywords ?? []).map((k) => [k.path, k.keyword]));
    let handled = 0;
    let batch = await inWorkspace((tx) => store.nextQueuedUrls(tx, data.crawlId, batchSize));
    for (;;) {
      if (batch.length === 0) {
        await inWorkspace(async (tx) => {
          await finishCrawl(tx, env.audit, crawl);
          if (crawl.kind === 'full') await env.audit.afterFullCrawl(tx, deps, data.workspaceId);
        });
        return;
      }
      const results = await Promise.all(batch.map((row) => visit(env, crawl, row, keyphrases)));
      handled += batch.length;
      // The next batch is read in the transaction that records this one: one round trip fewer per batch.
      batch = await inWorkspace(async (tx) => {
        await recordBatch(tx, crawl, robots, results);
        await store.renewLease(tx, data.crawlId, leaseSeconds);
        return handled >= chunkSize ? [] : store.nextQueuedUrls(tx, data.crawlId, batchSize);
      });
      if (handled >= chunkSize) {
        await inWorkspace(async (tx) => {
          await store.updateCrawl(tx, data.crawlId, { leaseUntil: null });
          await deps.queue.send(crawlJobName, data, { tx });
        });
        return;
      }
    }
  } catch (error) {
    deps.log.error({ err: error, crawlId: data.crawlId }, 'site crawl failed');
    const reason = crawlFailure(error);
    await inWorkspace((tx) =>
      store.updateCrawl(tx, data.crawlId, {
        status: 'failed',
        error: reason.text,
        errorMessage: messageRef(reason),
        leaseUntil: null,
        finishedAt: new Date(),
      }),
    );
  } finally {
    await env.client.close();
  }
}

/** A failed crawl's reason for its owner (see AppError.storedLine). */
export function crawlFailure(error: unknown): ServerMessage {
  return AppError.storedLine(error, serverMessage('siteHealth.crawlFailed'));
}

async function claim(
  data: CrawlJobData,
  inWorkspace: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>,
  origin: string,
  leaseSeconds: number,
): Promise<store.CrawlRow | null> {
  const take = () =>
    inWorkspace(async (tx) => {
      const crawl = await store.claimCrawl(tx, data.crawlId, leaseSeconds);
      // The demo's seeded crawls name a path on this server: it becomes absolute once the server's origin is known.
      if (crawl?.startUrl.startsWith('/')) {
        crawl.startUrl = new URL(crawl.startUrl, origin).toString();
        await store.updateCrawl(tx, crawl.id, { startUrl: crawl.startUrl });
      }
      return crawl;
    });
  const crawl = await take();
  if (crawl) return crawl;
  // Another worker's lease: if it died (kill -9), the lease runs out and this job takes over once.
  const current = await inWorkspace((tx) => store.findCrawl(tx, data.crawlId));
  if (!current || current.status === 'done' || current.status === 'failed' || !current.leaseUntil)
    return null;
  const wait = Math.min(current.leaseUntil.getTime() - Date.now(), leaseSeconds * 1000) + 250;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return take();
}

/** robots.txt and sitemaps, followed as a browser would (redirects included); an HTTP error is an answer. */
async function fetchText(
  env: CrawlEnvironment,
  url: string,
): Promise<{ status: number | null; text: string | null }> {
  try {
    const response = await env.limiter.run(new URL(url).host, () =>
      env.client.fetch(url, { maxBytes: 5 * 1024 * 1024 }),
    );
    return { status: response.status, text: response.text() };
  } catch (error) {
    if (error instanceof OutboundError && error.kind === 'http_error')
      return { status: error.httpStatus ?? null, text: null };
    if (error instanceof OutboundError) return { status: null, text: null };
    throw error;
  }
}

async function seedCrawl(
  env: CrawlEnvironment,
  crawl: store.CrawlRow,
  inWorkspace: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>,
): Promise<store.CrawlRow> {
  const origin = new URL(crawl.startUrl).origin;
  const robotsAnswer = await fetchText(env, `${origin}/robots.txt`);
  let robotsStatus: NonNullable<store.CrawlRow['robotsStatus']>;
  if (robotsAnswer.status !== null && robotsAnswer.status < 300) {
    robotsStatus =
      parseRobots(robotsAnswer.text ?? '', productToken).invalidLines.length > 0 ? 'invalid' : 'ok';
  } else if (robotsAnswer.status !== null && robotsAnswer.status < 500) robotsStatus = 'missing';
  else robotsStatus = 'unreachable';
  const robotsTxt =
    robotsStatus === 'ok' || robotsStatus === 'invalid' ? (robotsAnswer.text ?? '').slice(0, 500_000) : null;
  const seeded = { ...crawl, robotsStatus, robotsTxt };
  const robots = robotsOf(seeded);

  const pending = robots?.sitemaps.length ? [...robots.sitemaps] : [`${origin}/sitemap.xml`];
  const listed: string[] = [];
  let sitemapFound = false;
  for (let files = 0; pending.length > 0 && files < maxSitemapFiles; files++) {
    const sitemapUrl = normalizeUrl(pending.shift() as string, origin);
    if (!sitemapUrl) continue;
    const answer = await fetchText(env, sitemapUrl);
    if (answer.status === null || answer.status >= 300 || answer.text === null) continue;
    sitemapFound = true;
    const parsed = parseSitemap(answer.text);
    pending.push(...parsed.sitemaps);
    for (const loc of parsed.urls) {
      const url = normalizeUrl(loc, sitemapUrl);
      if (url && isInSite(url, crawl.startUrl)) listed.push(url);
    }
  }

  return inWorkspace(async (tx) => {
    await store.updateCrawl(tx, crawl.id, {
      robotsStatus,
      robotsTxt,
      sitemapUrls: sitemapFound ? listed.length : null,
    });
    await admitUrls(tx, seeded, robots, [
      { url: crawl.startUrl, depth: 0 },
      ...listed.map((url) => ({ url, depth: 1 })),
    ]);
    return seeded;
  });
}

interface Visit {
  url: string;
  depth: number;
  values: store.UrlVisitValues;
  links: store.LinkRow[];
  /** URLs found on the page, or where a redirect points (same depth: a redirect is not a click). */
  found: Candidate[];
}

/** A URL met on a page; `resource` when the page loads it (image, stylesheet, ...) rather than links to it. */
interface Candidate {
  url: string;
  depth: number;
  resource?: boolean;
}

async function visit(
  env: CrawlEnvironment,
  crawl: store.CrawlRow,
  row: store.UrlRow,
  keyphrases: Map<string, string>,
): Promise<Visit> {
  const host = new URL(row.url).host;
  const result: Visit = {
    url: row.url,
    depth: row.depth,
    values: { state: 'done', fetchedAt: new Date() },
    links: [],
    found: [],
  };
  // External links and every subresource are checked, not crawled: HEAD, then GET where HEAD is
  // refused (405, 501, ...). Through the same per-host limiter as pages, so politeness holds.
  if (!row.internal || row.resource) {
    const check = await env.limiter.run(host, () =>
      checkExternal(env.client, row.url, env.config.SITE_CRAWL_TIMEOUT_MS),
    );
    Object.assign(result.values, {
      httpStatus: check.httpStatus,
      error: check.error,
      redirectChain: check.chain.length > 0 ? check.chain : null,
      responseMs: check.responseMs,
    });
    return result;
  }
  const outcome = await env.limiter.run(host, () =>
    fetchOnce(env.client, row.url, { method: 'GET', timeoutMs: env.config.SITE_CRAWL_TIMEOUT_MS }),
  );
  Object.assign(result.values, {
    httpStatus: outcome.httpStatus,
    location: outcome.location,
    error: outcome.error,
    responseMs: outcome.responseMs,
    sizeBytes: outcome.sizeBytes,
    contentType: outcome.contentType?.slice(0, 200) ?? null,
  });
  if (outcome.location) result.found.push({ url: outcome.location, depth: row.depth });
  const isHtml = /html/i.test(outcome.contentType ?? '');
  if (outcome.body === null || !isHtml || outcome.httpStatus === null || outcome.httpStatus >= 300)
    return result;

  const page = parseHtmlPage(outcome.body);
  const base = normalizeUrl(page.baseHref ?? '', row.url) ?? row.url;
  const path = new URL(row.url).pathname;
  const audit = env.audit.auditPage(row.url, page, keyphrases.get(path) ?? null);
  Object.assign(result.values, {
    title: page.title?.slice(0, 1000) ?? null,
    metaDescription: page.metaDescription?.slice(0, 2000) ?? null,
    canonical: page.canonical ? (normalizeUrl(page.canonical, base) ?? page.canonical).slice(0, 2048) : null,
    headings: page.headings.slice(0, 200).map((h) => ({ level: h.level, text: h.text.slice(0, 300) })),
    wordCount: page.wordCount,
    images: page.images.slice(0, 500).map((image) => ({
      src: image.src.slice(0, 2048),
      alt: image.alt === null ? null : image.alt.slice(0, 500),
    })),
    hreflang: page.hreflang.slice(0, 100),
    robotsDirectives: page.robotsDirectives?.slice(0, 500) ?? null,
    seo: audit.checks,
    seoScore: audit.score,
  });
  if (crawl.kind === 'verify') return result;
  const seen = new Set<string>();
  for (const link of page.links) {
    const target = normalizeUrl(link.href, base);
    if (!target || target.length > 2048) continue;
    const text = link.text.slice(0, anchorTextCap);
    const key = `${target}\n${text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.links.push({ sourceUrl: row.url, targetUrl: target, anchorText: text, nofollow: link.nofollow });
    result.found.push({ url: target, depth: row.depth + 1 });
  }
  for (const resource of page.resources) {
    const target = normalizeUrl(resource.url, base);
    if (!target || target.length > 2048) continue;
    // One row per page and target (the table's key has no element): the first element that loads it names it.
    const key = `${target}\n`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.links.push({
      sourceUrl: row.url,
      targetUrl: target,
      anchorText: '',
      nofollow: false,
      element: resource.element,
    });
    result.found.push({ url: target, depth: row.depth + 1, resource: true });
  }
  return result;
}

async function recordBatch(
  tx: Tx,
  crawl: store.CrawlRow,
  robots: Robots | null,
  visits: Visit[],
): Promise<void> {
  await store.updateUrls(tx, crawl.id, visits);
  await store.insertLinks(
    tx,
    crawl.id,
    visits.flatMap((v) => v.links),
  );
  await admitUrls(
    tx,
    crawl,
    robots,
    visits.flatMap((v) => v.found),
  );
}

/**
 * Adds URLs the crawl has not met yet: external ones to be checked, internal ones to be fetched unless
 * robots.txt, the depth or the page budget rules them out (then they are kept as skipped, with the reason).
 */
async function admitUrls(
  tx: Tx,
  crawl: store.CrawlRow,
  robots: Robots | null,
  candidates: Candidate[],
): Promise<void> {
  const shallowest = new Map<string, number>();
  for (const c of candidates) shallowest.set(c.url, Math.min(c.depth, shallowest.get(c.url) ?? c.depth));
  if (shallowest.size === 0) return;
  // A URL that is also linked to as a page is crawled as one (its links matter too).
  const pageLinked = new Set(candidates.filter((c) => !c.resource).map((c) => c.url));
  const known = await store.knownUrls(tx, crawl.id, [...shallowest.keys()]);
  let budget = crawl.pageBudget - (await store.countBudgetedUrls(tx, crawl.id));
  const rows: store.NewUrlRow[] = [];
  for (const [url, depth] of shallowest) {
    if (known.has(url)) continue;
    const internal = isInSite(url, crawl.startUrl);
    const resource = !pageLinked.has(url);
    if (!internal) {
      rows.push({ url, internal, depth, state: 'queued', resource });
      continue;
    }
    let skipReason: store.NewUrlRow['skipReason'] = null;
    if (!robotsAllow(robots, url)) skipReason = 'robots';
    // A subresource is one request for the page that loads it: no depth or page budget of its own.
    else if (!resource && depth > crawl.maxDepth) skipReason = 'depth';
    else if (!resource && budget <= 0) skipReason = 'budget';
    else if (!resource) budget -= 1;
    rows.push({ url, internal, depth, state: skipReason ? 'skipped' : 'queued', skipReason, resource });
  }
  await store.insertUrls(tx, crawl.id, rows);
}

async function finishCrawl(tx: Tx, audit: CrawlAudit, crawl: store.CrawlRow): Promise<void> {
  let seoScore: number | null = null;
  let comparison: unknown = null;
  const urls = await store.crawlUrls(tx, crawl.id);
  if (crawl.kind === 'full') {
    const fetched = urls.filter((u) => u.internal && !u.resource && u.state === 'done');
    const pageScores = fetched.flatMap((u) => (u.seoScore === null ? [] : [u.seoScore]));
    const current = await store.findCrawl(tx, crawl.id);
    seoScore = audit.scoreSite({
      robotsStatus: current?.robotsStatus ?? null,
      sitemapFound: current?.sitemapUrls !== null && current?.sitemapUrls !== undefined,
      internalUrls: fetched.length,
      internalErrors: fetched.filter(isBrokenUrl).length,
      pageScores,
    });
    const [previous] = (
      await store.listCrawls(tx, crawl.websiteId, { kind: 'full', status: 'done', limit: 1 })
    ).filter((c) => c.id !== crawl.id);
    if (previous)
      comparison = compareCrawls(await store.crawlUrls(tx, previous.id), urls, previous, seoScore);
  }
  await store.updateCrawl(tx, crawl.id, {
    status: 'done',
    finishedAt: new Date(),
    leaseUntil: null,
    seoScore,
    comparison,
    pagesOk: urls.filter(isLivePage).length,
    urlsTotal: urls.length,
    urlsBroken: urls.filter(isBrokenUrl).length,
  });
}
