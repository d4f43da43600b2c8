import { lazy } from 'react';

/** The ecosystem console's screens: three dashboard tabs, its settings section and /ecosystem(-demo). */
export const UserIntegrationPanel = lazy(() =>
  import('./user-integration-panel').then((m) => ({ default: m.UserIntegrationPanel })),
);
export const DataCollectionPanel = lazy(() =>
  import('./data-collection-panel').then((m) => ({ default: m.DataCollectionPanel })),
);
export const EcosystemPage = lazy(() =>
  import('./ecosystem-page').then((m) => ({ default: m.EcosystemPage })),
);
export const EcosystemDemoPage = lazy(() =>
  import('./ecosystem-page').then((m) => ({ default: m.EcosystemDemoPage })),
);
/** Settings → Ecosystem apps. */
export const AppsSection = lazy(() => import('./apps-section').then((m) => ({ default: m.AppsSection })));
