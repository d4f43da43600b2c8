/**
 * bench/analytics: (1) ingest events/s through HTTP: autocannon POSTs page views to /api/analytics/event
 * for BENCH_SECONDS (default 10) from many visitor addresses (X-Forwarded-For; the limit is per address),
 * then counts what was written. (2) BENCH_ANALYTICS_EVENTS events (default 10,000,000) over the last year
 * in the demo workspace's three sites, inserted with generate_series, rolled up by the same code the job
 * runs, then p50/p99 of GET /api/analytics/overview for 30 days and 1 year (rollups only) beside the same
 * report computed from raw events. Prints JSON.
 */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDatabase } from '../src/server/db/database.js';
import { runRollups } from '../src/server/features/analytics/jobs.js';
import { demoCredentials } from '../src/server/seed/demo-workspace.js';
import { percentile, signInCookie, startBuiltServer } from './support/start-server.js';

const events = Number(process.env.BENCH_ANALYTICS_EVENTS ?? 10_000_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const probes = Number(process.env.BENCH_PROBES ?? 40);
// Visitors are many independent browsers; each waits for its event's commit, so throughput grows with them.
const connections = Number(process.env.BENCH_CONNECTIONS ?? 200);
const ua =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/147.0.0.0 Safari/537.36';

async function timed(fn: () => Promise<unknown>, runs: number) {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  return {
    p50Ms: Math.round(percentile(ms, 50) * 10) / 10,
    p99Ms: Math.round(percentile(ms, 99) * 10) / 10,
    runs,
  };
}

async function main() {
  // Visitors reach a deployed server through its proxy: each request carries its own X-Forwarded-For.
  const server = await startBuiltServer({ TRUST_PROXY: 'true', DEMO_SIGN_IN: 'true' });
  const owner = new pg.Client({ connectionString: server.ownerUrl });
  await owner.connect();
  const database = createDatabase(server.appUrl, { max: 4 });
  try {
    const { rows } = await owner.query(
      `select w.id from workspaces w join memberships m on m.workspace_id = w.id
       join users u on u.id = m.user_id where u.email = $1`,
      [demoCredentials.email],
    );
    const workspaceId: number = rows[0].id;
    const sites = (
      await owner.query('select id, domain, tracking_key from websites where workspace_id = $1 order by id', [
        workspaceId,
      ])
    ).rows;

    // (1) ingest through HTTP
    let n = 0;
    const body = JSON.stringify({
      s: sites[0].tracking_key,
      u: `https://${sites[0].domain}/pricing`,
      w: 1280,
    });
    const result = await autocannon({
      url: `${server.baseUrl}/api/analytics/event`,
      method: 'POST',
      connections,
      duration: seconds,
      headers: { 'content-type': 'text/plain', origin: `https://${sites[0].domain}`, 'user-agent': ua },
      body,
      requests: [
        {
          setupRequest: (request) => {
            n += 1;
            const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
            return { ...request, headers: { ...request.headers, 'x-forwarded-for': ip } };
          },
        },
      ],
    });
    await new Promise((resolve) => setTimeout(resolve, 3000)); // the server's buffer is written within a second
    await owner.query("select set_config('app.workspace_id', $1, false)", [String(workspaceId)]);
    const written = (await owner.query('select count(*)::int as n from analytics_events')).rows[0].n;
    const ingest = {
      connections,
      requestsPerSecond: Math.round(result.requests.average),
      accepted: result['2xx'],
      non2xx: result.non2xx,
      eventsWritten: written,
      eventsPerSecond: Math.round(written / seconds),
      p99Ms: result.latency.p99,
    };

    // (2) a year of events, straight into the table
    const seedStart = performance.now();
    for (let m = 0; m <= 12; m++) {
      await owner.query(
        `select app_analytics_ensure_partition((now() - make_interval(months => $1))::date)`,
        [m],
      );
    }
    const chunk = 1_000_000;
    for (let offset = 0; offset < events; offset += chunk) {
      const size = Math.min(chunk, events - offset);
      await owner.query(
        `insert into analytics_events (workspace_id, website_id, occurred_at, visitor_id, name, path, source, country, device)
         select $1, 1 + g % 3, now() - ((g::bigint * 31536000 / $3) || ' seconds')::interval,
           (g * 7919) % 400000,
           case when g % 10 = 0 then 'signup' else 'pageview' end,
           '/page-' || (g % 40),
           (array['', 'google.com', 'bing.com', 'news.example.org', 'newsletter', 'twitter.com'])[1 + g % 6],
           (array['US', 'GB', 'DE', 'FR', 'CA', 'IN', 'BR', 'AU'])[1 + g % 8],
           (array['desktop', 'mobile', 'tablet'])[1 + g % 3]
         from generate_series($2::bigint, $2::bigint + $4 - 1) g`,
        [workspaceId, offset, events, size],
      );
      console.error(`inserted ${offset + size} events`);
    }
    await owner.query('analyze analytics_events');
    const seedMs = Math.round(performance.now() - seedStart);
    const rollupStart = performance.now();
    await owner.query(
      `insert into analytics_dirty_days (workspace_id, day)
       select $1, d::date from generate_series((now() - interval '366 days')::date, now()::date, '1 day') d
       on conflict do nothing`,
      [workspaceId],
    );
    const rolledDays = await runRollups(database);
    const rollupMs = Math.round(performance.now() - rollupStart);
    await owner.query('analyze analytics_daily');

    // (3) reports: the API (rollups) and the same figures from raw events
    const cookie = await signInCookie(server.baseUrl, demoCredentials.email, demoCredentials.password);
    const report = (range: string) => async () => {
      const res = await fetch(`${server.baseUrl}/api/analytics/overview?range=${range}`, {
        headers: { cookie },
      });
      if (!res.ok) throw new Error(`${range}: ${res.status}`);
      await res.json();
    };
    const rawReport = (days: number) => () =>
      database.withWorkspace(workspaceId, async (tx) => {
        const from = `now() - interval '${days} days'`;
        await tx.execute(
          sql.raw(`select website_id, count(distinct (visitor_id, (occurred_at at time zone 'UTC')::date)),
          count(*) filter (where name = 'pageview') from analytics_events where occurred_at >= ${from} group by 1`),
        );
        await tx.execute(
          sql.raw(`select (occurred_at at time zone 'UTC')::date, count(distinct visitor_id), count(*)
          from analytics_events where occurred_at >= ${from} group by 1`),
        );
        await tx.execute(
          sql.raw(`select source, count(distinct (visitor_id, (occurred_at at time zone 'UTC')::date))
          from analytics_events where occurred_at >= ${from} group by 1 order by 2 desc limit 100`),
        );
      });
    await report('30days')();
    const reports = {
      '30days': { rollups: await timed(report('30days'), probes), raw: await timed(rawReport(30), 3) },
      '1year': { rollups: await timed(report('1year'), probes), raw: await timed(rawReport(365), 1) },
    };
    console.log(
      JSON.stringify(
        {
          ingest,
          events,
          seedMs,
          rollup: { days: rolledDays, ms: rollupMs },
          reports,
          targets: { ingestPerSecond: 5000, reportP99Ms: 200 },
        },
        null,
        2,
      ),
    );
  } finally {
    await database.close();
    await owner.end();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
