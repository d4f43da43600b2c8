import { createHmac, randomUUID } from 'node:crypto';
import { demoAppsPath } from '@domain/ecosystem/ecosystem-schemas';
import { Webhook } from 'standardwebhooks';
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

const webhooks = new Map<string, Webhook>();
function webhookFor(secret: string): Webhook {
  let hook = webhooks.get(secret);
  if (!hook) {
    hook = new Webhook(secret);
    // A bounded cache: one entry per app id seen recently.
    if (webhooks.size > 10_000) webhooks.clear();
    webhooks.set(secret, hook);
  }
  return hook;
}

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export function signedHeaders(secret: string, webhookId: string, body: string, at: Date): SignedHeaders {
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': webhookFor(secret).sign(webhookId, at, body),
  };
}

/** True when the headers sign `body` with `secret` and the timestamp is within five minutes. */
export function verifySigned(secret: string, body: string, headers: Record<string, unknown>): boolean {
  const pick = (name: string) => (typeof headers[name] === 'string' ? (headers[name] as string) : '');
  try {
    webhookFor(secret).verify(body, {
      'webhook-id': pick('webhook-id'),
      'webhook-timestamp': pick('webhook-timestamp'),
      'webhook-signature': pick('webhook-signature'),
    });
    return true;
  } catch {
    return false;
  }
}

export const newWebhookId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/** Where an app's inbound address is: this server's own origin (PUBLIC_URL's, else localhost:PORT). */
export function inboundUrl(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, appId: number): string {
  return `${ownOrigin(config)}${inboundPath(appId)}`;
}
export const inboundPath = (appId: number) => `/api/webhooks/in/${appId}`;

/** A stored app URL made absolute: /demo-apps/ paths are this server's simulator. */
export function absoluteUrl(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, url: string): string {
  return url.startsWith(demoAppsPath) ? new URL(url, ownOrigin(config)).toString() : url;
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
