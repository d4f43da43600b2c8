import type { OutboundClient, OutboundResponse } from '../../http/outbound.js';
import { OutboundError } from '../../http/outbound-error.js';
import { normalizeUrl } from './urls.js';

/** What one request to a URL answered: a status (and where a redirect points), or why there was none. */
export interface FetchOutcome {
  httpStatus: number | null;
  location: string | null;
  /** An outbound error kind ('timeout', 'blocked_address', ...) or 'redirect_loop'. */
  error: string | null;
  responseMs: number;
  sizeBytes: number | null;
  contentType: string | null;
  body: string | null;
}

const maxExternalHops = 10;

function header(response: OutboundResponse, name: string): string | null {
  const value = response.headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

/** One request without following redirects; an HTTP error status is an outcome, not a failure. */
export async function fetchOnce(
  client: OutboundClient,
  url: string,
  options: { method: 'GET' | 'HEAD'; maxBytes?: number; timeoutMs?: number },
): Promise<FetchOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await client.fetch(url, {
      method: options.method,
      redirect: 'manual',
      maxBytes: options.maxBytes,
      totalTimeoutMs: options.timeoutMs,
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    const location = header(response, 'location');
    return {
      httpStatus: response.status,
      location:
        location && response.status >= 300 && response.status < 400 ? normalizeUrl(location, url) : null,
      error: null,
      responseMs: elapsed(),
      sizeBytes: response.body.length,
      contentType: header(response, 'content-type'),
      body: options.method === 'GET' ? response.text() : null,
    };
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    const status = error.kind === 'http_error' ? (error.httpStatus ?? null) : null;
    return {
      httpStatus: status,
      location: null,
      error: status === null ? error.kind : null,
      responseMs: elapsed(),
      sizeBytes: null,
      contentType: null,
      body: null,
    };
  }
}

export interface ExternalCheck {
  httpStatus: number | null;
  error: string | null;
  chain: { url: string; status: number }[];
  responseMs: number;
}

/** An address that refuses or does not exist answers the same to GET: only a bad answer is worth a retry. */
const noRetry = new Set([
  'blocked_address',
  'own_address',
  'unresolved',
  'invalid_url',
  'redirect_loop',
  'too_many_redirects',
]);

/**
 * An external link is checked, not crawled: HEAD, and GET when HEAD fails (many servers mishandle HEAD),
 * following redirects hop by hop so the chain is known. A body too large to read still proves the page exists.
 */
export async function checkExternal(
  client: OutboundClient,
  url: string,
  timeoutMs: number,
): Promise<ExternalCheck> {
  const head = await followChain(client, url, 'HEAD', timeoutMs);
  if (isAlive(head) || (head.error !== null && noRetry.has(head.error))) return head;
  return followChain(client, url, 'GET', timeoutMs);
}

function isAlive(check: ExternalCheck): boolean {
  return (
    check.error === 'too_large' ||
    (check.error === null && check.httpStatus !== null && check.httpStatus < 400)
  );
}

async function followChain(
  client: OutboundClient,
  url: string,
  method: 'GET' | 'HEAD',
  timeoutMs: number,
): Promise<ExternalCheck> {
  const chain: { url: string; status: number }[] = [];
  let current = url;
  let responseMs = 0;
  for (;;) {
    const outcome = await fetchOnce(client, current, { method, maxBytes: 256 * 1024, timeoutMs });
    responseMs += outcome.responseMs;
    if (outcome.httpStatus !== null && outcome.location) {
      chain.push({ url: current, status: outcome.httpStatus });
      if (chain.some((hop) => hop.url === outcome.location))
        return { httpStatus: outcome.httpStatus, error: 'redirect_loop', chain, responseMs };
      if (chain.length >= maxExternalHops)
        return { httpStatus: outcome.httpStatus, error: 'too_many_redirects', chain, responseMs };
      current = outcome.location;
      continue;
    }
    if (chain.length > 0 && outcome.httpStatus !== null)
      chain.push({ url: current, status: outcome.httpStatus });
    return { httpStatus: outcome.httpStatus, error: outcome.error, chain, responseMs };
  }
}
