import { lazy } from 'react';

/** /marketing: email campaigns, their editor and figures. */
export const MarketingPage = lazy(() =>
  import('./marketing-page').then((m) => ({ default: m.MarketingPage })),
);

/** /marketing-demo: the public read-only twin over the demo workspace. */
export const MarketingDemoPage = lazy(() =>
  import('./marketing-page').then((m) => ({ default: m.MarketingDemoPage })),
);
