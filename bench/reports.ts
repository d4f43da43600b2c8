/**
 * bench/reports: BENCH_REPORT_CONTACTS contacts (default 1,000,000) spread over the last year and 20
 * sources, and a year of web-analytics rollups (every day: totals, 200 pages, 20 sources, 40 countries,
 * 3 devices, 10 goals, for each demo website: the rollups 10,000,000 events leave behind; reports read
 * rollups only, as the analytics tab does), loaded through the owner connection into the demo workspace.
 * Then, through the real server over HTTP, saved reports' series (`GET /api/reports/:id/series`), one
 * request at a time, BENCH_REQUESTS each (default 200): contacts by source over the year, contacts by
 * month over the year against the year before (both from the contacts rollup), the same by month read from
 * the rows (a filter the rollup cannot answer: what every contacts report cost before the rollup), page
 * views and visitors by day for a year, page views by page; and a 12-report dashboard: the 12 series asked at once, the time until the last answers.
 * Targets (issue 34): contacts report p99 < 300 ms, analytics year p99 < 200 ms, the dashboard's 12
 * within 1 s at p99. Prints JSON. Run alone: `npx tsx bench/reports.ts`.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { demoCredentials } from '../src/server/seed/demo-workspace.js';
import { demoWorkspaceId, loadContactsWithoutIndexes } from './support/contact-rows.js';
import { percentile, signInCookie, startBuiltServer } from './support/start-server.js';

const contactCount = Number(process.env.BENCH_REPORT_CONTACTS ?? 1_000_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const dashboardRounds = Number(process.env.BENCH_DASHBOARD_ROUNDS ?? 50);

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const year = { from: day(-364), to: day(0) };

const definitions = {
  contactsBySource: {
    name: 'Contacts by source',
    source: 'contacts',
    measures: [{ fn: 'count' }, { fn: 'sum', field: 'value' }],
    breakdown: { by: 'field', field: 'source' },
    range: year,
    chart: 'bar',
  },
  contactsByMonth: {
    name: 'Contacts by month',
    source: 'contacts',
    measures: [{ fn: 'count' }, { fn: 'rate', where: { field: 'status', op: 'eq', value: 'customer' } }],
    breakdown: { by: 'month' },
    range: year,
    compare: true,
    chart: 'line',
  },
  trafficByDay: {
    name: 'Traffic by day',
    source: 'analytics',
    measures: [
      { fn: 'sum', field: 'pageviews' },
      { fn: 'sum', field: 'visitors' },
    ],
    breakdown: { by: 'day' },
    range: year,
    compare: true,
    chart: 'line',
  },
  pagesOfTheYear: {
    name: 'Pages of the year',
    source: 'analytics',
    measures: [{ fn: 'sum', field: 'pageviews' }],
    breakdown: { by: 'field', field: 'page' },
    range: year,
    chart: 'table',
  },
} as const;

/** The rollup's fallback: `value >= 0` is true of every contact, but only the rows can answer it. */
const fromRows = {
  contactsByMonthFromRows: {
    ...definitions.contactsByMonth,
    name: 'Contacts by month (rows)',
    filters: [{ field: 'value', op: 'gte', value: 0 }],
  },
};

/** Twelve reports of a dashboard: the four above and eight more over the other sources and shapes. */
const dashboard = [
  ...Object.values(definitions),
  {
    ...definitions.contactsBySource,
    name: 'Contacts by status',
    breakdown: { by: 'field', field: 'status' },
  },
  { ...definitions.contactsByMonth, name: 'Contacts by week', breakdown: { by: 'week' } },
  { ...definitions.trafficByDay, name: 'Traffic by month', breakdown: { by: 'month' } },
  { ...definitions.pagesOfTheYear, name: 'Countries', breakdown: { by: 'field', field: 'country' } },
  {
    ...definitions.pagesOfTheYear,
    name: 'Goals',
    measures: [{ fn: 'sum', field: 'events' }],
    breakdown: { by: 'field', field: 'goal' },
  },
  {
    name: 'Deals by stage',
    source: 'deals',
    measures: [{ fn: 'count' }, { fn: 'sum', field: 'value' }],
    breakdown: { by: 'field', field: 'stage' },
    range: year,
    chart: 'funnel',
  },
  {
    name: 'Tasks by owner',
    source: 'tasks',
    measures: [{ fn: 'count' }],
    breakdown: { by: 'field', field: 'owner' },
    range: year,
    chart: 'bar',
  },
  {
    name: 'Revenue by month',
    source: 'payments',
    measures: [{ fn: 'sum', field: 'amount' }],
    breakdown: { by: 'month' },
    range: year,
    compare: true,
    chart: 'bar',
  },
];

const server = await startBuiltServer({ DEMO_SIGN_IN: 'true' });
try {
  const owner = new pg.Client({ connectionString: server.ownerUrl });
  await owner.connect();
  const workspaceId = await demoWorkspaceId(owner);
  const loadStarted = performance.now();
  await loadContactsWithoutIndexes(owner, async () => {
    await owner.query(
      `insert into contacts (workspace_id, first_name, email, source, status, value_cents, created_at)
       select $1, 'Report', 'bench-report-' || n || '@example.test', 'Source ' || (n % 20),
         (array['lead','qualified','customer','lost'])[1 + n % 4], n % 100000,
         now() - (n % 365) * interval '1 day' - (n % 86400) * interval '1 second'
       from generate_series(1, $2::int) n`,
      [workspaceId, contactCount],
    );
  });
  const { rows: sites } = await owner.query('select id from websites where workspace_id = $1', [workspaceId]);
  // A year of rollups per site: each dimension's values every day (as many rows as the rollup job writes).
  for (const { id } of sites)
    await owner.query(
      `insert into analytics_daily (workspace_id, website_id, day, dimension, value, visitors, pageviews, events)
       select $1, $2, d::date, dim.dimension, dim.value, 1 + (abs(hashtext(dim.value || d::text)) % 500),
         1 + (abs(hashtext(d::text || dim.value)) % 2000), abs(hashtext(dim.value)) % 50
       from generate_series(current_date - 730, current_date, interval '1 day') d
       cross join (
         select 'total' as dimension, '' as value
         union all select 'page', '/page-' || n from generate_series(1, 200) n
         union all select 'source', 'source-' || n from generate_series(1, 20) n
         union all select 'country', 'C' || n from generate_series(1, 40) n
         union all select 'device', unnest(array['mobile', 'tablet', 'desktop'])
         union all select 'event', 'goal-' || n from generate_series(1, 10) n
       ) dim
       on conflict do nothing`,
      [workspaceId, id],
    );
  await owner.query('vacuum analyze analytics_daily');
  const loadSeconds = Math.round((performance.now() - loadStarted) / 100) / 10;
  await owner.end();

  const cookie = await signInCookie(server.baseUrl, demoCredentials.email, demoCredentials.password);
  const save = async (definition: unknown): Promise<number> => {
    const res = await fetch(`${server.baseUrl}/api/reports`, {
      method: 'POST',
      headers: { cookie, origin: server.baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify(definition),
    });
    if (res.status !== 201) throw new Error(`saving a report failed: ${res.status} ${await res.text()}`);
    return (await res.json()).id;
  };
  const series = async (id: number) => {
    const res = await fetch(`${server.baseUrl}/api/reports/${id}/series`, { headers: { cookie } });
    if (!res.ok) throw new Error(`series failed: ${res.status} ${await res.text()}`);
    return res.json();
  };

  const results: Record<string, unknown> = {};
  for (const [name, definition] of Object.entries({ ...definitions, ...fromRows })) {
    const id = await save(definition);
    await series(id); // the first read warms the connection's plan cache
    const latencies: number[] = [];
    let rows = 0;
    for (let i = 0; i < requests; i += 1) {
      const started = performance.now();
      rows = (await series(id)).current.rows.length;
      latencies.push(performance.now() - started);
    }
    latencies.sort((a, b) => a - b);
    results[name] = { rows, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99) };
  }

  const ids = await Promise.all(dashboard.map(save));
  const rounds: number[] = [];
  for (let i = 0; i < dashboardRounds; i += 1) {
    const started = performance.now();
    await Promise.all(ids.map(series));
    rounds.push(performance.now() - started);
  }
  rounds.sort((a, b) => a - b);

  // The same twelve as one dashboard, read the way its screen reads them: one request for every tile.
  const board = await fetch(`${server.baseUrl}/api/reports/dashboards`, {
    method: 'POST',
    headers: { cookie, origin: server.baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench board',
      tiles: ids.map((reportId, i) => ({ reportId, x: (i % 2) * 6, y: Math.floor(i / 2) * 2, w: 6, h: 2 })),
    }),
  });
  if (board.status !== 201)
    throw new Error(`saving the dashboard failed: ${board.status} ${await board.text()}`);
  const boardId = (await board.json()).id;
  const boardRounds: number[] = [];
  for (let i = 0; i < dashboardRounds; i += 1) {
    const started = performance.now();
    const res = await fetch(`${server.baseUrl}/api/reports/dashboards/${boardId}/series`, {
      headers: { cookie },
    });
    if (!res.ok) throw new Error(`dashboard series failed: ${res.status} ${await res.text()}`);
    await res.json();
    boardRounds.push(performance.now() - started);
  }
  boardRounds.sort((a, b) => a - b);
  console.log(
    JSON.stringify(
      {
        bench: 'reports',
        contacts: contactCount,
        analyticsRollupRows: sites.length * 731 * 274,
        loadSeconds,
        requests,
        ...results,
        dashboardOf12: {
          rounds: dashboardRounds,
          p50Ms: percentile(rounds, 50),
          p99Ms: percentile(rounds, 99),
        },
        dashboardEndpointOf12: {
          rounds: dashboardRounds,
          p50Ms: percentile(boardRounds, 50),
          p99Ms: percentile(boardRounds, 99),
        },
        targets: { contactsP99Ms: 300, analyticsYearP99Ms: 200, dashboardP99Ms: 1000 },
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
}
