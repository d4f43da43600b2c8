import { lazy } from 'react';

/** /reports: saved reports as charts and tables, and the builder. */
export const ReportsPage = lazy(() => import('./reports-page').then((m) => ({ default: m.ReportsPage })));

/** /reports/dashboards: reports arranged on dashboards. */
export const DashboardsPage = lazy(() =>
  import('./dashboards-page').then((m) => ({ default: m.DashboardsPage })),
);

/** The dashboard tab's stat cards, or the member's own dashboard in their place. */
export const HomeDashboard = lazy(() =>
  import('./home-dashboard').then((m) => ({ default: m.HomeDashboard })),
);

/** A list screen's Export menu (CSV / Excel), small enough to load with the list. */
export { ExportMenu } from './export-menu';
