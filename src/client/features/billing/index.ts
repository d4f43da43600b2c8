import { lazy } from 'react';

/** Settings → Plan & billing. */
export const BillingSection = lazy(() =>
  import('./billing-section').then((m) => ({ default: m.BillingSection })),
);
export { useChangePlan, useSubscription } from './billing-api';
export { SubscriptionList } from './subscription-list';
