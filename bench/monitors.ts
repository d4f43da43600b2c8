/**
 * bench/monitors: BENCH_MONITORS monitors (default 1,000) at a 20 s interval — Uptime Kuma's shortest —
 * across BENCH_MONITOR_WORKSPACES workspaces (default 4: the first holds 70% of them, the Monitors screen
 * that is read), all probing a local HTTP target through the guarded client, for BENCH_MONITORS_SECONDS
 * (default 180, the first interval a warm-up). Prints JSON:
 * - probe lateness (a probe's start after its due time, as each heartbeat records it) p50/p99/max, and
 *   the probes made against the due times of the measured window (target p99 < 2 s);
 * - the Monitors card's call (`GET /api/monitors/page`, first page), the whole list (`GET /api/monitors`)
 *   and the /superhub dashboard (`GET /api/superhub-dashboard`), each asked every BENCH_MONITORS_READ_MS
 *   (default 2,000) on the largest workspace while the probes run: p50/p99 (target < 300 ms);
 * - the server process's peak RSS (VmHWM, target < 300 MB) and the load average at the start and end.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { signUpOverHttp } from '../test/sign-up-link.js';
import { percentile, startBuiltServer } from './support/start-server.js';

const total = Number(process.env.BENCH_MONITORS ?? 1000);
const workspaces = Number(process.env.BENCH_MONITOR_WORKSPACES ?? 4);
const seconds = Number(process.env.BENCH_MONITORS_SECONDS ?? 180);
const readEveryMs = Number(process.env.BENCH_MONITORS_READ_MS ?? 2000);
const intervalSeconds = 20;

const round = (n: number) => Math.round(n * 10) / 10;
const load = () => os.loadavg().map(round);

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** Monitors per workspace: the first holds 70%, the rest share what is left. */
function sizes(): number[] {
  if (workspaces === 1) return [total];
  const first = Math.round(total * 0.7);
  const rest = total - first;
  return [
    first,
    ...Array.from(
      { length: workspaces - 1 },
      (_, i) => Math.floor(rest / (workspaces - 1)) + (i < rest % (workspaces - 1) ? 1 : 0),
    ),
  ];
}

let hits = 0;
const target = createServer((req, res) => {
  hits++;
  req.resume();
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end('ok');
});
target.keepAliveTimeout = 60_000;
await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;

const loadAtStart = load();
const server = await startBuiltServer({ SEED_DEMO: 'false', OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8' });
const owner = new pg.Client({ connectionString: server.ownerUrl });
await owner.connect();
try {
  const base = server.baseUrl;
  const call = async (cookie: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { cookie, origin: base, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };

  // Each workspace: one app (its own monitor set to 20 s) and the rest as extra monitors of it.
  const createStart = performance.now();
  const cookies = await Promise.all(
    sizes().map(async (size, w) => {
      const cookie = await signUpOverHttp(
        base,
        {
          firstName: 'Bench',
          lastName: 'Monitors',
          email: `bench-monitors-${w}@example.test`,
          password: 'correct-horse-battery',
          businessName: `Bench Monitors ${w}`,
          plan: 'enterprise',
        },
        server.ownerUrl,
      );
      const app = await call(cookie, 'POST', '/api/ecosystem/apps', {
        name: `Bench Site ${w}`,
        category: 'business',
        url: `${targetUrl}/w${w}`,
        type: 'B2C',
        pricing: { free: true },
        features: [],
      });
      await call(cookie, 'PUT', `/api/monitors/apps/${app.id}`, { intervalSeconds, timeoutMs: 5000 });
      for (let i = 1; i < size; i++)
        await call(cookie, 'POST', '/api/monitors', {
          appId: app.id,
          url: `${targetUrl}/w${w}/m${i}`,
          intervalSeconds,
          timeoutMs: 5000,
        });
      return cookie;
    }),
  );
  const createSeconds = (performance.now() - createStart) / 1000;
  const { rows: counted } = await owner.query<{ n: number }>(
    'select count(*)::int as n from ops_monitors where interval_seconds = $1',
    [intervalSeconds],
  );
  console.error(`${counted[0].n} monitors at ${intervalSeconds} s created in ${round(createSeconds)} s`);

  // The first interval is a warm-up (monitors added during set-up were all due at once); then measure.
  await sleep(intervalSeconds * 1000);
  const { rows: started } = await owner.query<{ at: Date }>('select now() as at');
  const measuredFrom = started[0].at;
  const largest = cookies[0];
  const reads: Record<string, number[]> = {
    '/api/monitors/page?offset=0&limit=50': [],
    '/api/monitors': [],
    '/api/superhub-dashboard': [],
  };
  const until = performance.now() + (seconds - intervalSeconds) * 1000;
  while (performance.now() < until) {
    const roundStart = performance.now();
    for (const [path, times] of Object.entries(reads)) {
      const began = performance.now();
      await call(largest, 'GET', path);
      times.push(performance.now() - began);
    }
    await sleep(Math.max(0, readEveryMs - (performance.now() - roundStart)));
  }
  const { rows: ended } = await owner.query<{ at: Date }>('select now() as at');
  const windowSeconds = (ended[0].at.getTime() - measuredFrom.getTime()) / 1000;

  const { rows: lateness } = await owner.query<{
    probes: number;
    p50: number;
    p99: number;
    max: number;
    monitors: number;
  }>(
    `select count(*)::int as probes, count(distinct h.monitor_id)::int as monitors,
       percentile_cont(0.5) within group (order by h.late_ms)::float8 as p50,
       percentile_cont(0.99) within group (order by h.late_ms)::float8 as p99, max(h.late_ms)::int as max
     from ops_heartbeats h join ops_monitors m on m.id = h.monitor_id
     where m.interval_seconds = $1 and h.checked_at >= $2 and h.checked_at < $3`,
    [intervalSeconds, measuredFrom, ended[0].at],
  );
  const stats = (times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b);
    return { requests: sorted.length, p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99) };
  };
  const late = lateness[0];
  console.log(
    JSON.stringify(
      {
        bench: 'monitors',
        monitors: counted[0].n,
        intervalSeconds,
        workspaces: sizes(),
        setupSeconds: round(createSeconds),
        measuredSeconds: round(windowSeconds),
        probes: {
          made: late.probes,
          dueInWindow: Math.round((counted[0].n * windowSeconds) / intervalSeconds),
          monitorsProbed: late.monitors,
          targetHits: hits,
        },
        latenessMs: { p50: late.p50, p99: late.p99, max: late.max, targetP99: '< 2000' },
        monitoringScreen: {
          monitorsOnScreen: sizes()[0],
          ...Object.fromEntries(Object.entries(reads).map(([path, times]) => [path, stats(times)])),
          target: 'p99 < 300 ms',
        },
        server: {
          peakRssMb: peakRssMb(server.process.pid as number),
          targetRssMb: '< 300',
        },
        loadAverage: { atStart: loadAtStart, atEnd: load() },
      },
      null,
      2,
    ),
  );
} finally {
  await owner.end();
  await server.stop();
  target.closeAllConnections();
  target.close();
}
