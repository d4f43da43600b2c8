import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { demoAppsPath } from '@domain/ecosystem/ecosystem-schemas';
import type { Config } from '../../config.js';
import {
  addressPolicyFrom,
  createOutboundClient,
  type OutboundClient,
  ownOrigin,
} from '../../http/outbound.js';

const appSecrets = new Map<string, Map<number, string>>();

/**
 * An app's Standard Webhooks secret, derived from SECRET_KEY and the app's id: nothing secret is stored
 * in the database, every process computes the same one, and rotating SECRET_KEY rotates them all.
 */
export function appSecret(secretKey: string, appId: number): string {
  // Every inbound event and every delivery needs its app's secret: deriving it each time was about 15 of
  // the server's ~300 µs per inbound event (bench/webhooks). Bounded: one entry per app id seen recently.
  let secrets = appSecrets.get(secretKey);
  if (!secrets) {
    secrets = new Map();
    appSecrets.set(secretKey, secrets);
  }
  let secret = secrets.get(appId);
  if (secret === undefined) {
    const key = createHmac('sha256', secretKey).update(`ops-webhook-secret:${appId}`).digest('base64');
    secret = `whsec_${key}`;
    if (secrets.size > 10_000) secrets.clear();
    secrets.set(appId, secret);
  }
  return secret;
}

/** Standard Webhooks' tolerance: a timestamp more than five minutes off either way is refused. */
const toleranceSeconds = 5 * 60;

const keys = new Map<string, Buffer>();
/** The HMAC key a `whsec_` secret stands for (its base64 after the prefix), decoded once per secret. */
function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
    // A bounded cache: one entry per app id seen recently.
    if (keys.size > 10_000) keys.clear();
    keys.set(secret, key);
  }
  return key;
}

/**
 * The Standard Webhooks signature (base64 HMAC-SHA256 of `id.timestamp.body`), by node's native HMAC:
 * the standardwebhooks package's pure-JS SHA-256 (and the JSON.parse its verify adds) was ~23 µs of the
 * server's ~175 µs per inbound event and as much per delivery (bench/webhooks). The API tests check
 * what is sent against that package.
 */
const signatureOf = (secret: string, webhookId: string, seconds: number, body: string) =>
  createHmac('sha256', keyOf(secret)).update(`${webhookId}.${seconds}.${body}`).digest();

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export function signedHeaders(secret: string, webhookId: string, body: string, at: Date): SignedHeaders {
  const seconds = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': String(seconds),
    'webhook-signature': `v1,${signatureOf(secret, webhookId, seconds, body).toString('base64')}`,
  };
}

/**
 * True when the headers sign `body` with `secret` and the timestamp is within five minutes. Any of the
 * space-separated `v1,` signatures may match (a sender rotating its secret sends two); other versions
 * are ignored.
 */
export function verifySigned(secret: string, body: string, headers: Record<string, unknown>): boolean {
  const webhookId = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof webhookId !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string')
    return false;
  if (webhookId === '' || timestamp === '' || signatures === '') return false;
  const seconds = Number.parseInt(timestamp, 10);
  if (Number.isNaN(seconds) || Math.abs(Math.floor(Date.now() / 1000) - seconds) > toleranceSeconds)
    return false;
  const expected = Buffer.from(signatureOf(secret, webhookId, seconds, body).toString('base64'));
  for (const versioned of signatures.split(' ')) {
    const [version, signature] = versioned.split(',');
    if (version !== 'v1' || signature === undefined) continue;
    const given = Buffer.from(signature);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
  }
  return false;
}

export const newWebhookId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/** Where an app's inbound address is: this server's own origin (PUBLIC_URL's, else localhost:PORT). */
export function inboundUrl(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, appId: number): string {
  return `${ownOrigin(config)}${inboundPath(appId)}`;
}
export const inboundPath = (appId: number) => `/api/webhooks/in/${appId}`;

/**
 * A stored app URL as the hub fetches it: absolute, and `internal` when it names this server's own
 * simulator (/demo-apps/ paths), the one kind of URL allowed to reach this server itself.
 */
export function appTarget(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, url: string) {
  const internal = url.startsWith(demoAppsPath);
  return { url: internal ? new URL(url, ownOrigin(config)).toString() : url, internal };
}

/**
 * The guarded outbound client for probes (redirects followed) and deliveries (none, as Svix does): public addresses (plus OUTBOUND_ALLOW_*),
 * and this server's own origin on loopback for the demo apps' simulator.
 */
export function createHubClient(config: Config, maxRedirects: number): OutboundClient {
  return createOutboundClient({
    policy: addressPolicyFrom(config),
    publicUrl: config.PUBLIC_URL,
    connectTimeoutMs: Math.min(5_000, config.OUTBOUND_TIMEOUT_MS),
    totalTimeoutMs: config.OUTBOUND_TIMEOUT_MS,
    maxBytes: 64 * 1024,
    maxRedirects,
    ownOrigins: [ownOrigin(config)],
  });
}
