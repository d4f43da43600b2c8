/**
 * bench/http: requests/s and p50/p99 latency of three signed-in reads at 100 concurrent connections,
 * and the same work through `pg` alone as the floor. Prints JSON.
 *
 * The ratio compares two runs on two shared cores, so anything else running skews it. Each case therefore
 * alternates short API and floor runs (BENCH_ROUNDS, default 3) and reports the median round: a neighbour's
 * burst lands on both sides instead of on whichever ran second.
 */

import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { demoCredentials } from '../src/server/seed/demo-workspace.js';
import { percentile, signInCookie, startBuiltServer } from './support/start-server.js';

const connections = 100;
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

async function http(url: string, cookie: string): Promise<Run> {
  const result = await autocannon({ url, connections, duration: durationSeconds, headers: { cookie } });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
  };
}

/** The same statements a request runs (session look-up, then the read in a workspace transaction), straight through pg. */
async function sqlFloor(appUrl: string, sessionHash: string, read: string): Promise<Run> {
  const pool = new pg.Pool({ connectionString: appUrl, max: 20 });
  const latencies: number[] = [];
  const deadline = performance.now() + durationSeconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const start = performance.now();
      const { rows } = await pool.query('select user_id, workspace_id, role from app_session_lookup($1)', [
        sessionHash,
      ]);
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query("select set_config('app.workspace_id', $1, true)", [String(rows[0].workspace_id)]);
        await client.query(read, read.includes('$1') ? [rows[0].user_id] : []);
        await client.query('commit');
      } finally {
        client.release();
      }
      latencies.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  await pool.end();
  latencies.sort((x, y) => x - y);
  return {
    requestsPerSecond: Math.round(latencies.length / durationSeconds),
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    requests: latencies.length,
  };
}

interface Run {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
}

const ratio = (api: Run, floor: Run) =>
  Math.round((api.requestsPerSecond / floor.requestsPerSecond) * 100) / 100;

/** Alternates API and floor runs; the round with the median ratio stands for the case. */
async function compare(api: () => Promise<Run>, floor: () => Promise<Run>) {
  const results: { api: Run; floor: Run; ratio: number }[] = [];
  for (let round = 0; round < rounds; round++) {
    const a = await api();
    const f = await floor();
    results.push({ api: a, floor: f, ratio: ratio(a, f) });
  }
  const byRatio = [...results].sort((x, y) => x.ratio - y.ratio);
  return { ...byRatio[Math.floor(byRatio.length / 2)], roundRatios: results.map((r) => r.ratio) };
}

const server = await startBuiltServer({ DEMO_SIGN_IN: 'true' });
try {
  const cookie = await signInCookie(server.baseUrl, demoCredentials.email, demoCredentials.password);
  const sessionHash = createHash('sha256')
    .update(decodeURIComponent(cookie.split('=')[1]))
    .digest('hex');
  const cases = {
    'GET /api/auth/user': await compare(
      () => http(`${server.baseUrl}/api/auth/user`, cookie),
      () => sqlFloor(server.appUrl, sessionHash, 'select * from users where id = $1'),
    ),
    'GET /api/activities': await compare(
      () => http(`${server.baseUrl}/api/activities`, cookie),
      () =>
        sqlFloor(
          server.appUrl,
          sessionHash,
          'select id, type, description, created_at from activities order by created_at desc, id desc limit 10',
        ),
    ),
    // The contacts list's first page: newest first, ten rows (contactsPageSize), with the sort key as text.
    'GET /api/contacts': await compare(
      () => http(`${server.baseUrl}/api/contacts`, cookie),
      () =>
        sqlFloor(
          server.appUrl,
          sessionHash,
          'select *, created_at::text as sort_value from contacts_in_workspace order by created_at desc, id desc limit 11',
        ),
    ),
  };
  const pick = (key: 'api' | 'floor' | 'ratio' | 'roundRatios') =>
    Object.fromEntries(Object.entries(cases).map(([name, result]) => [name, result[key]]));
  console.log(
    JSON.stringify(
      {
        bench: 'http',
        connections,
        durationSeconds,
        rounds,
        http: pick('api'),
        pgFloor: pick('floor'),
        ratioToFloor: pick('ratio'),
        roundRatios: pick('roundRatios'),
        targetP99Ms: 20,
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
}
