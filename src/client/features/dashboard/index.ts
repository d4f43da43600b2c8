import { lazy } from 'react';

export const DashboardPage = lazy(() =>
  import('./dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
/** The frame of every signed-in screen (sidebar, header, language menu); the route table puts each in it. */
export const AppShell = lazy(() => import('./app-shell').then((m) => ({ default: m.AppShell })));
/** The dashboard's own first tab. */
export const OverviewPanel = lazy(() =>
  import('./overview-panel').then((m) => ({ default: m.OverviewPanel })),
);
export { type DashboardTabId, dashboardHref, dashboardTabIds } from './dashboard-tabs';
export { registerTabPanels, type TabPanel } from './tab-panels';
