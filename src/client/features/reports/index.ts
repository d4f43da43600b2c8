import { lazy } from 'react';

/** /reports: saved reports as charts and tables, and the builder. */
export const ReportsPage = lazy(() => import('./reports-page').then((m) => ({ default: m.ReportsPage })));
