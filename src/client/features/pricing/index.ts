import { lazy } from 'react';

export const SuccessPage = lazy(() => import('./success-page').then((m) => ({ default: m.SuccessPage })));
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
