import { lazy } from 'react';

/** The Cross-sales dashboard tab. */
export const CrossSalesPanel = lazy(() =>
  import('./cross-sales-panel').then((m) => ({ default: m.CrossSalesPanel })),
);
