/**
 * bench/deliveries: how long an event takes to reach a webhook endpoint (issue 33: p95 < 200 ms from event to
 * a loopback endpoint's 2xx at 500 events/s), against the built server. Prints JSON:
 * - latency: signed events posted to an app's inbound address in an open loop, BENCH_DELIVERIES_RATE a second
 *   (default 500) for BENCH_DELIVERIES_SECONDS (default 20), each forwarded by a trigger to a local receiver
 *   that answers 200. An event's latency runs from the moment its request was due to leave (the open loop's
 *   schedule, so a slow server cannot hide its backlog by slowing the sender) to its delivery's arrival at
 *   the receiver, which answers at once: p50/p95/p99. The answer of the inbound request (the event committed)
 *   is reported too, so the share of the latency after the commit can be read off.
 * - ordered: BENCH_DELIVERIES_ORDERED updates (default 1,000) to one record, posted at the same rate, to an
 *   endpoint with ordered delivery: whether the receiver saw them in the order the hub accepted them, and
 *   how long the last took to arrive (one entity's deliveries go one after another, so this is its throughput).
 * - fanout: BENCH_DELIVERIES_FANOUT events (default 10,000; 0 skips it) posted 32 at a time to a third
 *   endpoint, which refuses them all once (503, retry in an hour); then they are all made due at once, and
 *   once half have arrived the server is killed with SIGKILL and started again on the same data. Every delivery must arrive; a repeat (same webhook id) is counted, and whether the hub had
 *   claimed it without judging it at the kill (the only deliveries it may send twice; see
 *   docs/areas/webhooks.md). src/server/features/webhooks/delivery-crash.api.test.ts asserts the same.
 * Before the clock starts, BENCH_DELIVERIES_WARMUP events (default 1,000) are posted and delivered, uncounted.
 */
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { signedHeaders } from '../src/server/features/webhooks/signing.js';
import { demoCredentials } from '../src/server/seed/demo-workspace.js';
import { percentile, signInCookie, startBuiltServer } from './support/start-server.js';

const rate = Number(process.env.BENCH_DELIVERIES_RATE ?? 500);
const seconds = Number(process.env.BENCH_DELIVERIES_SECONDS ?? 20);
const orderedCount = Number(process.env.BENCH_DELIVERIES_ORDERED ?? 1000);
const warmUp = Number(process.env.BENCH_DELIVERIES_WARMUP ?? 1000);
const fanout = Number(process.env.BENCH_DELIVERIES_FANOUT ?? 10_000);

interface Posted {
  /** When the open loop meant to send it. */
  due: number;
  /** When its 202 came back (the event committed, its deliveries queued). */
  answered?: number;
  /** When the receiver got its delivery. */
  arrived?: number;
}

async function main() {
  const load = [loadavg()[0]];
  /** Each run's events by their number (`data.n`), and the webhook ids of the ordered record in arrival order. */
  const runs = new Map<string, Posted[]>();
  const orderedArrivals: number[] = [];
  /** Arrivals per webhook id at the fan-out's endpoint. */
  const fanoutArrivals = new Map<string, number>();
  /** While true, the fan-out's endpoint answers 503 (see `killedFanout`). */
  let fanoutRefusing = false;
  const receiver = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const at = performance.now();
      if (req.url === '/fanout' && fanoutRefusing) res.writeHead(503, { 'retry-after': '3600' });
      else res.writeHead(200);
      res.end('ok');
      // Only forwarded events carry a webhook id and this bench's body; the app's probes and the hub's
      // own events to it do not count.
      const id = req.headers['webhook-id'];
      if (typeof id !== 'string' || !id.startsWith('msg_ev')) return;
      if (req.url === '/fanout') {
        if (!fanoutRefusing) fanoutArrivals.set(id, (fanoutArrivals.get(id) ?? 0) + 1);
        return;
      }
      const message = JSON.parse(body) as { type: string; data: { event?: { n?: number } } };
      const n = message.data.event?.n;
      const posted = typeof n === 'number' ? runs.get(message.type)?.[n] : undefined;
      if (posted && posted.arrived === undefined) posted.arrived = at;
      if (message.type === 'bench.record') orderedArrivals.push(Number(id.slice('msg_ev'.length)));
    });
  });
  receiver.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  const env = { DEMO_SIGN_IN: 'true', OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8' };
  let server = await startBuiltServer(env);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  try {
    const cookie = await signInCookie(server.baseUrl, demoCredentials.email, demoCredentials.password);
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${server.baseUrl}${path}`, {
        method,
        headers: { cookie, origin: server.baseUrl, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const app = await call('POST', '/api/ecosystem/apps', {
      name: 'Bench Deliveries',
      category: 'business',
      url: `${receiverUrl}/site`,
      type: 'B2C',
      pricing: { free: true },
      features: [],
    });
    await call('POST', '/api/webhook-endpoints', {
      appId: app.id,
      url: `${receiverUrl}/hook`,
      events: ['bench.latency', 'bench.warm'],
    });
    await call('POST', '/api/webhook-endpoints', {
      appId: app.id,
      url: `${receiverUrl}/ordered`,
      events: ['bench.record'],
      ordered: true,
    });
    const fanoutEndpoint = await call('POST', '/api/webhook-endpoints', {
      appId: app.id,
      url: `${receiverUrl}/fanout`,
      events: ['bench.fanout'],
    });
    const { signing_secret: secret } = await call('GET', `/api/webhook-config/${app.id}/download`);
    const inboundPath = `/api/webhooks/in/${app.id}`;
    const { port } = new URL(server.baseUrl);
    const signed = (type: string, n: number, data: Record<string, unknown>, at: Date) => {
      const body = JSON.stringify({ type, description: `Bench ${n}`, data: { ...data, n } });
      return {
        body,
        headers: {
          'content-type': 'application/json',
          ...signedHeaders(secret, `msg_${type}_${n}`, body, at),
        },
      };
    };

    const post = (body: string, headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          {
            agent,
            host: '127.0.0.1',
            port,
            path: inboundPath,
            method: 'POST',
            headers: { ...headers, 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(body);
      });

    /**
     * `count` events of `type` in an open loop at `rate` a second: each is sent when due whatever the
     * earlier ones are doing (signed beforehand: the senders are other machines in real use). Resolves when
     * every request is answered.
     */
    const run = async (type: string, count: number, data: (n: number) => Record<string, unknown>) => {
      const at = new Date();
      const events = Array.from({ length: count }, (_, n) => signed(type, n, data(n), at));
      const posted: Posted[] = [];
      runs.set(type, posted);
      const answers: Promise<void>[] = [];
      const started = performance.now();
      let next = 0;
      while (next < count) {
        const now = performance.now();
        while (next < count && started + (next * 1000) / rate <= now) {
          const entry: Posted = { due: started + (next * 1000) / rate };
          posted.push(entry);
          const { body, headers } = events[next];
          answers.push(
            post(body, headers).then((status) => {
              if (status !== 202) throw new Error(`${type}: an event answered ${status}`);
              entry.answered = performance.now();
            }),
          );
          next++;
        }
        await new Promise((r) => setTimeout(r, 1));
      }
      await Promise.all(answers);
      return posted;
    };
    const waitForArrivals = async (posted: Posted[], limitMs: number) => {
      const deadline = performance.now() + limitMs;
      while (posted.some((p) => p.arrived === undefined) && performance.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
    };
    const summary = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return {
        p50Ms: percentile(sorted, 50),
        p95Ms: percentile(sorted, 95),
        p99Ms: percentile(sorted, 99),
        maxMs: sorted.length ? Math.round(sorted[sorted.length - 1]) : null,
      };
    };

    /** The fan-out, with kill -9 half-way and a restart on the same data (see the header). */
    const killedFanout = async () => {
      // The embedded PostgreSQL outlives a killed server (its own process group) until the restart stops it.
      const sql = async <T>(text: string, values: unknown[]) => {
        const client = new pg.Client({ connectionString: server.ownerUrl });
        await client.connect();
        try {
          return (await client.query(text, values)).rows as T[];
        } finally {
          await client.end();
        }
      };
      const rowsOf = () =>
        sql<{ webhook_id: string; status: string; attempts: number }>(
          'select webhook_id, status, attempts from ops_deliveries where endpoint_id = $1',
          [fanoutEndpoint.id],
        );
      // Every message stored and refused once (503, retry in an hour) before any goes out, then all made due
      // at once: the kill then lands in a real fan-out, not at the tail of the ingest.
      fanoutRefusing = true;
      const at = new Date();
      const events = Array.from({ length: fanout }, (_, n) => signed('bench.fanout', n, {}, at));
      let next = 0;
      const poster = async () => {
        while (next < fanout) {
          const { body, headers } = events[next++];
          if ((await post(body, headers)) !== 202) throw new Error('a fan-out event was refused');
        }
      };
      await Promise.all(Array.from({ length: 32 }, poster));
      while ((await rowsOf()).filter((r) => r.status === 'pending' && r.attempts === 1).length < fanout)
        await new Promise((r) => setTimeout(r, 500));
      fanoutRefusing = false;
      await sql(
        `update pgboss.job set start_after = now() where name = 'ops-deliver' and state = 'created'
           and (data->>'workspaceId')::bigint = (select workspace_id from ops_endpoints where id = $1)`,
        [fanoutEndpoint.id],
      );
      await sql('update ops_deliveries set next_attempt_at = now() where endpoint_id = $1', [
        fanoutEndpoint.id,
      ]);
      const releasedAt = performance.now();
      while (fanoutArrivals.size < fanout / 2) await new Promise((r) => setTimeout(r, 5));
      server.process.kill('SIGKILL');
      await server.exited;
      const arrivedBeforeKill = fanoutArrivals.size;
      const secondsToKill = (performance.now() - releasedAt) / 1000;
      const unjudged = new Set(
        (await rowsOf()).filter((r) => r.status === 'sending').map((r) => r.webhook_id),
      );
      const restartedAt = performance.now();
      server = await startBuiltServer(env, server.place);
      let rows = await rowsOf();
      const deadline = performance.now() + 600_000;
      while (rows.some((r) => r.status !== 'succeeded') && performance.now() < deadline) {
        await new Promise((r) => setTimeout(r, 500));
        rows = await rowsOf();
      }
      const repeated = [...fanoutArrivals].filter(([, times]) => times > 1).map(([id]) => id);
      return {
        messages: rows.length,
        succeeded: rows.filter((r) => r.status === 'succeeded').length,
        arrivedBeforeKill,
        unjudgedAtKill: unjudged.size,
        lost: rows.filter((r) => !fanoutArrivals.has(r.webhook_id)).length,
        repeated: repeated.length,
        repeatedNotUnjudged: repeated.filter((id) => !unjudged.has(id)).length,
        secondsFromReleaseToKill: Math.round(secondsToKill * 10) / 10,
        secondsFromRestartToLast: Math.round((performance.now() - restartedAt) / 100) / 10,
      };
    };

    if (warmUp > 0) await waitForArrivals(await run('bench.warm', warmUp, () => ({})), 120_000);

    const sampler = setInterval(() => load.push(loadavg()[0]), 5_000);
    const latencyRun = await run('bench.latency', Math.round(rate * seconds), () => ({}));
    await waitForArrivals(latencyRun, 120_000);
    const delivered = latencyRun.filter((p) => p.arrived !== undefined);

    const orderedRun = await run('bench.record', orderedCount, () => ({ id: 'record-1' }));
    await waitForArrivals(orderedRun, 600_000);
    const fanoutResult = fanout > 0 ? await killedFanout() : null;
    clearInterval(sampler);
    load.push(loadavg()[0]);
    const orderedDelivered = orderedRun.filter((p) => p.arrived !== undefined);
    const inOrder = orderedArrivals.every((id, i) => i === 0 || id > orderedArrivals[i - 1]);
    const orderedLast = Math.max(...orderedDelivered.map((p) => p.arrived as number));

    console.log(
      JSON.stringify(
        {
          bench: 'deliveries',
          latency: {
            ratePerSecond: rate,
            seconds,
            events: latencyRun.length,
            delivered: delivered.length,
            eventToReceiver: summary(delivered.map((p) => (p.arrived as number) - p.due)),
            inboundAnswer: summary(latencyRun.map((p) => (p.answered as number) - p.due)),
            // The hub's own share: from the event's 202 (committed) to the receiver (negative when the delivery
            // arrived before the sender read its answer).
            answerToReceiver: summary(delivered.map((p) => (p.arrived as number) - (p.answered as number))),
            targetP95Ms: 200,
          },
          ordered: {
            updatesToOneRecord: orderedCount,
            delivered: orderedDelivered.length,
            arrivals: orderedArrivals.length,
            orderKept: inOrder && orderedArrivals.length === orderedCount,
            secondsToLast: Math.round((orderedLast - orderedRun[0].due) / 100) / 10,
            eventToReceiver: summary(orderedDelivered.map((p) => (p.arrived as number) - p.due)),
          },
          fanout: fanoutResult,
          loadAverage: { min: Math.min(...load), max: Math.max(...load) },
        },
        null,
        2,
      ),
    );
  } finally {
    agent.destroy();
    await server.stop();
    receiver.closeAllConnections();
    receiver.close();
  }
}

await main();
