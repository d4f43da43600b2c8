import { lazy } from 'react';

/** The ecosystem's screens: /ecosystem and /ecosystem-demo, and its settings section. */
export const EcosystemPage = lazy(() =>
  import('./ecosystem-page').then((m) => ({ default: m.EcosystemPage })),
);
export const EcosystemDemoPage = lazy(() =>
  import('./ecosystem-page').then((m) => ({ default: m.EcosystemDemoPage })),
);
/** Settings → Ecosystem apps. */
export const AppsSection = lazy(() => import('./apps-section').then((m) => ({ default: m.AppsSection })));
