import { lazy } from 'react';

/** The dashboard's Succession tab (Legacy group). */
export const SuccessionPanel = lazy(() =>
  import('./succession-panel').then((m) => ({ default: m.SuccessionPanel })),
);
