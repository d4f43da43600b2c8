import type { ReportDefinitionInput, ReportSeries } from '@domain/reports/report-schemas';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  apiKeyClient,
  type SignedUp,
  signUpOwner,
  useTestApp,
} from '../../../../test/test-app.js';

const t = useTestApp();
let db: pg.Client;
let owner: SignedUp;
let other: SignedUp;
let admin: Awaited<ReturnType<typeof addMember>>;
let member: Awaited<ReturnType<typeof addMember>>;
let viewer: Awaited<ReturnType<typeof addMember>>;

/**
 * The fixture: March and April 2026 is the range (61 days), so its previous period is 30 December 2025 to
 * 28 February 2026. Every figure the tests expect is counted by hand from these rows.
 */
const range = { from: '2026-03-01', to: '2026-04-30' };

async function fixture(workspaceId: number, userId: number) {
  const q = (text: string, values: unknown[] = []) => db.query(text, [workspaceId, ...values]);
  const company = (
    await q(
      `insert into companies (workspace_id, name, created_at) values ($1, 'Acme', '2026-03-01T09:00Z') returning id`,
    )
  ).rows[0].id;
  const contact = async (status: string, source: string, cents: number, at: string, email: string) =>
    (
      await q(
        `insert into contacts (workspace_id, first_name, email, status, source, value_cents, created_at, company_id, owner_id)
         values ($1, 'C', $2, $3, $4, $5, $6, $7, $8) returning id`,
        [email, status, source, cents, at, company, userId],
      )
    ).rows[0].id;
  const c1 = await contact('lead', 'Google', 10_000, '2026-03-05T10:00Z', 'c1@example.test');
  await contact('customer', 'Google', 30_000, '2026-03-20T10:00Z', 'c2@example.test');
  await contact('customer', 'Referral', 20_000, '2026-04-10T10:00Z', 'c3@example.test');
  await contact('lead', 'Referral', 0, '2026-02-10T10:00Z', '=HYPERLINK("http://x")@example.test');
  await contact('lead', 'Ads', 5_000, '2026-05-02T10:00Z', 'c5@example.test');

  const deal = (stage: string, cents: number, at: string, closed: string | null) =>
    q(
      `insert into deals (workspace_id, name, stage, value_cents, contact_id, owner_id, created_at, closed_at)
       values ($1, 'D', $2, $3, $4, $5, $6, $7)`,
      [stage, cents, c1, userId, at, closed],
    );
  await deal('won', 100_000, '2026-03-10T10:00Z', '2026-03-12T10:00Z');
  await deal('lost', 50_000, '2026-04-01T10:00Z', '2026-04-02T10:00Z');
  await deal('leads', 25_000, '2026-04-15T10:00Z', null);

  for (const [type, at] of [
    ['note', '2026-03-02T10:00Z'],
    ['note', '2026-03-03T10:00Z'],
    ['call', '2026-04-20T10:00Z'],
  ])
    await q(`insert into activities (workspace_id, type, description, created_at) values ($1, $2, 'x', $3)`, [
      type,
      at,
    ]);

  await q(
    `insert into tasks (workspace_id, title, owner_id, created_at) values ($1, 'Open one', $2, '2026-03-04T10:00Z')`,
    [userId],
  );
  await q(
    `insert into tasks (workspace_id, title, owner_id, status, closed_at, created_at)
     values ($1, 'Done one', $2, 'done', '2026-03-08T10:00Z', '2026-03-06T10:00Z')`,
    [userId],
  );

  const form = (
    await q(
      `insert into forms (workspace_id, name, locale, fields, texts) values ($1, 'Newsletter', 'en', '[]', '{}') returning id`,
    )
  ).rows[0].id;
  for (const [consent, at] of [
    [true, '2026-03-07T10:00Z'],
    [false, '2026-04-08T10:00Z'],
  ])
    await q(
      `insert into form_submissions (workspace_id, form_id, answers, consent_text, consent_given, submitted_at)
       values ($1, $2, '[]', 'ok', $3, $4)`,
      [form, consent, at],
    );

  const site = (
    await q(
      `insert into websites (workspace_id, name, domain) values ($1, 'Main site', 'main.example') returning id`,
    )
  ).rows[0].id;
  for (const [day, dimension, value, visitors, pageviews, events] of [
    ['2026-03-01', 'total', '', 10, 25, 3],
    ['2026-04-02', 'total', '', 5, 8, 0],
    ['2026-02-20', 'total', '', 7, 7, 0],
    ['2026-03-01', 'page', '/', 8, 20, 0],
    ['2026-03-01', 'page', '/pricing', 4, 5, 0],
    ['2026-03-01', 'event', 'signup', 3, 0, 3],
  ])
    await q(
      `insert into analytics_daily (workspace_id, website_id, day, dimension, value, visitors, pageviews, events)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [site, day, dimension, value, visitors, pageviews, events],
    );

  await q(
    `insert into payments (workspace_id, description, amount_cents, one_time_cents, provider, paid_at)
     values ($1, 'Setup', 5000, 5000, 'stripe', '2026-03-15T10:00Z')`,
  );
  await q(
    `insert into payments (workspace_id, description, amount_cents, recurring_cents, provider, paid_at)
     values ($1, 'Plan', 2500, 2500, 'stripe', '2026-04-15T10:00Z')`,
  );
  const campaign = (
    await q(
      `insert into campaigns (workspace_id, name, subject, body) values ($1, 'Spring sale', 'S', 'B') returning id`,
    )
  ).rows[0].id;
  for (const [n, status, opened, clicked] of [
    [1, 'sent', '2026-03-11T10:00Z', '2026-03-11T11:00Z'],
    [2, 'sent', '2026-03-11T10:00Z', null],
    [3, 'sent', null, null],
    [4, 'failed', null, null],
  ])
    await q(
      `insert into marketing_messages (workspace_id, idempotency_key, campaign_id, to_email, subject, body, status, token, created_at, opened_at, clicked_at, attempts)
       values ($1, $2, $3, $4, 'S', 'B', $5, $6, '2026-03-10T10:00Z', $7, $8, $9)`,
      [
        `campaign:${campaign}:${n}`,
        campaign,
        `m${n}@example.test`,
        status,
        `token-${workspaceId}-${n}`,
        opened,
        clicked,
        n === 4 ? 3 : 1,
      ],
    );
  // A workflow's mail is not a campaign's.
  await q(
    `insert into marketing_messages (workspace_id, idempotency_key, to_email, subject, body, status, token, created_at)
     values ($1, 'run:1:a', 'w@example.test', 'S', 'B', 'sent', $2, '2026-03-10T10:00Z')`,
    [`token-${workspaceId}-run`],
  );
  const app = (
    await q(
      `insert into ecosystem_apps (workspace_id, name, category, url) values ($1, 'Shop', 'core', 'https://shop.example') returning id`,
    )
  ).rows[0].id;
  const endpoint = (
    await q(`insert into ops_endpoints (workspace_id, app_id) values ($1, $2) returning id`, [app])
  ).rows[0].id;
  for (const [status, attempts] of [
    ['succeeded', 1],
    ['succeeded', 2],
    ['failed', 5],
  ])
    await q(
      `insert into ops_deliveries (workspace_id, endpoint_id, webhook_id, event_type, body, status, attempts, created_at)
       values ($1, $2, 'w', 'order.paid', '{}', $3, $4, '2026-03-12T10:00Z')`,
      [endpoint, status, attempts],
    );
  // Each app has its default monitor (made with the app).
  const monitor = (await q(`select id from ops_monitors where workspace_id = $1 and app_id = $2`, [app]))
    .rows[0].id;
  for (const [up, ms] of [
    [true, 100],
    [true, 200],
    [true, 300],
    [false, 1000],
  ])
    await q(
      `insert into ops_heartbeats (workspace_id, monitor_id, checked_at, up, response_ms) values ($1, $2, '2026-03-13T10:00Z', $3, $4)`,
      [monitor, up, ms],
    );
  await q(
    `insert into ops_incidents (workspace_id, monitor_id, app_id, opened_at, closed_at) values ($1, $2, $3, '2026-03-13T10:00Z', '2026-03-13T10:30Z')`,
    [monitor, app],
  );
  return { form, site, campaign, endpoint, monitor };
}

let ids: Awaited<ReturnType<typeof fixture>>;

beforeAll(async () => {
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  owner = await signUpOwner(t.app, { businessName: 'Report Works' });
  other = await signUpOwner(t.app, { businessName: 'Elsewhere Reports' });
  admin = await addMember(t.app, owner, 'admin');
  member = await addMember(t.app, owner, 'member');
  viewer = await addMember(t.app, owner, 'viewer');
  ids = await fixture(owner.workspaceId, owner.userId);
});
afterAll(async () => {
  await db?.end();
});

const preview = async (definition: Partial<ReportDefinitionInput>, client = owner.client) => {
  const res = await client.post('/api/reports/preview', { name: 'Preview', range, ...definition });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReportSeries;
};
const rowsOf = (series: ReportSeries['current']) => series.rows.map((r) => [r.key, ...r.values]);

describe('report figures, counted by hand', () => {
  it('contacts: count, sum, average, distinct and rate, by month, with the previous period', async () => {
    const series = await preview({
      source: 'contacts',
      measures: [
        { fn: 'count' },
        { fn: 'sum', field: 'value' },
        { fn: 'avg', field: 'value' },
        { fn: 'distinct', field: 'source' },
        { fn: 'rate', where: { field: 'status', op: 'eq', value: 'customer' } },
      ],
      breakdown: { by: 'month' },
      compare: true,
    });
    expect(series.reportId).toBeNull();
    expect(series.current.totals).toEqual([3, 600, 200, 2, 2 / 3]);
    expect(rowsOf(series.current)).toEqual([
      ['2026-03-01', 2, 400, 200, 1, 0.5],
      ['2026-04-01', 1, 200, 200, 1, 1],
    ]);
    expect(series.previous?.range).toEqual({ from: '2025-12-30', to: '2026-02-28' });
    expect(series.previous?.totals).toEqual([1, 0, 0, 1, 0]);
    // Every month of the previous period has its row; an empty one counts 0 and averages nothing.
    expect(rowsOf(series.previous as ReportSeries['current'])).toEqual([
      ['2025-12-01', 0, 0, null, 0, null],
      ['2026-01-01', 0, 0, null, 0, null],
      ['2026-02-01', 1, 0, 0, 1, 0],
    ]);
  });

  it('contacts by source and by owner (named), filtered', async () => {
    const bySource = await preview({
      source: 'contacts',
      measures: [{ fn: 'count' }, { fn: 'sum', field: 'value' }],
      breakdown: { by: 'field', field: 'source' },
    });
    expect(rowsOf(bySource.current)).toEqual([
      ['Google', 2, 400],
      ['Referral', 1, 200],
    ]);
    const byOwner = await preview({
      source: 'contacts',
      measures: [{ fn: 'count' }],
      breakdown: { by: 'field', field: 'owner' },
      filters: [
        { field: 'value', op: 'gte', value: 200 },
        { field: 'status', op: 'in', value: ['customer', 'qualified'] },
      ],
    });
    expect(byOwner.current.rows).toEqual([{ key: String(owner.userId), label: 'Olive Owner', values: [2] }]);
    const contains = await preview({
      source: 'contacts',
      measures: [{ fn: 'count' }],
      filters: [{ field: 'email', op: 'contains', value: 'C2@' }],
    });
    expect(contains.current.totals).toEqual([1]);
    // A value with LIKE's wildcards matches only itself.
    const wildcard = await preview({
      source: 'contacts',
      measures: [{ fn: 'count' }],
      filters: [{ field: 'email', op: 'contains', value: '%' }],
    });
    expect(wildcard.current.totals).toEqual([0]);
  });

  it('companies, deals, activities and tasks', async () => {
    const companies = await preview({
      source: 'companies',
      measures: [{ fn: 'count' }, { fn: 'sum', field: 'contacts' }],
    });
    expect(companies.current.totals).toEqual([1, 5]);
    const deals = await preview({
      source: 'deals',
      measures: [
        { fn: 'count' },
        { fn: 'sum', field: 'value' },
        { fn: 'avg', field: 'value' },
        { fn: 'rate', where: { field: 'stage', op: 'eq', value: 'won' } },
      ],
      breakdown: { by: 'field', field: 'stage' },
    });
    expect(deals.current.totals).toEqual([3, 1750, 1750 / 3, 1 / 3]);
    expect(rowsOf(deals.current)).toEqual([
      // In the pipeline's order, not by size.
      ['leads', 1, 250, 250, 0],
      ['won', 1, 1000, 1000, 1],
      ['lost', 1, 500, 500, 0],
    ]);
    const closedEarly = await preview({
      source: 'deals',
      measures: [{ fn: 'count' }],
      filters: [{ field: 'closed', op: 'before', value: '2026-04-01' }],
    });
    expect(closedEarly.current.totals).toEqual([1]);
    const activities = await preview({
      source: 'activities',
      measures: [{ fn: 'count' }],
      breakdown: { by: 'field', field: 'type' },
    });
    expect(rowsOf(activities.current)).toEqual([
      ['note', 2],
      ['call', 1],
    ]);
    const tasks = await preview({
      source: 'tasks',
      measures: [{ fn: 'count' }, { fn: 'rate', where: { field: 'status', op: 'eq', value: 'done' } }],
      breakdown: { by: 'day' },
      range: { from: '2026-03-04', to: '2026-03-06' },
    });
    expect(rowsOf(tasks.current)).toEqual([
      ['2026-03-04', 1, 0],
      ['2026-03-05', 0, null],
      ['2026-03-06', 1, 1],
    ]);
  });

  it('form submissions, web analytics from the rollups, and payments by week', async () => {
    const forms = await preview({
      source: 'formSubmissions',
      measures: [{ fn: 'count' }, { fn: 'rate', where: { field: 'consent', op: 'is', value: true } }],
      breakdown: { by: 'field', field: 'form' },
    });
    expect(forms.current.rows).toEqual([{ key: String(ids.form), label: 'Newsletter', values: [2, 0.5] }]);

    const traffic = await preview({
      source: 'analytics',
      measures: [
        { fn: 'sum', field: 'pageviews' },
        { fn: 'sum', field: 'visitors' },
      ],
      breakdown: { by: 'field', field: 'website' },
      compare: true,
    });
    expect(traffic.current.rows).toEqual([{ key: String(ids.site), label: 'Main site', values: [33, 15] }]);
    expect(traffic.previous?.totals).toEqual([7, 7]);
    const pages = await preview({
      source: 'analytics',
      measures: [{ fn: 'sum', field: 'pageviews' }],
      breakdown: { by: 'field', field: 'page' },
    });
    expect(rowsOf(pages.current)).toEqual([
      ['/', 20],
      ['/pricing', 5],
    ]);
    const goals = await preview({
      source: 'analytics',
      measures: [{ fn: 'sum', field: 'events' }],
      filters: [{ field: 'goal', op: 'eq', value: 'signup' }],
    });
    expect(goals.current.totals).toEqual([3]);

    const payments = await preview({
      source: 'payments',
      measures: [
        { fn: 'sum', field: 'amount' },
        { fn: 'avg', field: 'amount' },
        { fn: 'sum', field: 'recurring' },
      ],
      breakdown: { by: 'week' },
      range: { from: '2026-03-09', to: '2026-03-22' },
    });
    // 15 March 2026 is a Sunday: the week of Monday the 9th.
    expect(rowsOf(payments.current)).toEqual([
      ['2026-03-09', 50, 50, 0],
      ['2026-03-16', 0, null, 0],
    ]);
  });
});

describe('operations and campaign sources, counted by hand', () => {
  it('campaign messages, webhook deliveries, monitor checks and incidents', async () => {
    const messages = await preview({
      source: 'campaignMessages',
      measures: [
        { fn: 'count' },
        { fn: 'rate', where: { field: 'opened', op: 'is', value: true } },
        { fn: 'rate', where: { field: 'clicked', op: 'is', value: true } },
        { fn: 'sum', field: 'attempts' },
      ],
      breakdown: { by: 'field', field: 'campaign' },
    });
    expect(messages.current.rows).toEqual([
      { key: String(ids.campaign), label: 'Spring sale', values: [4, 0.5, 0.25, 6] },
    ]);
    const deliveries = await preview({
      source: 'webhookDeliveries',
      measures: [{ fn: 'count' }, { fn: 'avg', field: 'attempts' }],
      breakdown: { by: 'field', field: 'status' },
    });
    expect(rowsOf(deliveries.current)).toEqual([
      ['succeeded', 2, 1.5],
      ['failed', 1, 5],
    ]);
    expect(deliveries.current.totals).toEqual([3, 8 / 3]);
    const checks = await preview({
      source: 'monitorChecks',
      measures: [
        { fn: 'rate', where: { field: 'up', op: 'is', value: true } },
        { fn: 'avg', field: 'responseMs' },
      ],
      breakdown: { by: 'field', field: 'monitor' },
    });
    expect(checks.current.rows).toEqual([{ key: String(ids.monitor), label: 'Shop', values: [0.75, 400] }]);
    const incidents = await preview({
      source: 'incidents',
      measures: [{ fn: 'count' }, { fn: 'sum', field: 'minutes' }],
      filters: [{ field: 'open', op: 'is', value: false }],
    });
    expect(incidents.current.totals).toEqual([1, 30]);
  });
});

describe('definitions', () => {
  const definition: ReportDefinitionInput = {
    name: 'Contacts by month',
    source: 'contacts',
    measures: [{ fn: 'count' }],
    breakdown: { by: 'month' },
    range,
    compare: true,
    chart: 'line',
  };

  it('are saved by owners and admins, read by everyone, and their series read with an API key', async () => {
    const created = await admin.client.post('/api/reports', definition);
    expect(created.statusCode, created.body).toBe(201);
    const report = created.json();
    expect(report.definition).toMatchObject({ ...definition, filters: [] });

    expect((await member.client.post('/api/reports', definition)).statusCode).toBe(403);
    expect((await viewer.client.post('/api/reports', definition)).statusCode).toBe(403);
    expect((await member.client.put(`/api/reports/${report.id}`, definition)).statusCode).toBe(403);
    expect((await member.client.delete(`/api/reports/${report.id}`)).statusCode).toBe(403);
    expect((await member.client.post('/api/reports/preview', definition)).statusCode).toBe(403);

    const listed = (await viewer.client.get('/api/reports')).json();
    expect(listed.reports.map((r: { id: number }) => r.id)).toEqual([report.id]);
    expect((await viewer.client.get(`/api/reports/${report.id}`)).json().definition.name).toBe(
      'Contacts by month',
    );

    const key = await apiKeyClient(t.app, owner, 'viewer');
    const series = await key.client.get(`/api/reports/${report.id}/series`);
    expect(series.statusCode, series.body).toBe(200);
    expect(series.json()).toMatchObject({
      reportId: report.id,
      current: {
        totals: [3],
        rows: [
          { key: '2026-03-01', values: [2] },
          { key: '2026-04-01', values: [1] },
        ],
      },
      previous: { totals: [1] },
    });
    // A key reads; it does not preview (a write route) or change anything.
    expect((await key.client.post('/api/reports/preview', definition)).statusCode).toBe(403);

    const renamed = await owner.client.put(`/api/reports/${report.id}`, { ...definition, name: 'Renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().definition.name).toBe('Renamed');

    // Another workspace sees none of it, and its own empty figures.
    expect((await other.client.get(`/api/reports/${report.id}`)).statusCode).toBe(404);
    expect((await other.client.get(`/api/reports/${report.id}/series`)).statusCode).toBe(404);
    expect((await other.client.get('/api/reports')).json().reports).toEqual([]);
    const empty = await preview({ source: 'contacts', measures: [{ fn: 'count' }] }, other.client);
    expect(empty.current.totals).toEqual([0]);

    expect((await owner.client.delete(`/api/reports/${report.id}`)).statusCode).toBe(204);
    expect((await viewer.client.get(`/api/reports/${report.id}/series`)).statusCode).toBe(404);
  });

  it('refuse a field, operator or value outside the source’s catalogue, naming it, and save nothing', async () => {
    const refused = async (body: unknown, path: string) => {
      const res = await owner.client.post('/api/reports', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(path);
    };
    await refused(
      { ...definition, filters: [{ field: 'password_hash', op: 'eq', value: 'x' }] },
      'filters.0.field',
    );
    await refused(
      {
        ...definition,
        filters: [
          { field: 'status', op: 'eq', value: 'lead' },
          { field: 'status', op: 'gt', value: 1 },
        ],
      },
      'filters.1.op',
    );
    await refused(
      { ...definition, filters: [{ field: 'value', op: 'gt', value: 'lots' }] },
      'filters.0.value',
    );
    await refused({ ...definition, measures: [{ fn: 'sum', field: 'status' }] }, 'measures.0.field');
    await refused({ ...definition, measures: [{ fn: 'rate' }] }, 'measures.0.where');
    await refused({ ...definition, breakdown: { by: 'field', field: 'value' } }, 'breakdown.field');
    await refused({ ...definition, source: 'users' }, 'source');
    await refused({ ...definition, range: { from: '2026-04-01', to: '2026-03-01' } }, 'range.to');
    await refused(
      {
        ...definition,
        source: 'analytics',
        measures: [{ fn: 'sum', field: 'pageviews' }],
        breakdown: { by: 'field', field: 'page' },
        filters: [{ field: 'country', op: 'eq', value: 'NL' }],
      },
      'filters',
    );
    expect((await owner.client.get('/api/reports')).json().reports).toEqual([]);
  });
});
