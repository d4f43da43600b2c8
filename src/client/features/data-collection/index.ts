import { lazy } from 'react';

/** The User integration and Data collection dashboard tabs. */
export const UserIntegrationPanel = lazy(() =>
  import('./user-integration-panel').then((m) => ({ default: m.UserIntegrationPanel })),
);
export const DataCollectionPanel = lazy(() =>
  import('./data-collection-panel').then((m) => ({ default: m.DataCollectionPanel })),
);
