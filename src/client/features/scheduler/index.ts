import { lazy } from 'react';

export const SchedulerPage = lazy(() =>
  import('./scheduler-page').then((m) => ({ default: m.SchedulerPage })),
);
