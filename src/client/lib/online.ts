import { useSyncExternalStore } from 'react';

/**
 * Whether the browser says it has no network. Only `false` counts: where `navigator.onLine` does not exist
 * (Node, in the unit tests) the app behaves as online.
 */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const online = () => false;

/**
 * `isOffline()` as state: the component renders again when the connection goes or comes back. A prerendered
 * page is drawn online (no banner), and hydration then shows the browser's own state.
 */
export function useIsOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, online);
}
