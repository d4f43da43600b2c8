/**
 * bench/webhooks: the operations console's webhooks against the built server. Prints JSON:
 * - inbound: signed events posted to an app's inbound address (BENCH_WEBHOOKS_IN, default 5,000, 32 in
 *   flight, signed beforehand and sent by autocannon), each verified and stored once: events per second;
 * - the p50/p99 of GET /api/live-events, read every BENCH_WEBHOOKS_READ_MS (default 100) while that ingest runs;
 * - outbound: events whose trigger forwards them to a local receiver (BENCH_WEBHOOKS_OUT, default 3,000):
 *   signed deliveries per second as the receiver sees them (first to last arrival), each sent by the queue.
 * Before the clock starts, BENCH_WEBHOOKS_WARMUP events (default 1,000) are posted, forwarded to the receiver
 * and not counted: the server's first thousand requests and deliveries run its code before the JIT has
 * compiled it, as the deals bench's do. The measured runs start once those deliveries have all arrived.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { signedHeaders } from '../src/server/features/webhooks/signing.js';
import { demoCredentials } from '../src/server/seed/demo-workspace.js';
import { signInCookie, startBuiltServer } from './support/start-server.js';

const inbound = Number(process.env.BENCH_WEBHOOKS_IN ?? 5000);
const outbound = Number(process.env.BENCH_WEBHOOKS_OUT ?? 3000);
const inFlight = Number(process.env.BENCH_WEBHOOKS_IN_FLIGHT ?? 32);
const warmUp = Number(process.env.BENCH_WEBHOOKS_WARMUP ?? 1000);
const readEveryMs = Number(process.env.BENCH_WEBHOOKS_READ_MS ?? 100);

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const round = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);

async function main() {
  const arrivals = new Map<string, number>();
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      // Only the forwarded events' deliveries (msg_ev<id>) count: probes carry no webhook id, and the hub's
      // own events to the app (a probe timing out under load: monitor.down, then monitor.up) are not them.
      const id = req.headers['webhook-id'];
      if (typeof id === 'string' && id.startsWith('msg_ev') && !arrivals.has(id))
        arrivals.set(id, performance.now());
      res.writeHead(200);
      res.end('ok');
    });
  });
  receiver.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  const server = await startBuiltServer({ DEMO_SIGN_IN: 'true', OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8' });
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
      name: 'Bench Hooks',
      category: 'business',
      url: `${receiverUrl}/site`,
      type: 'B2C',
      pricing: { free: true },
      features: [],
    });
    await call('POST', '/api/webhook-endpoints', {
      appId: app.id,
      url: `${receiverUrl}/hook`,
      events: ['bench.out', 'bench.warm'],
    });
    const { signing_secret: secret } = await call('GET', `/api/webhook-config/${app.id}/download`);

    // Events are signed before the clock starts and posted by autocannon: the senders are other machines
    // in real use, so their cost (a pure-JS HMAC per event, fetch's per-request work) stays out of the
    // hub's figure as far as two shared cores allow. Answers when the first request went and the last
    // answer came.
    const run = async (type: string, count: number) => {
      const at = new Date();
      const events = Array.from({ length: count }, (_, i) => {
        const body = JSON.stringify({ type, description: `Bench ${i}`, data: { n: i } });
        return {
          body,
          headers: {
            'content-type': 'application/json',
            ...signedHeaders(secret, `msg_${type}_${i}`, body, at),
          },
        };
      });
      let next = 0;
      // autocannon reports only at its next one-second sample after the last answer, so the run is timed
      // to the last answer itself: otherwise up to a second of waiting counts as ingest time.
      const started = performance.now();
      let lastAnswer = started;
      const result = await new Promise<autocannon.Result>((resolve, reject) => {
        const instance = autocannon(
          {
            url: `${server.baseUrl}/api/webhooks/in/${app.id}`,
            method: 'POST',
            connections: Math.min(inFlight, count),
            amount: count,
            requests: [{ setupRequest: (request) => ({ ...request, ...events[next++ % count] }) }],
          },
          (error, done) => (error ? reject(error) : resolve(done)),
        );
        instance.on('response', () => {
          lastAnswer = performance.now();
        });
      });
      const accepted = result.statusCodeStats?.['202']?.count ?? 0;
      if (accepted !== count) throw new Error(`${type}: ${accepted} of ${count} events accepted (202)`);
      return { started, lastAnswer };
    };

    if (warmUp > 0) {
      await run('bench.warm', warmUp);
      const warmDeadline = performance.now() + 120_000;
      while (arrivals.size < warmUp && performance.now() < warmDeadline)
        await new Promise((r) => setTimeout(r, 50));
      arrivals.clear();
    }

    // Inbound, with the live events read every BENCH_WEBHOOKS_READ_MS while it runs: at the default 100 ms,
    // the polling of thirty open Phase 3 screens (each reads every 3 s). A reader that asks again the moment
    // it is answered takes a share of the two cores from the ingest it is meant to watch.
    let ingesting = true;
    const reads: { started: number; took: number }[] = [];
    const reader = (async () => {
      while (ingesting) {
        const started = performance.now();
        await call('GET', '/api/live-events');
        const took = performance.now() - started;
        reads.push({ started, took });
        await new Promise((r) => setTimeout(r, Math.max(0, readEveryMs - took)));
      }
    })();
    const ingest = await run('bench.in', inbound);
    ingesting = false;
    await reader;
    const inSeconds = (ingest.lastAnswer - ingest.started) / 1000;
    // Only the reads sent while events were being posted (not while they were signed, nor after).
    const readLatencies = reads
      .filter((r) => r.started >= ingest.started && r.started < ingest.lastAnswer)
      .map((r) => r.took);

    // Outbound: every event forwarded to the receiver by the queue's workers.
    await run('bench.out', outbound);
    const deadline = performance.now() + 600_000;
    while (arrivals.size < outbound && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    const times = [...arrivals.values()].sort((a, b) => a - b);
    const outSeconds = ((times.at(-1) ?? 0) - (times[0] ?? 0)) / 1000;
    readLatencies.sort((a, b) => a - b);
    console.log(
      JSON.stringify(
        {
          bench: 'webhooks',
          inbound: {
            events: inbound,
            inFlight,
            seconds: round(inSeconds),
            perSecond: round(inbound / inSeconds),
          },
          liveEventsWhileIngesting: {
            reads: readLatencies.length,
            p50Ms: round(percentile(readLatencies, 50)),
            p99Ms: round(percentile(readLatencies, 99)),
          },
          outbound: {
            deliveries: arrivals.size,
            expected: outbound,
            seconds: round(outSeconds),
            perSecond: round(arrivals.size / Math.max(outSeconds, 0.001)),
          },
        },
        null,
        2,
      ),
    );
  } finally {
    await server.stop();
    receiver.closeAllConnections();
    receiver.close();
  }
}

await main();
