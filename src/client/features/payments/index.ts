import { lazy } from 'react';

export const PaymentsPanel = lazy(() =>
  import('./payments-panel').then((m) => ({ default: m.PaymentsPanel })),
);
export { PaymentsTable } from './payments-table';
