import { lazy } from 'react';

/** /contacts/duplicates: suggestions with their reasons, merge with field choices, recent merges with undo. */
export const DuplicatesPage = lazy(() =>
  import('./duplicates-page').then((m) => ({ default: m.DuplicatesPage })),
);
