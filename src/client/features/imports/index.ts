import { lazy } from 'react';

export const ImportCsvDialog = lazy(() =>
  import('./import-csv-dialog').then((m) => ({ default: m.ImportCsvDialog })),
);
