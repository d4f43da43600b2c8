import { lazy } from 'react';

/** SEO Performance from the crawls: a card of the dashboard's content tab (composed in src/client/app). */
export const SeoPerformanceCard = lazy(() =>
  import('./seo-performance-card').then((m) => ({ default: m.SeoPerformanceCard })),
);
/** Each on-page SEO check's name and advice, by id (the content editor names a draft's failing checks). */
export { checkLabels } from './check-labels';
export const DeploymentPage = lazy(() =>
  import('./deployment-page').then((m) => ({ default: m.DeploymentPage })),
);
export const DeploymentDemoPage = lazy(() =>
  import('./deployment-page').then((m) => ({ default: m.DeploymentDemoPage })),
);
