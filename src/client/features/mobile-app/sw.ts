/// <reference lib="webworker" />
import { isAppPath } from '@domain/app-paths';
import type { SessionAnswer } from '@domain/auth/session-schemas';
import {
  isOfflineRead,
  offlineReadsCache,
  offlineReadsLimits,
  ownerOf,
  sessionPath,
} from '@domain/mobile-app/offline-reads';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst, NetworkOnly } from 'workbox-strategies';

/*
 * The installed app's service worker (docs/areas/mobile-app.md), built by vite-plugin-pwa from this file with
 * the list of built files put in `__WB_MANIFEST`. It answers only these requests: page loads of the app's
 * screens (from the network; the saved app page when offline), the built files (saved at install), and the
 * reads of `offline-reads.ts` with the session answer that names their owner (from the network; the saved
 * answer when offline). Anything else, every write included, goes to the network as if there were no service
 * worker: nothing is queued.
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// A new deploy's worker takes over at once, as the new server does: a page of the old deploy still open
// fares as it would with no worker (the files it has not loaded yet are gone from the server too).
self.skipWaiting();
clientsClaim();

// Screens always load from the network when it answers: a deploy shows at once, and tests read what the
// server sends. Offline, the saved app page starts, and the app reads what it kept.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isAppPath(url.pathname),
  new NetworkOnly({ plugins: [{ handlerDidError: () => matchPrecache('/index.html') }] }),
);

// Hashed scripts, styles and the icons: saved at install, served from there.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

const clearOfflineReads = async () => {
  await caches.delete(offlineReadsCache);
  await new CacheExpiration(offlineReadsCache, offlineReadsLimits).delete();
};

const savedSession = async (): Promise<Response | undefined> =>
  (await caches.has(offlineReadsCache))
    ? (await caches.open(offlineReadsCache)).match(sessionPath)
    : undefined;

async function ownerOfResponse(response: Response | undefined): Promise<string | null> {
  return response ? ownerOf((await response.clone().json()) as SessionAnswer) : null;
}

/**
 * The session answer decides whose data the cache holds: signed out, it is emptied; another user or another
 * workspace, it is emptied and starts again for them. The answer is kept beside their reads so that, offline,
 * the shell shows the same user (and the banner) instead of sending them to a sign-in page that cannot load.
 */
async function followSession(response: Response): Promise<void> {
  const owner = await ownerOfResponse(response);
  const previous = await ownerOfResponse(await savedSession());
  if (owner !== previous) await clearOfflineReads();
  if (owner !== null) await (await caches.open(offlineReadsCache)).put(sessionPath, response.clone());
}

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === sessionPath,
  async ({ request }) => {
    let response: Response;
    try {
      response = await fetch(request);
    } catch (error) {
      const saved = await savedSession();
      if (saved) return saved;
      throw error;
    }
    if (response.ok) await followSession(response);
    return response;
  },
);

/** A read is kept only while the cache names its owner, and only a complete answer (200). */
const onlyForTheOwner: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) =>
    response.status === 200 && (await savedSession()) !== undefined ? response : null,
};

registerRoute(
  ({ request, url, sameOrigin }) => sameOrigin && isOfflineRead(request.method, url.pathname),
  new NetworkFirst({
    cacheName: offlineReadsCache,
    plugins: [onlyForTheOwner, new ExpirationPlugin({ ...offlineReadsLimits, purgeOnQuotaError: true })],
  }),
);

// Signing out, or switching workspace, empties the cache before the next page asks anything.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'clear-offline-reads') event.waitUntil(clearOfflineReads());
});
