import { lazy } from 'react';

/** SEO Performance from the crawls: a card of the dashboard's content tab (composed in src/client/app). */
export const SeoPerformanceCard = lazy(() =>
  import('./seo-performance-card').then((m) => ({ default: m.SeoPerformanceCard })),
);
/** The Google Search Console connection (it feeds SEO Performance), shown on the deployment screen. */
export const SearchConsoleCard = lazy(() =>
  import('./search-console-card').then((m) => ({ default: m.SearchConsoleCard })),
);
/** Each on-page SEO check's name and advice, by id (the content editor names a draft's failing checks). */
export { checkLabels } from './check-labels';
