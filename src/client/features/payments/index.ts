import { lazy } from 'react';

export const PaymentsPanel = lazy(() =>
  import('./payments-panel').then((m) => ({ default: m.PaymentsPanel })),
);
/** Settings → Plan & billing. */
export const BillingSection = lazy(() =>
  import('./billing-section').then((m) => ({ default: m.BillingSection })),
);
export { useSubscription } from './payments-api';
