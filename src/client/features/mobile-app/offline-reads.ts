import { offlineReadsCache } from '@domain/mobile-app/offline-reads';

/**
 * Empties the offline copy of the user's contacts and deals. Called when the user signs out or switches
 * workspace; the service worker also empties it when the session answer names someone else or nobody.
 * The worker is told too, as it keeps the copy's bookkeeping (the addresses and their ages) beside it.
 */
export async function clearOfflineReads(): Promise<void> {
  if (!('caches' in window)) return;
  navigator.serviceWorker?.controller?.postMessage({ type: 'clear-offline-reads' });
  await caches.delete(offlineReadsCache);
}
