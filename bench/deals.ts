/**
 * bench/deals: BENCH_DEALS deals (default 200,000) in the demo workspace, spread over every stage,
 * owner-less and website-less alike, then GET /api/deals/board (all six columns, the first 50 cards
 * each, with their counts and totals) one request at a time through the real server; also the board
 * filtered by website and a column's second page. Target: board p99 < 30 ms. Prints JSON.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { demoCredentials } from '../src/server/seed/demo-workspace.js';
import { percentile, signInCookie, startBuiltServer } from './support/start-server.js';

const dealCount = Number(process.env.BENCH_DEALS ?? 200_000);
const requests = 300;

async function timed(url: string, headers: Record<string, string>, times: number) {
  const ms: number[] = [];
  let body: unknown;
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    const res = await fetch(url, { headers });
    body = await res.json();
    ms.push(performance.now() - t);
    if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  }
  ms.sort((a, b) => a - b);
  return { body, p50Ms: percentile(ms, 50), p95Ms: percentile(ms, 95), p99Ms: percentile(ms, 99) };
}

async function main() {
  const server = await startBuiltServer({ DEMO_SIGN_IN: 'true' });
  const owner = new pg.Client({ connectionString: server.ownerUrl });
  await owner.connect();
  try {
    const { rows } = await owner.query(
      `select w.id from workspaces w join memberships m on m.workspace_id = w.id
       join users u on u.id = m.user_id where u.email = $1`,
      [demoCredentials.email],
    );
    const workspaceId = rows[0].id;
    const seedStart = performance.now();
    // Stages weighted as a real pipeline (many leads, fewer late stages); moved in over the last year.
    await owner.query(
      `with c as (select array_agg(id order by id) as ids from contacts where workspace_id = $1)
       insert into deals (workspace_id, name, value_cents, stage, contact_id, owner_id, website_id,
         expected_close_date, stage_entered_at, closed_at)
       select $1, 'Bench deal ' || g, (g * 7919 % 5000000)::bigint, s.stage,
         c.ids[1 + g % array_length(c.ids, 1)], case when g % 3 = 0 then u.id end,
         case when g % 4 < 3 then 1 + g % 3 end,
         current_date + (g % 120 - 30), now() - (g % 525600) * interval '1 minute',
         case when s.stage in ('won', 'lost') then now() - (g % 525600) * interval '1 minute' end
       from generate_series(1, $2::int) g, c,
         lateral (select (array['leads','leads','leads','qualified','qualified','proposal','negotiation','won','lost','lost'])[1 + g % 10] as stage) s,
         lateral (select user_id as id from memberships where workspace_id = $1 limit 1) u`,
      [workspaceId, dealCount],
    );
    // As a table in use is: vacuumed (the visibility map set, so autovacuum does not wake during the
    // measurement to do it) and its dirty pages written out, as bench/support/contact-rows.ts does.
    await owner.query('vacuum analyze deals');
    await owner.query('checkpoint');
    const seedMs = Math.round(performance.now() - seedStart);

    const cookie = await signInCookie(server.baseUrl, demoCredentials.email, demoCredentials.password);
    const headers = { cookie, origin: server.baseUrl };
    await timed(`${server.baseUrl}/api/deals/board`, headers, 20); // warm-up
    const board = await timed(`${server.baseUrl}/api/deals/board`, headers, requests);
    const columns = (
      board.body as { columns: { stage: string; count: number; deals: unknown[]; nextCursor: string }[] }
    ).columns;
    const byWebsite = await timed(`${server.baseUrl}/api/deals/board?websiteId=2`, headers, requests);
    const qualified = columns.find((c) => c.stage === 'qualified');
    const nextPage = await timed(
      `${server.baseUrl}/api/deals?stage=qualified&limit=50&cursor=${qualified?.nextCursor}`,
      headers,
      requests,
    );
    const { body: _b, ...boardFigures } = board;
    const { body: _w, ...websiteFigures } = byWebsite;
    const { body: _n, ...pageFigures } = nextPage;
    console.log(
      JSON.stringify(
        {
          bench: 'deals',
          deals: dealCount,
          seedMs,
          requests,
          columns: columns.map((c) => ({ stage: c.stage, count: c.count, cards: c.deals.length })),
          board: boardFigures,
          boardFilteredByWebsite: websiteFigures,
          columnSecondPage: pageFigures,
          targetBoardP99Ms: 30,
        },
        null,
        2,
      ),
    );
  } finally {
    await owner.end();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
