import type { LinkFix as DomainLinkFix, FixCategory } from '@domain/link-fixes/link-fix-schemas';
import { type ServerMessageId, type StoredMessage, serverMessage, storedMessage } from '@domain/messages';
import { isBrokenUrl, isLivePage, type LinkRow, type UrlRow } from '../crawls/index.js';

/** A fix as the crawl finds it; the report adds its domain. */
export type LinkFix = Omit<DomainLinkFix, 'domain'>;

/** A fix is critical when many pages carry the link, or the home page does (issue 13 §3). */
export const criticalSourceCount = 3;
/** Below this similarity the closest page is a guess, not a fix. */
const minSimilarity = 0.45;

/** How a broken URL failed, for the reason text: 'HTTP 404', or the kind of failure ('timeout', ...). */
/** What a broken URL answers: 'HTTP 404', or the refusal's kind ('blocked address'). */
function problemOf(row: UrlRow): StoredMessage {
  if (row.httpStatus !== null && row.httpStatus >= 400)
    return serverMessage('outbound.status', { status: row.httpStatus });
  return serverMessage('siteHealth.problem', { kind: row.error ?? 'error' });
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // A malformed escape is compared as written.
    return text;
  }
}

function tokens(text: string): Set<string> {
  return new Set(
    decoded(text)
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((t) => (t.length > 1 || /\d/.test(t)) && !/^(html?|php|aspx?)$/.test(t)),
  );
}

/** A path's words as one string, without the site's own folder and file extensions. */
function pathText(url: string, folder: string): string {
  const path = new URL(url).pathname;
  return [...tokens(path.startsWith(folder) ? path.slice(folder.length) : path)].join(' ');
}

/** Character-pair overlap (Dice): 'servces' is close to 'services', which shared words would miss. */
function bigrams(text: string): Map<string, number> {
  const pairs = new Map<string, number>();
  for (let i = 0; i < text.length - 1; i++) {
    const pair = text.slice(i, i + 2);
    pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
  }
  return pairs;
}

function dice(a: Map<string, number>, b: Map<string, number>): number {
  let sizeA = 0;
  let sizeB = 0;
  let shared = 0;
  for (const n of a.values()) sizeA += n;
  for (const n of b.values()) sizeB += n;
  for (const [pair, n] of a) shared += Math.min(n, b.get(pair) ?? 0);
  return sizeA + sizeB === 0 ? 0 : (2 * shared) / (sizeA + sizeB);
}

interface Candidate {
  url: string;
  path: Map<string, number>;
  title: Set<string>;
}

/** The live page whose path (mostly) and title (partly) are most like the broken URL's path. */
function closestLivePage(
  brokenUrl: string,
  folder: string,
  candidates: Candidate[],
): { url: string; similarity: number } | null {
  const text = pathText(brokenUrl, folder);
  if (!text) return null;
  const wanted = bigrams(text);
  const words = text.split(' ');
  let best: { url: string; similarity: number } | null = null;
  for (const c of candidates) {
    if (c.url === brokenUrl) continue;
    const inTitle = words.filter((w) => c.title.has(w)).length / words.length;
    const similarity = 0.7 * dice(wanted, c.path) + 0.3 * inTitle;
    if (
      !best ||
      similarity > best.similarity ||
      (similarity === best.similarity &&
        (c.url.length < best.url.length || (c.url.length === best.url.length && c.url < best.url)))
    )
      best = { url: c.url, similarity };
  }
  return best && best.similarity >= minSimilarity ? best : null;
}

function toggledSlash(url: URL): string {
  const copy = new URL(url);
  copy.pathname = copy.pathname.endsWith('/')
    ? copy.pathname.replace(/\/+$/, '') || '/'
    : `${copy.pathname}/`;
  return copy.toString();
}

/**
 * Every link fix of one crawl (issue 13 §3): broken links, redirect chains and loops, http→https, and
 * case or trailing-slash mismatches, each with its proposed target and the pages that link to it.
 */
export function buildSiteFixes(startUrl: string, urls: UrlRow[], links: LinkRow[]): LinkFix[] {
  const byUrl = new Map(urls.map((u) => [u.url, u]));
  const sourcesOf = new Map<string, Set<string>>();
  const referencesOf = new Map<string, Map<string, string>>();
  for (const link of links) {
    const set = sourcesOf.get(link.targetUrl) ?? new Set<string>();
    set.add(link.sourceUrl);
    sourcesOf.set(link.targetUrl, set);
    // One reference per page (a page linking to a URL twice names it once); a subresource keeps its element.
    const refs = referencesOf.get(link.targetUrl) ?? new Map<string, string>();
    const element = link.element ?? 'a[href]';
    if (!refs.has(link.sourceUrl) || link.element) refs.set(link.sourceUrl, element);
    referencesOf.set(link.targetUrl, refs);
  }
  const live = urls.filter(isLivePage);
  const start = new URL(startUrl).pathname;
  const folder = start.slice(0, start.lastIndexOf('/') + 1);
  const candidates: Candidate[] = live.map((u) => ({
    url: u.url,
    path: bigrams(pathText(u.url, folder)),
    title: tokens(u.title ?? ''),
  }));
  const liveByLowerUrl = new Map(live.map((u) => [u.url.toLowerCase(), u.url]));
  const liveUrls = new Set(live.map((u) => u.url));
  const home = new Set([startUrl, ...followRedirects(startUrl, byUrl).chain]);
  const siteIsHttps = new URL(startUrl).protocol === 'https:';

  const fixes: LinkFix[] = [];
  const add = (
    row: UrlRow,
    category: FixCategory,
    fixedUrl: string | null,
    reasonId: ServerMessageId,
    reasonValues: Record<string, string | number | StoredMessage> = {},
  ) => {
    const reason = storedMessage(reasonId, reasonValues);
    const sources = [...(sourcesOf.get(row.url) ?? [])].sort();
    const references = [...(referencesOf.get(row.url) ?? [])]
      .map(([source, element]) => ({ source, element }))
      .sort((a, b) => (a.source < b.source ? -1 : a.source > b.source ? 1 : 0));
    fixes.push({
      category,
      brokenUrl: row.url,
      fixedUrl,
      reason: reason.text,
      reasonId,
      reasonValues: reason.values ?? {},
      sources,
      references,
      critical:
        sources.length >= criticalSourceCount || sources.some((s) => home.has(s)) || home.has(row.url),
      internal: row.internal,
    });
  };
  const proposeForBroken = (row: UrlRow, problem: StoredMessage) => {
    const parsed = new URL(row.url);
    const sameButCase = liveByLowerUrl.get(row.url.toLowerCase());
    if (sameButCase && sameButCase !== row.url)
      return add(row, 'case-mismatch', sameButCase, 'siteHealth.reasonCase', { problem });
    const slash = toggledSlash(parsed);
    if (liveUrls.has(slash))
      return add(row, 'trailing-slash', slash, 'siteHealth.reasonTrailingSlash', { problem });
    const closest = closestLivePage(row.url, folder, candidates);
    if (closest)
      return add(row, 'broken-internal', closest.url, 'siteHealth.reasonClosest', {
        problem,
        similarity: Math.round(closest.similarity * 100),
      });
    return add(row, 'broken-internal', null, 'siteHealth.reasonNoFix', { problem });
  };

  for (const row of urls) {
    if (row.state !== 'done') continue;
    // Only what a page links to (or the home page itself) is a link to fix.
    if (!sourcesOf.has(row.url) && !home.has(row.url)) continue;
    // A subresource has no page to redirect to: the referencing element needs a working URL.
    if (row.resource) {
      if (isBrokenUrl(row))
        add(
          row,
          'broken-resource',
          null,
          row.internal ? 'siteHealth.reasonNoFix' : 'siteHealth.reasonExternal',
          {
            problem: problemOf(row),
          },
        );
      continue;
    }
    if (!row.internal) {
      const chain = row.redirectChain ?? [];
      if (row.error === 'redirect_loop')
        add(row, 'redirect-loop', null, 'siteHealth.reasonRedirectLoop', {
          chain: chain.map((h) => h.url).join(' → '),
        });
      else if (isBrokenUrl(row))
        add(row, 'broken-external', null, 'siteHealth.reasonExternal', { problem: problemOf(row) });
      else if (chain.length >= 3)
        add(row, 'redirect-chain', chain[chain.length - 1].url, 'siteHealth.reasonRedirectChain', {
          hops: chain.length - 1,
        });
      continue;
    }
    if (row.location) {
      const walk = followRedirects(row.url, byUrl);
      const hops = walk.chain.length - 1;
      if (walk.loop) {
        const closest = closestLivePage(row.url, folder, candidates);
        add(row, 'redirect-loop', closest?.url ?? null, 'siteHealth.reasonRedirectLoop', {
          chain: [...walk.chain, walk.loop].join(' → '),
        });
      } else if (walk.end && isBrokenUrl(walk.end)) {
        proposeForBroken(row, problemOf(walk.end));
      } else if (walk.end && isLivePage(walk.end)) {
        const end = new URL(walk.end.url);
        const start = new URL(row.url);
        if (hops >= 2) add(row, 'redirect-chain', walk.end.url, 'siteHealth.reasonRedirectChain', { hops });
        else if (start.protocol === 'http:' && end.protocol === 'https:')
          add(row, 'http-to-https', walk.end.url, 'siteHealth.reasonHttps');
      }
      continue;
    }
    if (isBrokenUrl(row)) {
      proposeForBroken(row, problemOf(row));
      continue;
    }
    // A page that answers over http although the site is https: the link should say https.
    if (siteIsHttps && row.url.startsWith('http:') && isLivePage(row)) {
      const https = row.url.replace(/^http:/, 'https:');
      if (liveUrls.has(https)) add(row, 'http-to-https', https, 'siteHealth.reasonHttps');
    }
  }
  return fixes.sort(
    (a, b) =>
      Number(b.critical) - Number(a.critical) ||
      b.sources.length - a.sources.length ||
      (a.brokenUrl < b.brokenUrl ? -1 : 1),
  );
}

/** Follows an internal URL's recorded redirects through the crawl: its chain, where it ends, or the loop. */
export function followRedirects(
  url: string,
  byUrl: Map<string, UrlRow>,
): { chain: string[]; end: UrlRow | null; loop: string | null } {
  const chain = [url];
  let row = byUrl.get(url) ?? null;
  while (row?.location) {
    if (chain.includes(row.location)) return { chain, end: null, loop: row.location };
    chain.push(row.location);
    row = byUrl.get(row.location) ?? null;
    if (row && row.state !== 'done') return { chain, end: null, loop: null };
  }
  return { chain, end: row, loop: null };
}
