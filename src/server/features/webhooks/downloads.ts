import { documentedAppEndpoints, hubEvents } from '@domain/webhooks/webhook-schemas';
import type { Tx } from '../../db/database.js';
import { type AppDeps, now } from '../../deps.js';
import { webhookConfigOf, webhookConfigs } from './service.js';
import { appSecret } from './signing.js';

/** The six steps of the Deployment Guide tab, also written into the package. */
export const deploymentSteps = [
  'Download the configuration of each app',
  'Add the snippet to the app (server side: it holds the signing secret)',
  'Configure the server endpoints the app listens on (POST /api/receive)',
  'Send a test webhook and check it in the delivery log',
  'Monitor events, uptime and deliveries on the Central Monitoring screen',
  'Set up alerting and backup',
];

/** A download's file name from its app's name (every app file the hub hands out is named this way). */
export const appFileSlug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'app';

/** GET /api/webhook-config/:appId/download: everything the app needs, its secret included (admins only). */
export async function configFile(deps: AppDeps, tx: Tx, appId: number) {
  const config = await webhookConfigOf(deps, tx, appId);
  return {
    fileName: `${appFileSlug(config.app)}-webhook-config.json`,
    body: JSON.stringify(
      {
        ...config,
        signing_secret: appSecret(deps.config.secretKey, appId),
        signature_scheme: 'Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature)',
        hub_events: Object.values(hubEvents),
        documented_endpoints: [...documentedAppEndpoints],
      },
      null,
      2,
    ),
  };
}

/**
 * GET /api/webhook-snippet/:appId/download: a dependency-free Node module for the app's server that
 * posts signed events to the hub and verifies the hub's signed webhooks (answering the handshake).
 */
export async function snippetFile(deps: AppDeps, tx: Tx, appId: number) {
  const config = await webhookConfigOf(deps, tx, appId);
  const body = snippetSource({
    app: config.app,
    inboundUrl: config.inbound_url,
    secret: appSecret(deps.config.secretKey, appId),
    listeners: config.listeners,
  });
  return { fileName: `${appFileSlug(config.app)}-hub-webhooks.mjs`, body };
}

/**
 * JavaScript source for a string (also inside a `//` comment): JSON.stringify escapes quotes, backslashes
 * and CR/LF, and U+2028/U+2029 are escaped too, since they end a `//` comment (a user's app name holding a
 * line break once became a statement of the downloaded file, which holds the signing secret).
 */
export const jsString = (text: string) =>
  JSON.stringify(text)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The snippet's text: user text (the app's name, listener paths) enters only through `jsString`. */
export function snippetSource(input: {
  app: string;
  inboundUrl: string;
  secret: string;
  listeners: { event: string; path: string }[];
}): string {
  return `// Business Hub webhooks for the app named below. Keep this file on the server: it holds the signing secret.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

export const APP_NAME = ${jsString(input.app)};
const HUB_URL = ${jsString(input.inboundUrl)};
const SECRET = Buffer.from(${jsString(input.secret.slice('whsec_'.length))}, 'base64');

const sign = (id, timestamp, body) =>
  \`v1,\${createHmac('sha256', SECRET).update(\`\${id}.\${timestamp}.\${body}\`).digest('base64')}\`;

/** Posts a signed event to the hub, e.g. sendHubEvent('user.signup', { email }). */
export async function sendHubEvent(type, data = {}, { status = 'ok', tag, description } = {}) {
  const id = \`msg_\${randomUUID().replaceAll('-', '')}\`;
  const timestamp = String(Math.floor(Date.now() / 1000));
  const body = JSON.stringify({ type, status, tag, description, data });
  const response = await fetch(HUB_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': sign(id, timestamp, body) },
    body,
  });
  if (!response.ok) throw new Error(\`The hub answered \${response.status}\`);
}

/** Verifies a webhook from the hub (raw body, request headers); returns the parsed message or throws. */
export function verifyHubWebhook(rawBody, headers) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  if (!id || !timestamp || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) throw new Error('stale or unsigned');
  const expected = Buffer.from(sign(id, timestamp, rawBody));
  const valid = String(headers['webhook-signature'] ?? '').split(' ').some((s) => {
    const given = Buffer.from(s);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!valid) throw new Error('bad signature');
  return JSON.parse(rawBody);
}

/** Call with each verified message: answers the integration handshake with the signed acknowledgement. */
export async function onHubWebhook(message) {
  if (message.type === ${JSON.stringify(hubEvents.handshake)})
    await sendHubEvent(${JSON.stringify(hubEvents.ack)}, { nonce: message.data.nonce });
}

// Listeners: ${jsString(input.listeners.map((l) => `${l.event} -> ${l.path}`).join(', '))}
`;
}

/** GET /api/deployment-package/download: every app's configuration and the guide's steps. */
export async function deploymentPackage(deps: AppDeps, tx: Tx) {
  const { configs } = await webhookConfigs(deps, tx);
  return {
    fileName: 'webhook-deployment-package.json',
    body: JSON.stringify(
      {
        generated_at: now(deps).toISOString(),
        steps: deploymentSteps,
        documented_endpoints: [...documentedAppEndpoints],
        apps: configs.map((c) => ({ ...c, signing_secret: appSecret(deps.config.secretKey, c.app_id) })),
      },
      null,
      2,
    ),
  };
}
