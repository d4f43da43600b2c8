import { lazy } from 'react';

export const DashboardPage = lazy(() =>
  import('./dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
/** The dashboard's own first tab. */
export const OverviewPanel = lazy(() =>
  import('./overview-panel').then((m) => ({ default: m.OverviewPanel })),
);
export { type DashboardTabId, dashboardHref, dashboardTabIds } from './dashboard-tabs';
export { registerTabPanels, type TabPanel } from './tab-panels';
