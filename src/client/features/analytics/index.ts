import { lazy } from 'react';

/** The dashboard's Analytics tab; Recharts loads with it and nowhere else. */
export const AnalyticsPanel = lazy(() =>
  import('./analytics-panel').then((m) => ({ default: m.AnalyticsPanel })),
);
export { useAppFigures, useContactPageViews } from './analytics-api';
export { InstallSnippet } from './install-snippet';
export { trackProductPageView } from './track';
