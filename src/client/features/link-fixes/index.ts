import { lazy } from 'react';

/** The link-fix deployment screen (/deployment) and its public demo twin (/deployment-demo). */
export const DeploymentPage = lazy(() =>
  import('./deployment-page').then((m) => ({ default: m.DeploymentPage })),
);
export const DeploymentDemoPage = lazy(() =>
  import('./deployment-page').then((m) => ({ default: m.DeploymentDemoPage })),
);
