import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.js';
import { payFormScript } from '../features/checkout/test-checkout-page.js';

const scriptHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/**
 * The Content-Security-Policy of every page the server sends: scripts only from our own bundle (and
 * the test checkout's one inline script), styles also inline (Radix positions popovers with style
 * attributes), images also from https (profile pictures), frames only from the scheduling widget's
 * origin, and no page of ours inside anyone's frame. The service worker and the web app manifest come
 * from our own origin only (they would fall back to script-src and default-src; named, so a change to
 * those cannot let a foreign worker control the app).
 */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", scriptHash(payFormScript)],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-src': [new URL(config.SCHEDULER_URL).origin],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
  };
}

/**
 * helmet: CSP, nosniff, frame and referrer policies everywhere; HSTS in production (served over https).
 * helmet itself, not @fastify/helmet: that plugin builds helmet's middleware, parsing the whole policy,
 * on every request, which cost more than routing does. The headers never change, so helmet runs once,
 * at start, and each response gets the headers it set (its chain of a dozen middlewares per request
 * was ~15 µs of an inbound webhook's ~300).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    // helmet removes X-Powered-By, which Node never sets.
    removeHeader: () => {},
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // Not 'no-referrer': with it, browsers send "Origin: null" on form posts and the same-origin check refuses them.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: config.NODE_ENV === 'production' ? { maxAge: 31_536_000 } : false,
  })({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
