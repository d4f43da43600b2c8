import type { CrawlComparison } from '@domain/crawls/crawl-schemas';
import type { CrawlRow, UrlRow } from './store.js';

/** A fetched URL that does not work: an HTTP error or no answer (a body too large to read is an answer). */
export function isBrokenUrl(row: Pick<UrlRow, 'state' | 'error' | 'httpStatus'>): boolean {
  if (row.state !== 'done') return false;
  if (row.error !== null) return row.error !== 'too_large';
  return row.httpStatus !== null && row.httpStatus >= 400;
}

/** A page of the site that answers; a subresource (an image, a stylesheet) is never a page. */
export const isLivePage = (row: UrlRow) =>
  row.state === 'done' &&
  row.internal &&
  !row.resource &&
  row.error === null &&
  row.httpStatus !== null &&
  row.httpStatus < 300;

/** What changed between two full crawls of a website. */
export function compareCrawls(
  before: UrlRow[],
  now: UrlRow[],
  previous: CrawlRow,
  seoScoreNow: number | null,
): CrawlComparison {
  const brokenSet = (rows: UrlRow[]) => new Set(rows.filter(isBrokenUrl).map((r) => r.url));
  const pages = (rows: UrlRow[]) => rows.filter(isLivePage).length;
  const b = brokenSet(before);
  const n = brokenSet(now);
  return {
    previousCrawlId: previous.id,
    pagesBefore: pages(before),
    pagesNow: pages(now),
    brokenBefore: b.size,
    brokenNow: n.size,
    newlyBroken: [...n]
      .filter((u) => !b.has(u))
      .sort()
      .slice(0, 50),
    fixed: [...b]
      .filter((u) => !n.has(u))
      .sort()
      .slice(0, 50),
    seoScoreBefore: previous.seoScore,
    seoScoreNow,
  };
}
