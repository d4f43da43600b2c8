import { lazy } from 'react';

/** The Webhook Deployment Center, with its demo twin. */
export const WebhooksPage = lazy(() => import('./webhooks-page').then((m) => ({ default: m.WebhooksPage })));
export const WebhooksDemoPage = lazy(() =>
  import('./webhooks-page').then((m) => ({ default: m.WebhooksDemoPage })),
);
/** The company screen's section: the endpoints linked to the company, with their delivery health. */
export { CompanyEndpoints } from './company-endpoints';
/** The live events every operations screen shows and refreshes itself on. */
export { useLiveEventStream, useLiveEvents } from './webhooks-api';
