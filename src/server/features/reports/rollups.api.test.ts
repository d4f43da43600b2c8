import type { ReportDefinitionInput, ReportSeries } from '@domain/reports/report-schemas';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUpOwner, useTestApp } from '../../../../test/test-app.js';

/**
 * The contacts rollup (migrations 1315, 1370) against the rows it summarises: after every kind of write the
 * rollup's groups equal the rows grouped, and every report the rollup answers equals the same report read
 * from the rows (forced by a filter only the rows answer, `value >= 0`, true of every contact).
 */
const t = useTestApp({ workers: true });
let db: pg.Client;
let owner: SignedUp;
let other: SignedUp;

const today = new Date().toISOString().slice(0, 10);
const range = { from: '2025-01-01', to: today };
const everyRow = { field: 'value', op: 'gte', value: 0 } as const;

const definitions = (ownerId: number): Partial<ReportDefinitionInput>[] => [
  {
    measures: [{ fn: 'count' }, { fn: 'sum', field: 'value' }, { fn: 'avg', field: 'value' }],
    breakdown: { by: 'month' },
    compare: true,
  },
  {
    measures: [{ fn: 'count' }, { fn: 'rate', where: { field: 'status', op: 'eq', value: 'customer' } }],
    breakdown: { by: 'field', field: 'source' },
    filters: [{ field: 'status', op: 'in', value: ['lead', 'customer'] }],
  },
  {
    measures: [{ fn: 'count' }, { fn: 'distinct', field: 'source' }],
    breakdown: { by: 'field', field: 'owner' },
  },
  { measures: [{ fn: 'count' }], breakdown: { by: 'field', field: 'type' } },
  {
    measures: [{ fn: 'count' }, { fn: 'sum', field: 'value' }],
    breakdown: { by: 'day' },
    range: { from: '2026-01-01', to: today },
    filters: [{ field: 'type', op: 'empty' }],
  },
  {
    measures: [{ fn: 'count' }, { fn: 'avg', field: 'value' }],
    breakdown: { by: 'week' },
    filters: [{ field: 'owner', op: 'eq', value: String(ownerId) }],
  },
  { measures: [{ fn: 'count' }, { fn: 'sum', field: 'value' }], breakdown: { by: 'none' } },
];

const preview = async (definition: Partial<ReportDefinitionInput>, client = owner.client) => {
  const res = await client.post('/api/reports/preview', {
    name: 'Rollup',
    source: 'contacts',
    chart: 'table',
    range,
    filters: [],
    ...definition,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReportSeries;
};

/** The rollup's groups, and the contacts grouped the same way, for one workspace. */
async function groupsOf(workspaceId: number) {
  const key = `(created_at at time zone 'UTC')::date::text, source, status, coalesce(owner_id, 0)::int, coalesce(contact_type, '')`;
  const rows = await db.query(
    `select ${key} as k, count(*)::int as n, sum(value_cents)::bigint::text as v
     from contacts where workspace_id = $1 group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
    [workspaceId],
  );
  const rollup = await db.query(
    `select day::text, source, status, owner_id::int, contact_type, sum(n)::int as n, sum(value_cents)::bigint::text as v
     from contact_daily_rollups where workspace_id = $1
     group by 1, 2, 3, 4, 5 having sum(n) <> 0 order by 1, 2, 3, 4, 5`,
    [workspaceId],
  );
  return {
    rows: rows.rows.map((r) => Object.values(r)),
    rollup: rollup.rows.map((r) => Object.values(r)),
  };
}

/**
 * A period's figures to 12 significant digits: an average is a division in either path, and the rollup
 * divides its groups' sums, so the last binary digit may round differently; every count and sum is exact.
 */
const rounded = (period: ReportSeries['current'] | null) =>
  period && {
    ...period,
    rows: period.rows.map((row) => ({ ...row, values: row.values.map(round) })),
    totals: period.totals.map(round),
  };
const round = (value: number | null) => (value === null ? null : Number(value.toPrecision(12)));

async function expectRollupExact(label: string) {
  for (const workspace of [owner, other]) {
    const { rows, rollup } = await groupsOf(workspace.workspaceId);
    expect(rollup, `${label}: rollup groups`).toEqual(rows);
  }
  for (const definition of definitions(owner.userId)) {
    const fromRollup = await preview(definition);
    const fromRows = await preview({ ...definition, filters: [...(definition.filters ?? []), everyRow] });
    expect(rounded(fromRollup.current), `${label}: ${JSON.stringify(definition)}`).toEqual(
      rounded(fromRows.current),
    );
    expect(rounded(fromRollup.previous), `${label}: ${JSON.stringify(definition)}`).toEqual(
      rounded(fromRows.previous),
    );
  }
}

const create = async (body: Record<string, unknown>) => {
  const res = await owner.client.post('/api/contacts', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};

beforeAll(async () => {
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  owner = await signUpOwner(t.app, { businessName: 'Rollup Works' });
  other = await signUpOwner(t.app, { businessName: 'Rollup Elsewhere' });
  // A contact's source is one of the workspace's websites (or Unknown).
  for (const site of [
    { name: 'Speaker Site', domain: 'speaker.example' },
    { name: 'Realty AI', domain: 'realty.example' },
  ]) {
    const res = await owner.client.post('/api/websites', site);
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(async () => {
  await db?.end();
});

describe('contacts rollup', () => {
  it('equals the rows after inserts, updates, deletes, an import and a merge with its undo', async () => {
    // Rows over several days and months, written in one statement and one by one.
    await db.query(
      `insert into contacts (workspace_id, first_name, email, source, status, value_cents, contact_type, owner_id, created_at)
       select $1, 'Bulk', 'bulk-' || n || '@example.test', (array['Speaker Site', 'Realty AI', 'Unknown'])[1 + n % 3],
         (array['lead', 'qualified', 'customer', 'lost'])[1 + n % 4], n * 1000,
         (array[null, 'buyer', 'seller'])[1 + n % 3], case when n % 2 = 0 then $2::bigint end,
         '2026-01-01T00:00Z'::timestamptz + n * interval '37 hours'
       from generate_series(1, 60) n`,
      [owner.workspaceId, owner.userId],
    );
    await db.query(
      `insert into contacts (workspace_id, first_name, source, created_at) values ($1, 'Other', 'Referral', '2026-02-02T10:00Z')`,
      [other.workspaceId],
    );
    const a = await create({
      firstName: 'Ann',
      email: 'ann@example.test',
      source: 'Speaker Site',
      valueCents: 7_000,
    });
    const b = await create({
      firstName: 'Ann',
      lastName: 'B',
      email: 'ann.b@example.test',
      source: 'Realty AI',
      status: 'customer',
      contactType: 'buyer',
      valueCents: 3_000,
    });
    const c = await create({ firstName: 'Cy', email: 'cy@example.test', valueCents: 500 });
    await expectRollupExact('inserts');

    // Grouped fields change one at a time, several rows at once, and a value moves between groups.
    const patch = await owner.client.patch(`/api/contacts/${c}`, {
      status: 'qualified',
      source: 'Realty AI',
      valueCents: 900,
    });
    expect(patch.statusCode, patch.body).toBe(200);
    await db.query(
      `update contacts set owner_id = case when owner_id is null then $2::bigint end, contact_type = 'family'
       where workspace_id = $1 and first_name = 'Bulk' and value_cents % 3000 = 0`,
      [owner.workspaceId, owner.userId],
    );
    // An update that leaves the grouped fields alone changes nothing.
    await db.query(`update contacts set notes = 'seen' where workspace_id = $1`, [owner.workspaceId]);
    await expectRollupExact('updates');

    const removed = await owner.client.delete(`/api/contacts/${c}`);
    expect(removed.statusCode, removed.body).toBe(204);
    await db.query(
      `delete from contacts where workspace_id = $1 and first_name = 'Bulk' and value_cents % 7000 = 0`,
      [owner.workspaceId],
    );
    await expectRollupExact('deletes');

    const csv = [
      'First Name,Last Name,Email,Status,Value',
      ...Array.from(
        { length: 30 },
        (_, i) => `Imp,${i},imp-${i}@example.test,${i % 2 ? 'lead' : 'customer'},${i * 10}`,
      ),
      // An existing contact updated by the import.
      'Ann,,ann@example.test,lost,70',
    ].join('\n');
    const started = await owner.client.post('/api/contacts/import-csv', { csvData: csv, filename: 'c.csv' });
    expect(started.statusCode, started.body).toBe(202);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const status = (await owner.client.get(`/api/contacts/import-status/${started.json().jobId}`)).json();
      if (status.status === 'completed') break;
      expect(status.status).toBe('processing');
      if (Date.now() > deadline) throw new Error('the import did not finish');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await expectRollupExact('import');

    const merged = await owner.client.post('/api/contacts/merge', { contactIds: [a, b] });
    expect(merged.statusCode, merged.body).toBe(200);
    await expectRollupExact('merge');
    const undo = await owner.client.post(`/api/duplicates/merges/${merged.json().merge.id}/undo`, {});
    expect(undo.statusCode, undo.body).toBe(200);
    await expectRollupExact('undo');
  });

  it('lets creators of one group write side by side, each on its own shard, and stays exact', async () => {
    // Two open transactions adding a contact to the same group (today, one source, lead): the second must
    // not wait for the first's commit (migration 1370), so a short lock timeout fails it if it does.
    const first = new pg.Client({ connectionString: t.ownerUrl });
    await first.connect();
    const opened: pg.Client[] = [];
    let second: pg.Client | undefined;
    const firstPid = (await first.query('select pg_backend_pid() as pid')).rows[0].pid as number;
    try {
      // Another backend whose shard (pid mod 32) differs from the first's.
      while (!second) {
        const client = new pg.Client({ connectionString: t.ownerUrl });
        await client.connect();
        opened.push(client);
        const pid = (await client.query('select pg_backend_pid() as pid')).rows[0].pid as number;
        if (pid % 32 !== firstPid % 32) second = client;
      }
      const add = (client: pg.Client, email: string) =>
        client.query(
          `insert into contacts (workspace_id, first_name, email, source, status, value_cents)
           values ($1, 'Side', $2, 'Side by side', 'lead', 700)`,
          [owner.workspaceId, email],
        );
      await first.query('begin');
      await add(first, 'side-1@example.test');
      await second.query(`begin; set local lock_timeout = '2s'`);
      await add(second, 'side-2@example.test');
      await second.query('commit');
      await first.query('commit');
      await expectRollupExact('side by side');
      // Removed from a third connection: its shard goes below zero, the group's sum stays exact.
      await db.query(`delete from contacts where workspace_id = $1 and email = 'side-1@example.test'`, [
        owner.workspaceId,
      ]);
      await expectRollupExact('removed from another shard');
    } finally {
      await first.query('rollback').catch(() => {});
      await first.end();
      for (const client of opened) await client.end();
    }
  });

  it('is what the reports it answers read', async () => {
    const before = await preview({ measures: [{ fn: 'count' }], breakdown: { by: 'none' } });
    await db.query(
      `update contact_daily_rollups set n = n + 1000 where ctid = (select ctid from contact_daily_rollups where workspace_id = $1 limit 1)`,
      [owner.workspaceId],
    );
    try {
      const after = await preview({ measures: [{ fn: 'count' }], breakdown: { by: 'none' } });
      expect(after.current.totals[0]).toBe((before.current.totals[0] as number) + 1000);
      // A filter the rollup cannot answer reads the rows.
      const rows = await preview({
        measures: [{ fn: 'count' }],
        breakdown: { by: 'none' },
        filters: [everyRow],
      });
      expect(rows.current.totals).toEqual(before.current.totals);
    } finally {
      await db.query(`update contact_daily_rollups set n = n - 1000 where workspace_id = $1 and n > 1000`, [
        owner.workspaceId,
      ]);
    }
  });
});
