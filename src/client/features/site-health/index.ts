import { lazy } from 'react';

/** The dashboard's content tab (its first card: SEO Performance from the crawls). */
export const ContentPanel = lazy(() => import('./content-panel').then((m) => ({ default: m.ContentPanel })));
export const DeploymentPage = lazy(() =>
  import('./deployment-page').then((m) => ({ default: m.DeploymentPage })),
);
export const DeploymentDemoPage = lazy(() =>
  import('./deployment-page').then((m) => ({ default: m.DeploymentDemoPage })),
);
