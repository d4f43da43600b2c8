import { lazy } from 'react';

/** Central Monitoring (the superhub dashboard) and Phase 3, with their demo twins. */
export const SuperhubPage = lazy(() => import('./superhub-page').then((m) => ({ default: m.SuperhubPage })));
export const SuperhubDemoPage = lazy(() =>
  import('./superhub-page').then((m) => ({ default: m.SuperhubDemoPage })),
);
export const Phase3Page = lazy(() => import('./phase3-page').then((m) => ({ default: m.Phase3Page })));
export const Phase3DemoPage = lazy(() =>
  import('./phase3-page').then((m) => ({ default: m.Phase3DemoPage })),
);
