import { lazy } from 'react';

export const DeploymentPage = lazy(() =>
  import('./deployment-page').then((m) => ({ default: m.DeploymentPage })),
);
export const DeploymentDemoPage = lazy(() =>
  import('./deployment-page').then((m) => ({ default: m.DeploymentDemoPage })),
);
