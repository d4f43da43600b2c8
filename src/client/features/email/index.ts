import { lazy } from 'react';

export const EmailProcessingDialog = lazy(() =>
  import('./email-processing-dialog').then((m) => ({ default: m.EmailProcessingDialog })),
);
export const EmailIntegrationDialog = lazy(() =>
  import('./email-integration-dialog').then((m) => ({ default: m.EmailIntegrationDialog })),
);
