import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOverHttp, useServerProcesses } from '../../../../test/server-process.js';
import { signUpOverHttp, uniqueEmail } from '../../../../test/test-app.js';
import { loadConfig } from '../../config.js';
import { appSecret, signedHeaders } from './signing.js';

// Issue 33: exactly once per (endpoint, message id) across kill -9 during a fan-out. The server runs as its
// own process on the test database. The receiver first refuses every message (503, retry much later), so all
// of them are stored and waiting; then they are all made due at once, the receiver takes them (200), and the
// server is killed with SIGKILL half-way through. 2,000 messages here (DELIVERY_CRASH_MESSAGES=10000 for the
// issue's full size).
const messages = Number(process.env.DELIVERY_CRASH_MESSAGES ?? 2000);
/** Events posted side by side. */
const postsInFlight = 16;
// Long enough that a loaded machine does not time out a request the receiver answers: a repeat then has
// only the kill to explain it.
const env = { OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8,::1/128', OUTBOUND_TIMEOUT_MS: '5000' };
const { secretKey } = loadConfig({ NODE_ENV: 'test' });

interface Arrival {
  webhookId: string;
  body: string;
  beforeKill: boolean;
}

let receiver: Server;
let base: string;
const arrivals: Arrival[] = [];
let killed = false;
/** Until true, the receiver answers 503 and records nothing. */
let accepting = false;

function handle(req: IncomingMessage, res: ServerResponse) {
  let body = '';
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    if (req.url === '/fanout' && !accepting) {
      res.writeHead(503, { 'retry-after': '3600' });
      res.end('busy');
      return;
    }
    if (req.url === '/fanout')
      arrivals.push({ webhookId: String(req.headers['webhook-id']), body, beforeKill: !killed });
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
  });
}

beforeAll(async () => {
  receiver = createServer(handle);
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

const servers = useServerProcesses();
const start = () => servers.start(env);

async function call(baseUrl: string, cookie: string, method: string, path: string, body: unknown) {
  const res = await callOverHttp(baseUrl, cookie, method, path, body);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: number };
}

/** Posts the event as the app would (signed); answers its status, or null when the server did not answer. */
async function postEvent(baseUrl: string, appId: number, n: number): Promise<number | null> {
  const body = JSON.stringify({ type: 'fanout.item', description: `Item ${n}`, data: { n } });
  try {
    const res = await fetch(`${baseUrl}/api/webhooks/in/${appId}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...signedHeaders(appSecret(secretKey, appId), `msg_fanout_${appId}_${n}`, body, new Date()),
      },
      body,
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return null;
  }
}

async function until<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 1500; i++) {
    const value = await read();
    if (done(value)) return value;
    await sleep(100);
  }
  throw new Error(`gave up waiting for ${what}`);
}

const nOf = (body: string) => (JSON.parse(body) as { data: { event: { n: number } } }).data.event.n;

describe('a fan-out interrupted by kill -9', () => {
  it('delivers every message of the endpoint after the restart; only deliveries in flight at the kill arrive again, with the same webhook id and body', async () => {
    const first = await start();
    const cookie = await signUpOverHttp(first.baseUrl, {
      firstName: 'Kim',
      lastName: 'Crash',
      email: uniqueEmail('delivery-crash'),
      password: 'correct-horse-battery',
      businessName: 'Crash Co',
      plan: 'enterprise',
    });
    const app = await call(first.baseUrl, cookie, 'POST', '/api/ecosystem/apps', {
      name: 'Fanout',
      category: 'business',
      url: `${base}/app`,
      type: 'B2C',
      pricing: { free: true },
      features: [],
    });
    const endpoint = await call(first.baseUrl, cookie, 'POST', '/api/webhook-endpoints', {
      appId: app.id,
      url: `${base}/fanout`,
      events: ['fanout.item'],
    });

    let next = 0;
    let accepted = 0;
    const poster = async () => {
      while (next < messages) if ((await postEvent(first.baseUrl, app.id, next++)) === 202) accepted++;
    };
    await Promise.all(Array.from({ length: postsInFlight }, poster));
    expect(accepted).toBe(messages);
    await until(
      'every message refused once',
      async () =>
        (
          await servers
            .db()
            .query(
              `select count(*)::int as n from ops_deliveries where endpoint_id = $1 and status = 'pending' and attempts = 1`,
              [endpoint.id],
            )
        ).rows[0].n,
      (n) => n === messages,
    );
    // All due now: their retries' jobs and the deliveries themselves.
    accepting = true;
    await servers.db().query(
      `update pgboss.job set start_after = now() where name = 'ops-deliver' and state = 'created'
         and (data->>'workspaceId')::bigint = (select workspace_id from ops_endpoints where id = $1)`,
      [endpoint.id],
    );
    await servers
      .db()
      .query(`update ops_deliveries set next_attempt_at = now() where endpoint_id = $1`, [endpoint.id]);
    await until(
      'half the messages at the receiver',
      async () => arrivals.length,
      (count) => count >= messages / 2,
    );
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await exited;
    killed = true;

    // What the hub had claimed and not judged when it died: the only deliveries it may send twice.
    const unjudged = new Set(
      (
        await servers
          .db()
          .query(`select webhook_id from ops_deliveries where endpoint_id = $1 and status = 'sending'`, [
            endpoint.id,
          ])
      ).rows.map((r: { webhook_id: string }) => r.webhook_id),
    );

    await start();
    const rows = (await until(
      'every delivery after the restart',
      async () =>
        (
          await servers.db().query(
            `select d.webhook_id, d.status, d.body,
               (select count(*)::int from ops_delivery_attempts a where a.delivery_id = d.id and a.status_code = 200) as ok,
               (select count(*)::int from ops_delivery_attempts a where a.delivery_id = d.id and a.status_code is null) as failed
             from ops_deliveries d where d.endpoint_id = $1`,
            [endpoint.id],
          )
        ).rows,
      (r) => r.length > 0 && r.every((d) => d.status === 'succeeded'),
    )) as { webhook_id: string; status: string; body: string; ok: number; failed: number }[];

    // Every message has its delivery, once.
    expect(new Set(rows.map((r) => nOf(r.body))).size).toBe(messages);
    expect(new Set(rows.map((r) => r.webhook_id)).size).toBe(rows.length);
    // Each delivery's success is logged once.
    expect(rows.filter((r) => r.ok !== 1)).toEqual([]);

    const byId = new Map<string, Arrival[]>();
    for (const arrival of arrivals)
      byId.set(arrival.webhookId, [...(byId.get(arrival.webhookId) ?? []), arrival]);
    // The receiver saw exactly the endpoint's messages, each at least once, each time with the same body.
    expect([...byId.keys()].sort()).toEqual(rows.map((r) => r.webhook_id).sort());
    for (const row of rows) expect(byId.get(row.webhook_id)?.every((a) => a.body === row.body)).toBe(true);
    // A message arrives again only when the kill cut its attempt between the receiver's 2xx and the hub's
    // record of it (or an attempt timed out, unanswered): deduplicated by webhook id, the receiver handles
    // each once.
    const failedOnce = new Set(rows.filter((r) => r.failed > 0).map((r) => r.webhook_id));
    const repeated = [...byId].filter(([, list]) => list.length > 1);
    for (const [webhookId, list] of repeated) {
      expect(unjudged.has(webhookId) || failedOnce.has(webhookId), webhookId).toBe(true);
      // Once from the killed process, once after the restart.
      if (!failedOnce.has(webhookId)) expect(list, webhookId).toHaveLength(2);
    }
    console.info(
      JSON.stringify({
        messages: rows.length,
        arrivedBeforeKill: arrivals.filter((a) => a.beforeKill).length,
        unjudgedAtKill: unjudged.size,
        repeated: repeated.length,
      }),
    );
  }, 300_000);
});
