import { lazy } from 'react';

/** /marketing: email campaigns, their editor and figures. */
export const MarketingPage = lazy(() =>
  import('./marketing-page').then((m) => ({ default: m.MarketingPage })),
);
