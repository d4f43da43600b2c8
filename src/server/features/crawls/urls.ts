import type { Config } from '../../config.js';

/** An absolute http(s) URL without its fragment, or null for anything a crawler cannot follow. */
export function normalizeUrl(href: string, base: string): string | null {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  url.hash = '';
  return url.toString();
}

const siteHost = (url: URL) => url.host.replace(/^www\./, '');

/**
 * Within the crawled site: the same host (and port), with or without `www.`, over http or https, and
 * under the start URL's folder (a site started at `/` is the whole host; the demo's `/demo-sites/2/` is
 * that folder only).
 */
export function isInSite(url: string, startUrl: string): boolean {
  const target = new URL(url);
  const start = new URL(startUrl);
  const folder = start.pathname.slice(0, start.pathname.lastIndexOf('/') + 1);
  return siteHost(target) === siteHost(start) && target.pathname.startsWith(folder);
}

export function isLoopbackHost(hostname: string): boolean {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  return bare === 'localhost' || bare === '::1' || /^127\./.test(bare);
}

const wildcardHosts = new Set(['0.0.0.0', '::', 'localhost', '']);
const originOf = (host: string, port: number) =>
  `http://${wildcardHosts.has(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host}:${port}`;

/** Set when the HTTP server listens (PORT=0 picks a port only then); the workers run in the same process. */
let listeningOrigin: string | null = null;

export function setListeningAddress(host: string, port: number): void {
  listeningOrigin = originOf(host, port);
}

/**
 * Where this server answers on loopback, for the demo's fixture sites (`/demo-sites/<n>/`): an IP literal,
 * so the outbound client's one loopback exception cannot be redirected by DNS.
 */
export function ownOrigin(config: Pick<Config, 'HOST' | 'PORT'>): string {
  return listeningOrigin ?? originOf(config.HOST, config.PORT);
}

/** A stored start URL: absolute, or a path on this server's own origin (the demo's fixture sites). */
export function resolveStartUrl(stored: string | null, domain: string, origin: string): string {
  if (stored === null) return `https://${domain}/`;
  return stored.startsWith('/') ? new URL(stored, origin).toString() : stored;
}
