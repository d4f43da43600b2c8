import { transform } from 'esbuild';

/**
 * The tracking script each website embeds (served at /api/analytics/script.js). It sends a page view on
 * load and on every single-page-app navigation (history.pushState, replaceState with a new path, popstate),
 * and `window.hubTrack(name, props)` sends a custom event. No cookies or storage: the server counts
 * visitors by a daily-rotating hash. Do Not Track turns it off. text/plain keeps the POST a "simple"
 * cross-origin request, so browsers send it without a preflight. A campaign email's link to the site
 * carries a contact token (hub_ct): the script sends it with the first page view (the server identifies
 * the visitor with it) and takes it out of the address bar, so a copied address does not carry it on; it
 * keeps it nowhere and leaves every other parameter as it was.
 */
const source = `(function () {
  var w = window, d = document, n = navigator, h = history, l = location;
  var me = d.currentScript;
  if (!me) return;
  var key = me.getAttribute('data-site');
  var endpoint = new URL('/api/analytics/event', me.src).href;
  var dnt = n.doNotTrack === '1' || w.doNotTrack === '1';
  var last = null;
  var token = /[?&]hub_ct=([^&#]*)/.exec(l.search);
  if (token) {
    token = token[1];
    h.replaceState(h.state, '', l.pathname + l.search.replace(/[?&]hub_ct=[^&#]*/, '').replace(/^&/, '?') + l.hash);
  }
  function send(name, props) {
    if (dnt || !key) return;
    var body = { s: key, n: name, u: l.href, w: w.innerWidth };
    if (d.referrer) body.r = d.referrer;
    if (props) body.p = props;
    if (token) body.c = token;
    token = null;
    try {
      fetch(endpoint, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'Content-Type': 'text/plain' },
        credentials: 'omit',
        keepalive: true,
      }).catch(function () {});
    } catch (e) {}
  }
  function page() {
    var path = l.pathname + l.search;
    if (path === last) return;
    last = path;
    send('pageview');
  }
  function wrap(method) {
    var original = h[method];
    h[method] = function () {
      var result = original.apply(this, arguments);
      page();
      return result;
    };
  }
  wrap('pushState');
  wrap('replaceState');
  w.addEventListener('popstate', page);
  var queued = w.hubTrack && w.hubTrack.q;
  w.hubTrack = function (name, props) { send(String(name), props); };
  if (queued) for (var i = 0; i < queued.length; i++) w.hubTrack.apply(null, queued[i]);
  page();
})();`;

let minified: Promise<string> | null = null;

/** The minified script, built once per process. */
export function trackerScript(): Promise<string> {
  minified ??= transform(source, { minify: true, target: 'es2017' }).then((r) => r.code);
  return minified;
}

/** The tag a site owner pastes into every page, before </head>. */
export function snippetFor(origin: string, trackingKey: string): string {
  return `<script defer data-site="${trackingKey}" src="${origin}/api/analytics/script.js"></script>`;
}
