/**
 * Registers the service worker (sw.ts, built as /sw.js) in production builds, which the browser tests run
 * too. Not in development: Vite serves source modules there that the worker's list of built files does not
 * know. workbox-window registers once the page has loaded, so the worker's downloads never compete with the
 * first paint; it loads on its own, off the first page's scripts.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // A browser that refuses workers (a private window, a policy, a test context) runs the app as before.
  import('workbox-window').then(({ Workbox }) => new Workbox('/sw.js').register()).catch(() => undefined);
}
