import type { PageFacts } from '../crawls/index.js';

/**
 * The checks of Lighthouse's SEO category and Yoast's assessments (issue 13 §2), each with a weight. The
 * client names each check and says what to do about it by its id (translated), so only ids travel.
 */
export const pageCheckWeights = {
  crawlable: 10,
  'document-title': 8,
  'title-length': 3,
  'meta-description': 6,
  'meta-description-length': 3,
  'single-h1': 5,
  'image-alt': 5,
  canonical: 4,
  hreflang: 3,
  'link-text': 5,
  'crawlable-anchors': 3,
  'text-length': 3,
  'keyphrase-in-title': 3,
  'keyphrase-in-meta-description': 3,
  'keyphrase-in-heading': 3,
  'keyphrase-in-slug': 3,
  'keyphrase-in-introduction': 3,
  'keyphrase-density': 3,
} as const;
export type PageCheckId = keyof typeof pageCheckWeights;

export const siteCheckWeights = { 'robots-txt': 5, 'http-status': 10, sitemap: 3 } as const;
export type SiteCheckId = keyof typeof siteCheckWeights;

export interface CheckResult<Id extends string = string> {
  id: Id;
  weight: number;
  passed: boolean;
  /** What failed, when one thing can be named (the offending link text, the h1 count, ...). */
  detail?: string;
}

/** Lighthouse's list of link texts that say nothing about their target. */
const genericLinkTexts = new Set([
  'click here',
  'click this',
  'go',
  'here',
  'this',
  'start',
  'right here',
  'more',
  'learn more',
  'read more',
  'click',
]);

const bcp47 = /^(x-default|[a-z]{2,3}(-[a-z]{4})?(-([a-z]{2}|\d{3}))?)$/i;

function isAbsoluteSameSite(href: string, pageUrl: URL): boolean {
  try {
    const url = new URL(href);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname === pageUrl.hostname;
  } catch {
    return false;
  }
}

function check<Id extends PageCheckId>(id: Id, passed: boolean, detail?: string): CheckResult<Id> {
  return detail === undefined || passed
    ? { id, weight: pageCheckWeights[id], passed }
    : { id, weight: pageCheckWeights[id], passed, detail };
}

const countOccurrences = (text: string, phrase: string) => text.split(phrase).length - 1;

export function auditPage(
  url: string,
  page: Pick<
    PageFacts,
    | 'title'
    | 'metaDescription'
    | 'canonical'
    | 'robotsDirectives'
    | 'headings'
    | 'wordCount'
    | 'images'
    | 'hreflang'
    | 'links'
    | 'text'
  >,
  keyphrase: string | null,
): CheckResult<PageCheckId>[] {
  const pageUrl = new URL(url);
  const title = page.title ?? '';
  const description = page.metaDescription ?? '';
  const h1s = page.headings.filter((h) => h.level === 1);
  const missingAlt = page.images.filter((image) => image.alt === null);
  const vague = page.links.find((link) => genericLinkTexts.has(link.text.toLowerCase()));
  const uncrawlable = page.links.find((link) => link.href === '' || /^javascript:/i.test(link.href));
  const badHreflang = page.hreflang.find((h) => !bcp47.test(h.lang) || !/^https?:\/\//i.test(h.href));
  const results: CheckResult<PageCheckId>[] = [
    check('crawlable', !/\b(noindex|none)\b/.test(page.robotsDirectives ?? ''), page.robotsDirectives ?? ''),
    check('document-title', title.length > 0),
    check('title-length', title.length >= 10 && title.length <= 60, String(title.length)),
    check('meta-description', description.length > 0),
    check(
      'meta-description-length',
      description.length >= 120 && description.length <= 156,
      String(description.length),
    ),
    check('single-h1', h1s.length === 1, String(h1s.length)),
    check('image-alt', missingAlt.length === 0, missingAlt[0]?.src),
    check(
      'canonical',
      page.canonical === null || isAbsoluteSameSite(page.canonical, pageUrl),
      page.canonical ?? '',
    ),
    check('hreflang', badHreflang === undefined, badHreflang?.lang),
    check('link-text', vague === undefined, vague?.text),
    check('crawlable-anchors', uncrawlable === undefined, uncrawlable?.href),
    check('text-length', page.wordCount >= 300, String(page.wordCount)),
  ];
  if (keyphrase) {
    const phrase = keyphrase.toLowerCase().trim();
    const slugWords = decodeURIComponent(pageUrl.pathname)
      .toLowerCase()
      .replace(/[-_/]+/g, ' ');
    const introduction = page.text.split(' ').slice(0, 100).join(' ');
    const density =
      page.wordCount > 0
        ? (countOccurrences(page.text, phrase) * phrase.split(/\s+/).length * 100) / page.wordCount
        : 0;
    results.push(
      check('keyphrase-in-title', title.toLowerCase().includes(phrase)),
      check('keyphrase-in-meta-description', description.toLowerCase().includes(phrase)),
      check(
        'keyphrase-in-heading',
        page.headings.some((h) => h.level <= 2 && h.text.toLowerCase().includes(phrase)),
      ),
      check(
        'keyphrase-in-slug',
        phrase.split(/\s+/).every((word) => slugWords.includes(word)),
      ),
      check('keyphrase-in-introduction', introduction.includes(phrase)),
      check('keyphrase-density', density >= 0.5 && density <= 3, density.toFixed(1)),
    );
  }
  return results;
}

/** Passed weight over all weight, as a whole percent. */
export function scoreOf(checks: readonly CheckResult[]): number {
  const total = checks.reduce((sum, c) => sum + c.weight, 0);
  if (total === 0) return 100;
  return Math.round((100 * checks.reduce((sum, c) => sum + (c.passed ? c.weight : 0), 0)) / total);
}

export interface SiteAuditInput {
  robotsStatus: 'ok' | 'missing' | 'invalid' | 'unreachable' | null;
  sitemapFound: boolean;
  internalUrls: number;
  internalErrors: number;
  pageScores: number[];
}

export function auditSite(input: SiteAuditInput): CheckResult<SiteCheckId>[] {
  const checks: CheckResult<SiteCheckId>[] = [
    // Lighthouse: a missing robots.txt is fine, one that does not parse is not.
    { id: 'robots-txt', weight: siteCheckWeights['robots-txt'], passed: input.robotsStatus !== 'invalid' },
    { id: 'http-status', weight: siteCheckWeights['http-status'], passed: input.internalErrors === 0 },
    { id: 'sitemap', weight: siteCheckWeights.sitemap, passed: input.sitemapFound },
  ];
  return checks.map((c) =>
    c.id === 'http-status' && !c.passed
      ? { ...c, detail: `${input.internalErrors}/${input.internalUrls}` }
      : c,
  );
}

/**
 * A site's score: its pages' mean score (nine tenths) and its site checks (one tenth), so a site of good
 * pages with a broken robots.txt loses a little, and one with bad pages loses a lot.
 */
export function siteScore(pageScores: readonly number[], siteChecks: readonly CheckResult[]): number {
  const pages = pageScores.length ? pageScores.reduce((a, b) => a + b, 0) / pageScores.length : 0;
  return Math.round(0.9 * pages + 0.1 * scoreOf(siteChecks));
}

/** The workspace's score: each site's score weighted by its number of audited pages. */
export function overallScore(sites: readonly { score: number; pages: number }[]): number | null {
  const pages = sites.reduce((sum, s) => sum + s.pages, 0);
  if (pages === 0) return null;
  return Math.round(sites.reduce((sum, s) => sum + s.score * s.pages, 0) / pages);
}
