import { lazy } from 'react';

export const PricingPage = lazy(() => import('./pricing-page').then((m) => ({ default: m.PricingPage })));
export const PricingSelectorPage = lazy(() =>
  import('./pricing-selector-page').then((m) => ({ default: m.PricingSelectorPage })),
);
export const LocalBusinessPage = lazy(() =>
  import('./local-business-page').then((m) => ({ default: m.LocalBusinessPage })),
);
export const ReossPage = lazy(() => import('./reoss-page').then((m) => ({ default: m.ReossPage })));
export const CardPricingPage = lazy(() =>
  import('./card-pricing-page').then((m) => ({ default: m.CardPricingPage })),
);
/** The dashboard's Pricing tab. */
export const PricingTabPanel = lazy(() =>
  import('./pricing-tab-panel').then((m) => ({ default: m.PricingTabPanel })),
);
