/**
 * Sends one page view of the product's own public pages (landing page, -demo screens) to the demo
 * workspace's website number `site`, so the demo shows real numbers. Call it once per screen:
 *   useEffect(() => trackProductPageView(), []);
 * No cookie goes with it, and Do Not Track turns it off, as with the websites' tag.
 */
export function trackProductPageView(site = 1): void {
  if (navigator.doNotTrack === '1') return;
  const body = {
    s: `demo-${site}`,
    n: 'pageview',
    u: location.href,
    w: window.innerWidth,
    ...(document.referrer ? { r: document.referrer } : {}),
  };
  fetch('/api/analytics/event', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'text/plain' },
    credentials: 'omit',
    keepalive: true,
  }).catch(() => {
    // Analytics must never disturb the page.
  });
}
