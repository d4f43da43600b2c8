import { lazy } from 'react';

export const PricingPage = lazy(() => import('./pricing-page').then((m) => ({ default: m.PricingPage })));
