/**
 * bench/segments: live segments (issue 32's targets at 1,000,000 contacts: a contact change reaches every
 * dependent segment's membership with p99 < 1 s, 20 segments defined; a segment's count answers in < 50 ms).
 * BENCH_SEGMENT_CONTACTS contacts (default 1,000,000) are generated in the demo workspace through the owner
 * connection, in SQL with the contacts' secondary indexes dropped and rebuilt after (as bench/contacts and
 * bench/duplicates load); 20 segments over fields, tags, source and deals are created through the API and
 * built (`buildAllSeconds`: from the first POST until none is building). The plans of an evaluation's
 * statements and of the count read (the server's own statements, from the store, as the app role in the
 * workspace) are checked for sequential scans of big tables (`plans`; the demo's small tables, such as
 * its few campaign messages or the 23 segments' count rows, are scanned whole by choice). Then,
 * through the real server: BENCH_SEGMENT_CHANGES contact updates (default 200), one after another, each
 * timed from its PATCH to the moment every segment it changes shows the entry or exit (read on the owner
 * connection); and the p50/p95/p99 of `GET /api/segments/:id` (the count). Prints JSON. Run alone:
 * `npx tsx bench/segments.ts`.
 */
import { performance } from 'node:perf_hooks';
import type { SegmentDefinition } from '@domain/segments/segment-schemas';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Tx } from '../src/server/db/database.js';
import { appRole } from '../src/server/db/urls.js';
import * as segmentStore from '../src/server/features/segments/store.js';
import { demoCredentials } from '../src/server/seed/demo-workspace.js';
import { demoWorkspaceId, loadContactsWithoutIndexes } from './support/contact-rows.js';
import { percentile, signInCookie, startBuiltServer } from './support/start-server.js';

const contactCount = Number(process.env.BENCH_SEGMENT_CONTACTS ?? 1_000_000);
const changes = Number(process.env.BENCH_SEGMENT_CHANGES ?? 200);
const countReads = 300;
const cities = ['Austin', 'Boston', 'Denver', 'Miami', 'Seattle'];

/** 20 segments: each of the tags, cities and statuses, and deal stages, some combined with and/or. */
function definitions() {
  const list: Record<string, unknown>[] = [];
  for (let i = 0; i < 6; i++)
    list.push({ name: `Tag t${i}`, match: 'all', conditions: [{ kind: 'tag', op: 'has', tag: `t${i}` }] });
  for (const city of cities)
    list.push({
      name: `City ${city}`,
      match: 'all',
      conditions: [{ kind: 'field', field: 'city', op: 'equals', value: city }],
    });
  for (const stage of ['leads', 'proposal', 'won'])
    list.push({ name: `Deal ${stage}`, match: 'all', conditions: [{ kind: 'deal_stage', stage }] });
  for (let i = 0; i < 6; i++)
    list.push({
      name: `Mixed ${i}`,
      match: i % 2 ? 'any' : 'all',
      conditions: [
        { kind: 'tag', op: 'has', tag: `t${i}` },
        {
          kind: 'group',
          match: 'any',
          conditions: [
            { kind: 'field', field: 'city', op: 'equals', value: cities[i % cities.length] },
            { kind: 'field', field: 'company', op: 'contains', value: 'acme' },
          ],
        },
      ],
    });
  return list;
}

/** A sequential scan of a table this big (its planner estimate) is flagged: per change or read, none is expected. */
const bigTableRows = 10_000;

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };

function scans(node: PlanNode, out: string[]) {
  if (node['Relation Name'])
    out.push(
      `${node['Node Type']} on ${node['Relation Name']}${node['Index Name'] ? ` using ${node['Index Name']}` : ''}`,
    );
  for (const child of node.Plans ?? []) scans(child, out);
  return out;
}

/**
 * The plans of the statements one contact's evaluation runs (which segments it meets, its memberships, the
 * count rows' locks, an entry and an exit) and of the count read, taken by running the store's own functions
 * against a recorder that EXPLAINs each statement as the app role in the workspace (so with its RLS).
 * Returns each statement's scans and the sequential scans of big tables (none expected).
 */
async function evaluationPlans(owner: pg.Client, ws: number) {
  const dialect = new PgDialect();
  const explained: { statement: string; scans: string[] }[] = [];
  let statement = '';
  const explain = async (text: string, params: unknown[]) => {
    const { rows } = await owner.query(`explain (format json) ${text}`, params);
    explained.push({ statement, scans: scans(rows[0]['QUERY PLAN'][0].Plan as PlanNode, []) });
    return { rows: [], rowCount: 0 };
  };
  // Both ways a store sends a statement: drizzle's `execute`, and a named statement on the session's client.
  const recorder = {
    async execute(query: SQL) {
      const { sql: text, params } = dialect.sqlToQuery(query);
      return explain(text, params as unknown[]);
    },
    session: { client: { query: (q: { text: string; values: unknown[] }) => explain(q.text, q.values) } },
  } as unknown as Tx;
  const { rows: segments } = await owner.query<{ id: string; definition: SegmentDefinition }>(
    `select id, definition from segments where workspace_id = $1 order by id`,
    [ws],
  );
  const rows = segments.map((s) => ({
    id: Number(s.id),
    name: '',
    definition: s.definition,
    version: 1,
    status: 'ready' as const,
  }));
  const ids = rows.map((r) => r.id);
  const { rows: sample } = await owner.query(
    `select max(id)::float8 as id from contacts where workspace_id = $1`,
    [ws],
  );
  const contactId = Number(sample[0].id);
  await owner.query(`begin; set local role ${appRole}; select set_config('app.workspace_id', '${ws}', true)`);
  try {
    const steps: [string, () => Promise<unknown>][] = [
      ['applyMembership', () => segmentStore.applyMembership(recorder, contactId, rows)],
      ['countRead', () => segmentStore.findSegmentView(recorder, ids[0])],
    ];
    for (const [name, run] of steps) {
      statement = name;
      await run();
    }
  } finally {
    await owner.query('rollback');
  }
  const { rows: sizes } = await owner.query<{ name: string; rows: number }>(
    `select relname as name, reltuples::float8 as rows from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace`,
  );
  const rowsOf = new Map(sizes.map((t) => [t.name, Number(t.rows)]));
  const seqScansOfBigTables = explained.flatMap((e) =>
    e.scans
      .filter((s) => s.startsWith('Seq Scan') && (rowsOf.get(s.split(' on ')[1]) ?? 0) >= bigTableRows)
      .map((s) => `${e.statement}: ${s}`),
  );
  return { statements: explained, seqScansOfBigTables };
}

async function main() {
  const server = await startBuiltServer({ DEMO_SIGN_IN: 'true' });
  const owner = new pg.Client({ connectionString: server.ownerUrl });
  await owner.connect();
  try {
    const base = server.baseUrl;
    const cookie = await signInCookie(base, demoCredentials.email, demoCredentials.password);
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { cookie, origin: base, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const ws = await demoWorkspaceId(owner);
    const loadStart = performance.now();
    await loadContactsWithoutIndexes(owner, async () => {
      await owner.query(
        `insert into contacts (workspace_id, first_name, last_name, email, city, company, source, tags)
       select $1, 'Bench', 'Contact ' || i, 'bench-' || i || '@segments.example', ($3::text[])[1 + i % 5],
         case when i % 7 = 0 then 'Acme ' || i else 'Other' end, 'Unknown',
         array['t' || (i % 6), 't' || ((i / 6) % 6)]
       from generate_series(1, $2) i`,
        [ws, contactCount, cities],
      );
    });
    await owner.query(
      `insert into deals (workspace_id, name, contact_id, stage, closed_at)
       select $1, 'Bench deal', id, (array['leads','proposal','won'])[1 + id % 3], case when id % 3 = 2 then now() end
       from contacts where workspace_id = $1 and id % 4 = 0`,
      [ws],
    );
    await owner.query('analyze');
    const loadMs = performance.now() - loadStart;

    const buildStart = performance.now();
    const segments: { id: number }[] = [];
    for (const definition of definitions()) segments.push(await call('POST', '/api/segments', definition));
    for (;;) {
      const { rows } = await owner.query(
        `select count(*)::int as n from segments where workspace_id = $1 and status = 'building'`,
        [ws],
      );
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const buildMs = performance.now() - buildStart;
    const plans = await evaluationPlans(owner, ws);

    // Each change moves a contact to another city and swaps its tags: it leaves every segment over fields and tags.
    const { rows: sample } = await owner.query(
      `select id::int from contacts where workspace_id = $1 and first_name = 'Bench' and company = 'Other'
       order by random() limit $2`,
      [ws, changes],
    );
    const changeMs: number[] = [];
    for (const [i, { id }] of sample.entries()) {
      const { rows: before } = await owner.query(
        `select coalesce(max(id), 0)::bigint as h from segment_history`,
      );
      const started = performance.now();
      await call('PATCH', `/api/contacts/${id}`, { city: `Elsewhere ${i}`, tags: ['t9'] });
      // Every segment the contact was in (cities, tags, mixes) must show its exit; none it enters here.
      for (;;) {
        const { rows } = await owner.query(
          `select (select count(*) from segment_members m where m.contact_id = $1 and m.segment_id in
                     (select id from segments where definition::text not like '%deal_stage%'))::int as still,
                  (select count(*) from segment_history h where h.id > $2 and h.contact_id = $1)::int as moved`,
          [id, before[0].h],
        );
        if (rows[0].still === 0 && rows[0].moved > 0) break;
        await new Promise((r) => setTimeout(r, 2));
      }
      changeMs.push(performance.now() - started);
    }
    changeMs.sort((a, b) => a - b);

    const countMs: number[] = [];
    for (let i = 0; i < countReads; i++) {
      const started = performance.now();
      await call('GET', `/api/segments/${segments[i % segments.length].id}`);
      countMs.push(performance.now() - started);
    }
    countMs.sort((a, b) => a - b);
    const round = (ms: number) => Math.round(ms * 10) / 10;
    console.log(
      JSON.stringify(
        {
          bench: 'segments',
          contacts: contactCount,
          segments: segments.length,
          loadSeconds: round(loadMs / 1000),
          buildAllSeconds: round(buildMs / 1000),
          plans,
          changeToMembershipMs: {
            changes: changeMs.length,
            p50: round(percentile(changeMs, 50)),
            p95: round(percentile(changeMs, 95)),
            p99: round(percentile(changeMs, 99)),
          },
          countMs: {
            reads: countMs.length,
            p50: round(percentile(countMs, 50)),
            p95: round(percentile(countMs, 95)),
            p99: round(percentile(countMs, 99)),
          },
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

await main();
