import { lazy } from 'react';

export const IphoneSyncPanel = lazy(() =>
  import('./iphone-sync-panel').then((m) => ({ default: m.IphoneSyncPanel })),
);
/** Settings → Sync tokens. */
export const SyncTokensSection = lazy(() =>
  import('./sync-tokens-section').then((m) => ({ default: m.SyncTokensSection })),
);
