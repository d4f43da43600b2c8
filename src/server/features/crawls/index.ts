export type { CrawlAudit, SiteFacts } from './crawl-audit.js';
export { isBrokenUrl, isLivePage } from './crawl-results.js';
export { seedDemoCrawls } from './demo-sites.js';
export { type PageFacts, parseHtmlPage } from './html-page.js';
export { crawlJobs } from './jobs.js';
export { crawlRoutes } from './routes.js';
export {
  allLatestSiteCrawls,
  type CrawledStatus,
  crawledStatuses,
  crawlProgress,
  latestSiteCrawl,
  listCrawlLinks,
  listCrawls,
  listCrawlUrls,
  listTargetKeywords,
  type SiteCrawl,
  startVerifyCrawl,
  stopCrawlsAfterRestore,
} from './service.js';
export type { CrawlRow, LinkRow, UrlRow } from './store.js';
