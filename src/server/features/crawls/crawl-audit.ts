import type { Tx } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import type { PageFacts } from './html-page.js';
import type { CrawlRow } from './store.js';

/** What a finished full crawl knows about its site as a whole. */
export interface SiteFacts {
  robotsStatus: CrawlRow['robotsStatus'];
  sitemapFound: boolean;
  internalUrls: number;
  internalErrors: number;
  pageScores: number[];
}

/**
 * How a crawl scores its pages and its site, and what follows a finished full crawl. The seo area supplies
 * it through the registry (features/index.ts): seo reads the crawls, so crawls cannot import seo.
 */
export interface CrawlAudit {
  /** A fetched page's checks and score, stored with its URL. */
  auditPage(url: string, page: PageFacts, keyphrase: string | null): { checks: unknown[]; score: number };
  /** The site's score, null when no page was scored. */
  scoreSite(facts: SiteFacts): number | null;
  /** Runs in the transaction that finishes a full crawl. */
  afterFullCrawl(tx: Tx, deps: AppDeps, workspaceId: number): Promise<void>;
}
