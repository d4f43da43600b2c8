/**
 * bench/http: requests/s and p50/p99 latency of two signed-in reads at 100 concurrent connections,
 * and the same work through `pg` alone as the floor. Prints JSON.
 */

import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { demoCredentials } from '../src/server/seed/demo-workspace.js';
import { percentile, signInCookie, startBuiltServer } from './support/start-server.js';

const connections = 100;
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);

async function http(url: string, cookie: string) {
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
async function sqlFloor(appUrl: string, sessionHash: string, read: string) {
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

const ratio = (api: { requestsPerSecond: number }, floor: { requestsPerSecond: number }) =>
  Math.round((api.requestsPerSecond / floor.requestsPerSecond) * 100) / 100;

const server = await startBuiltServer({ DEMO_SIGN_IN: 'true' });
try {
  const cookie = await signInCookie(server.baseUrl, demoCredentials.email, demoCredentials.password);
  const sessionHash = createHash('sha256')
    .update(decodeURIComponent(cookie.split('=')[1]))
    .digest('hex');
  const authUser = await http(`${server.baseUrl}/api/auth/user`, cookie);
  const activities = await http(`${server.baseUrl}/api/activities`, cookie);
  const contacts = await http(`${server.baseUrl}/api/contacts`, cookie);
  const floorAuthUser = await sqlFloor(server.appUrl, sessionHash, 'select * from users where id = $1');
  const floorActivities = await sqlFloor(
    server.appUrl,
    sessionHash,
    'select id, type, description, created_at from activities order by created_at desc, id desc limit 10',
  );
  // The contacts list's first page: newest first, ten rows (contactsPageSize), with the sort key as text.
  const floorContacts = await sqlFloor(
    server.appUrl,
    sessionHash,
    'select *, created_at::text as sort_value from contacts_in_workspace order by created_at desc, id desc limit 11',
  );
  console.log(
    JSON.stringify(
      {
        bench: 'http',
        connections,
        durationSeconds,
        http: {
          'GET /api/auth/user': authUser,
          'GET /api/activities': activities,
          'GET /api/contacts': contacts,
        },
        pgFloor: {
          'GET /api/auth/user': floorAuthUser,
          'GET /api/activities': floorActivities,
          'GET /api/contacts': floorContacts,
        },
        ratioToFloor: {
          'GET /api/auth/user': ratio(authUser, floorAuthUser),
          'GET /api/activities': ratio(activities, floorActivities),
          'GET /api/contacts': ratio(contacts, floorContacts),
        },
        targetP99Ms: 20,
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
}
