import { lazy } from 'react';

/** Settings → API keys, loaded with the settings tab. */
export const ApiKeysSection = lazy(() =>
  import('./api-keys-section').then((m) => ({ default: m.ApiKeysSection })),
);
