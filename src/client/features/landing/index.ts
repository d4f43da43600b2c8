import { lazy } from 'react';

export const LandingPage = lazy(() => import('./landing-page').then((m) => ({ default: m.LandingPage })));
