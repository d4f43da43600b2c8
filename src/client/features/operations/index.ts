import { lazy } from 'react';

/** The operations console's screens: Central Monitoring, the Webhook Deployment Center and Phase 3, with their demo twins. */
export const SuperhubPage = lazy(() => import('./superhub-page').then((m) => ({ default: m.SuperhubPage })));
export const SuperhubDemoPage = lazy(() =>
  import('./superhub-page').then((m) => ({ default: m.SuperhubDemoPage })),
);
export const WebhooksPage = lazy(() => import('./webhooks-page').then((m) => ({ default: m.WebhooksPage })));
export const WebhooksDemoPage = lazy(() =>
  import('./webhooks-page').then((m) => ({ default: m.WebhooksDemoPage })),
);
export const Phase3Page = lazy(() => import('./phase3-page').then((m) => ({ default: m.Phase3Page })));
export const Phase3DemoPage = lazy(() =>
  import('./phase3-page').then((m) => ({ default: m.Phase3DemoPage })),
);
