import { lazy } from 'react';

export const TechstackPage = lazy(() =>
  import('./techstack-page').then((m) => ({ default: m.TechstackPage })),
);
