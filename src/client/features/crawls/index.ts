import { lazy } from 'react';

/** Each website's crawl settings (admins edit them): the link-fix deployment screen opens it per domain. */
export const CrawlSettingsDialog = lazy(() =>
  import('./crawl-settings-dialog').then((m) => ({ default: m.CrawlSettingsDialog })),
);
/** Websites' crawl settings and latest crawls, starting a crawl, a website's server type. */
export {
  type ServerType,
  serverTypes,
  useStartCrawl,
  useUpdateServerType,
  useWebsiteHealth,
} from './crawls-api';
