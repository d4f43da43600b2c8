import { lazy } from 'react';

/** The dashboard's automation tab: workflows, their builder and the figures measured from their runs. */
export const AutomationPanel = lazy(() =>
  import('./automation-panel').then((m) => ({ default: m.AutomationPanel })),
);
