import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOverHttp as call, useServerProcesses } from '../../../../test/server-process.js';
import { signUpOverHttp, uniqueEmail } from '../../../../test/test-app.js';
import { loadConfig } from '../../config.js';
import { appSecret, signedHeaders } from './signing.js';

// Real server processes on the test database (as two machines behind a load balancer would be), and a
// local receiver that counts what arrives per webhook id.
let receiver: Server;
let base: string;
/** Webhook ids answered 200, in order (a retry of an id the receiver never answered is not a repeat). */
const acknowledged: string[] = [];
const arrivals: string[] = [];
const held: ServerResponse[] = [];
let holding = false;
let ackTo: { baseUrl: string; secretKey: string } | null = null;

function handle(req: IncomingMessage, res: ServerResponse) {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    const id = String(req.headers['webhook-id'] ?? '');
    arrivals.push(id);
    if (holding) {
      held.push(res);
      return;
    }
    const message = req.method === 'POST' && body ? JSON.parse(body) : null;
    if (message?.type === 'integration.handshake' && ackTo) {
      const { baseUrl, secretKey } = ackTo;
      const appId = message.data.app_id as number;
      const ack = JSON.stringify({ type: 'integration.ack', data: { nonce: message.data.nonce } });
      void fetch(`${baseUrl}/api/webhooks/in/${appId}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...signedHeaders(appSecret(secretKey, appId), `msg_ack_${appId}`, ack, new Date()),
        },
        body: ack,
      });
    }
    res.on('finish', () => acknowledged.push(id));
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
  });
}

const env = { OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8,::1/128', OUTBOUND_TIMEOUT_MS: '1000' };
// Every process of one deployment shares SECRET_KEY (the apps' webhook secrets are derived from it); so do tests.
const { secretKey } = loadConfig({ NODE_ENV: 'test' });

beforeAll(async () => {
  receiver = createServer(handle);
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of held) res.destroy();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

const servers = useServerProcesses();
const start = () => servers.start(env);

async function signUp(baseUrl: string) {
  return signUpOverHttp(baseUrl, {
    firstName: 'Pat',
    lastName: 'Process',
    email: uniqueEmail('processes'),
    password: 'correct-horse-battery',
    businessName: 'Process Co',
    plan: 'enterprise',
  });
}

async function setUpApp(baseUrl: string, cookie: string, name: string, path: string) {
  const app = await call(baseUrl, cookie, 'POST', '/api/ecosystem/apps', {
    name,
    category: 'business',
    url: `${base}/app/${name}`,
    type: 'B2C',
    pricing: { free: true },
    features: [],
  });
  expect(app.status).toBe(201);
  const endpoint = await call(baseUrl, cookie, 'POST', '/api/webhook-endpoints', {
    appId: app.json.id,
    url: `${base}${path}`,
    events: ['order.created'],
  });
  expect(endpoint.status).toBe(201);
  return { appId: app.json.id as number, endpointId: endpoint.json.id as number };
}

function postEvent(baseUrl: string, appId: number, webhookId: string, description: string) {
  const body = JSON.stringify({ type: 'order.created', description });
  return fetch(`${baseUrl}/api/webhooks/in/${appId}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...signedHeaders(appSecret(secretKey, appId), webhookId, body, new Date()),
    },
    body,
  });
}

async function until<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 1200; i++) {
    const value = await read();
    if (done(value)) return value;
    await sleep(100);
  }
  throw new Error(`gave up waiting for ${what}`);
}

const deliveryStates = async (endpointId: number) =>
  (
    await servers
      .db()
      .query('select webhook_id, status, attempts from ops_deliveries where endpoint_id = $1 order by id', [
        endpointId,
      ])
  ).rows as { webhook_id: string; status: string; attempts: number }[];

describe('two app processes on one database', () => {
  it('share the work: each delivery sent once, each integration run once, live events cross processes', async () => {
    const [a, b] = [await start(), await start()];
    const cookie = await signUp(a.baseUrl);
    const { appId, endpointId } = await setUpApp(a.baseUrl, cookie, 'shared', '/shared');

    // A screen open on B.
    const controller = new AbortController();
    const stream = await fetch(`${b.baseUrl}/api/live-events/stream`, {
      headers: { cookie },
      signal: controller.signal,
    });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    let streamed = '';
    const reading = (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        streamed += new TextDecoder().decode(value);
      }
    })();
    await until(
      'the stream to open',
      async () => streamed,
      (s) => s.includes(': connected'),
    );

    // Events posted to both processes, alternately.
    const count = 40;
    for (let i = 0; i < count; i++) {
      const res = await postEvent(
        i % 2 ? b.baseUrl : a.baseUrl,
        appId,
        `msg_two_${i}`,
        `Order ${i} via ${i % 2 ? 'B' : 'A'}`,
      );
      expect(res.status).toBe(202);
    }
    // An event posted to A reaches the screen open on B.
    await until(
      'the live event on B',
      async () => streamed,
      (s) => s.includes('Order 0 via A'),
    );
    controller.abort();
    await reading;

    const rows = await until(
      'every delivery',
      () => deliveryStates(endpointId),
      (r) => r.length === count && r.every((d) => d.status === 'succeeded'),
    );
    expect(rows.every((d) => d.attempts === 1)).toBe(true);
    const ids = rows.map((d) => d.webhook_id);
    expect(new Set(ids).size).toBe(count);
    // Each webhook id arrived exactly once although both processes' workers took deliveries.
    expect(ids.map((id) => arrivals.filter((x) => x === id).length)).toEqual(ids.map(() => 1));

    // An integration started on A runs once: one handshake, acknowledged to B.
    ackTo = { baseUrl: b.baseUrl, secretKey };
    expect((await call(a.baseUrl, cookie, 'POST', `/api/integrate/${appId}`)).status).toBe(202);
    await until(
      'the integration',
      async () =>
        (await call(b.baseUrl, cookie, 'GET', '/api/integration-status')).json.applications.shared.status,
      (s) => s === 'active' || s === 'error',
    );
    expect(
      (await call(b.baseUrl, cookie, 'GET', '/api/integration-status')).json.applications.shared.status,
    ).toBe('active');
    const handshakes = await servers.db().query(
      `select count(*)::int as n from ops_deliveries d join ops_endpoints e on e.id = d.endpoint_id
       where e.app_id = $1 and d.event_type = 'integration.handshake'`,
      [appId],
    );
    expect(handshakes.rows[0].n).toBe(1);
    ackTo = null;
    for (const server of [a, b]) server.child.kill('SIGKILL');
  }, 400_000);

  it('a delivery interrupted by kill -9 is delivered after the restart, exactly once per webhook id', async () => {
    const first = await start();
    const cookie = await signUp(first.baseUrl);
    const { appId, endpointId } = await setUpApp(first.baseUrl, cookie, 'crashy', '/hold');
    holding = true;
    const count = 20;
    for (let i = 0; i < count; i++)
      expect((await postEvent(first.baseUrl, appId, `msg_kill_${i}`, `Kill ${i}`)).status).toBe(202);
    // Deliveries are in flight at the receiver, unanswered: kill -9 the server now.
    await until(
      'a delivery in flight',
      async () => held.length,
      (n) => n > 0,
    );
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await exited;
    const inFlight = held.length;
    for (const res of held.splice(0)) res.destroy();
    holding = false;

    await start();
    const rows = await until(
      'every delivery after the restart',
      () => deliveryStates(endpointId),
      (r) => r.length === count && r.every((d) => d.status === 'succeeded'),
    );
    const ids = rows.map((d) => d.webhook_id);
    expect(new Set(ids).size).toBe(count);
    // Exactly once per webhook id: each was answered 200 once; only the ones in flight at the kill arrived twice.
    expect(ids.map((id) => acknowledged.filter((x) => x === id).length)).toEqual(ids.map(() => 1));
    const repeats = ids.filter((id) => arrivals.filter((x) => x === id).length > 1).length;
    expect(repeats).toBeGreaterThan(0);
    expect(repeats).toBeLessThanOrEqual(inFlight);
  }, 400_000);
});
