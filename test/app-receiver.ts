import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { appSecret, signedHeaders } from '../src/server/features/webhooks/signing.js';
import type { SignedUp, TestApp } from './test-app.js';

export interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * A local server standing in for the workspace's apps, shared by the webhooks, monitoring and superhub
 * API tests: each path is one way an app can answer a webhook or a probe.
 */
export interface AppReceiver {
  base: string;
  received: Received[];
  /** False: the /app paths answer 503, as an app that is down. */
  isAppUp: boolean;
  /** When set, the /app paths answer the integration handshake with this (a signed ack through the hub). */
  onHandshake: ((message: { data: { app_id: number; nonce: string } }) => Promise<void>) | null;
  close(): Promise<void>;
}

export async function startAppReceiver(): Promise<AppReceiver> {
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      receiver.received.push({ path, headers: req.headers, body });
      const answer = (status: number, headers: Record<string, string> = {}, text = 'ok') => {
        res.writeHead(status, { 'content-type': 'text/plain', ...headers });
        res.end(text);
      };
      if (path.startsWith('/app')) {
        if (!receiver.isAppUp) return answer(503, {}, 'down for maintenance');
        if (req.method === 'POST') {
          const message = JSON.parse(body);
          if (message.type === 'integration.handshake' && receiver.onHandshake)
            void receiver.onHandshake(message);
        }
        return answer(200, {}, 'received');
      }
      switch (path) {
        case '/fast':
          return answer(200);
        case '/fail':
          return answer(500, {}, 'internal error at the receiver');
        case '/gone':
          return answer(410, {}, 'gone');
        case '/busy':
          return answer(503, { 'retry-after': '120' }, 'busy');
        case '/slow':
          // Longer than any test app's OUTBOUND_TIMEOUT_MS (other files' workers share the queue): it times out.
          setTimeout(() => answer(200), 20_000).unref();
          return;
        default:
          return answer(404, {}, 'no such path');
      }
    });
  };
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const receiver: AppReceiver = {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: [],
    isAppUp: true,
    onHandshake: null,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return receiver;
}

/** Adds an ecosystem app (which gets its operations state, endpoint and monitor) and returns its id. */
export async function addApp(signedUp: SignedUp, name: string, url: string) {
  const res = await signedUp.client.post('/api/ecosystem/apps', {
    name,
    category: 'business',
    url,
    description: `${name} app`,
    type: 'B2C',
    pricing: { free: true },
    features: [],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

/** Posts an event to the app's inbound address as the app would: signed with its secret. */
export function postEvent(
  t: TestApp,
  appId: number,
  event: unknown,
  webhookId: string,
  secret = appSecret(t.config.secretKey, appId),
) {
  const body = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: `/api/webhooks/in/${appId}`,
    headers: { 'content-type': 'application/json', ...signedHeaders(secret, webhookId, body, new Date()) },
    payload: body,
  });
}

export async function until<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  seconds = 60,
): Promise<T> {
  for (let i = 0; i < seconds * 20; i++) {
    const value = await read();
    if (done(value)) return value;
    await sleep(50);
  }
  throw new Error(`gave up waiting for ${what}`);
}
