import type { Dashboard, DashboardSeries } from '@domain/reports/dashboard-schemas';
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
let dealsReport: number;
let contactsReport: number;
let site1: number;
let otherReport: number;

/**
 * Deals: 100 on website 1 (10 March), 50 on website 2 (20 March), 30 on website 1 (5 May), 20 on no
 * website (6 May). Contacts: 5 March, 2 May, 3 May. Both reports ask for January to March on their own.
 */
async function fixture(workspaceId: number) {
  const q = (text: string, values: unknown[] = []) => db.query(text, [workspaceId, ...values]);
  const site = async (name: string) =>
    (
      await q(`insert into websites (workspace_id, name, domain) values ($1, $2, $3) returning id`, [
        name,
        `${name}.example`,
      ])
    ).rows[0].id as number;
  const s1 = await site('one');
  const s2 = await site('two');
  const contactIds: number[] = [];
  for (const [n, at] of [
    [1, '2026-03-05T10:00Z'],
    [2, '2026-05-02T10:00Z'],
    [3, '2026-05-03T10:00Z'],
  ])
    contactIds.push(
      (
        await q(
          `insert into contacts (workspace_id, first_name, email, created_at) values ($1, 'C', $2, $3) returning id`,
          [`dash${n}@example.test`, at],
        )
      ).rows[0].id,
    );
  for (const [cents, at, website] of [
    [10_000, '2026-03-10T10:00Z', s1],
    [5_000, '2026-03-20T10:00Z', s2],
    [3_000, '2026-05-05T10:00Z', s1],
    [2_000, '2026-05-06T10:00Z', null],
  ])
    await q(
      `insert into deals (workspace_id, name, stage, value_cents, created_at, website_id, contact_id) values ($1, 'D', 'leads', $2, $3, $4, $5)`,
      [cents, at, website, contactIds[0]],
    );
  return s1;
}

const quarter = { from: '2026-01-01', to: '2026-03-31' };

beforeAll(async () => {
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  owner = await signUpOwner(t.app, { businessName: 'Dashboard Works' });
  other = await signUpOwner(t.app, { businessName: 'Elsewhere Dashboards' });
  admin = await addMember(t.app, owner, 'admin');
  member = await addMember(t.app, owner, 'member');
  viewer = await addMember(t.app, owner, 'viewer');
  site1 = await fixture(owner.workspaceId);
  const save = async (client: SignedUp['client'], body: unknown) => {
    const res = await client.post('/api/reports', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  dealsReport = await save(owner.client, {
    name: 'Deal value',
    source: 'deals',
    measures: [{ fn: 'count' }, { fn: 'sum', field: 'value' }],
    range: quarter,
  });
  contactsReport = await save(owner.client, {
    name: 'New contacts',
    source: 'contacts',
    measures: [{ fn: 'count' }],
    range: quarter,
  });
  otherReport = await save(other.client, {
    name: 'Theirs',
    source: 'contacts',
    measures: [{ fn: 'count' }],
    range: quarter,
  });
});
afterAll(async () => {
  await db?.end();
});

const layout = () => [
  { reportId: dealsReport, x: 0, y: 0, w: 6, h: 2 },
  { reportId: contactsReport, x: 6, y: 0, w: 6, h: 2 },
];

async function create(client: SignedUp['client'], body: Record<string, unknown>): Promise<Dashboard> {
  const res = await client.post('/api/reports/dashboards', { tiles: layout(), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const totalsOf = (series: DashboardSeries) =>
  series.tiles.map((tile) => [tile.reportId, tile.websiteApplied, tile.series.current.totals]);

describe('dashboards', () => {
  it('creates and rearranges a dashboard, keeping the layout', async () => {
    const made = await create(owner.client, { name: 'Sales' });
    expect(made).toMatchObject({ name: 'Sales', visibility: 'workspace', tiles: layout() });
    const moved = [
      { reportId: dealsReport, x: 0, y: 0, w: 12, h: 3 },
      { reportId: contactsReport, x: 3, y: 3, w: 4, h: 1 },
    ];
    const res = await admin.client.put(`/api/reports/dashboards/${made.id}`, {
      name: 'Sales board',
      visibility: 'workspace',
      tiles: moved,
    });
    expect(res.statusCode, res.body).toBe(200);
    const read = (await viewer.client.get(`/api/reports/dashboards/${made.id}`)).json();
    expect(read).toMatchObject({ name: 'Sales board', tiles: moved });
  });

  it('refuses a layout off the grid or overlapping, naming the tile’s field, and changes nothing', async () => {
    const made = await create(owner.client, { name: 'Strict' });
    const cases: [unknown[], string][] = [
      [[...layout(), { reportId: otherReport, x: 8, y: 5, w: 6, h: 1 }], 'tiles.2.w'],
      [[{ reportId: dealsReport, x: 12, y: 0, w: 1, h: 1 }], 'tiles.0.x'],
      [[{ reportId: dealsReport, x: 0, y: 0, w: 0, h: 1 }], 'tiles.0.w'],
      [[{ reportId: dealsReport, x: 0, y: -1, w: 2, h: 1 }], 'tiles.0.y'],
      [[layout()[0], { reportId: contactsReport, x: 5, y: 1, w: 3, h: 1 }], 'tiles.1.x'],
      [[layout()[0], { ...layout()[0], x: 6 }], 'tiles.1.reportId'],
      // Another workspace's report is not one of this workspace's.
      [[layout()[0], { reportId: otherReport, x: 6, y: 0, w: 6, h: 2 }], 'tiles.1.reportId'],
    ];
    for (const [tiles, field] of cases) {
      const res = await owner.client.put(`/api/reports/dashboards/${made.id}`, { name: 'Strict', tiles });
      expect(res.statusCode, JSON.stringify(tiles)).toBe(400);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(field);
    }
    const read = (await owner.client.get(`/api/reports/dashboards/${made.id}`)).json();
    expect(read.tiles).toEqual(layout());
  });

  it('shows a member the shared dashboards and their own, never another’s private one', async () => {
    const shared = await create(owner.client, { name: 'Shared', visibility: 'workspace' });
    const ownersOwn = await create(owner.client, { name: 'Owner only', visibility: 'private' });
    const adminsOwn = await create(admin.client, { name: 'Admin only', visibility: 'private' });
    const names = async (client: SignedUp['client']) =>
      ((await client.get('/api/reports/dashboards')).json().dashboards as Dashboard[]).map((d) => d.name);
    expect(await names(member.client)).toContain('Shared');
    expect(await names(member.client)).not.toContain('Owner only');
    expect(await names(member.client)).not.toContain('Admin only');
    expect(await names(admin.client)).toEqual(expect.arrayContaining(['Shared', 'Admin only']));
    expect(await names(admin.client)).not.toContain('Owner only');
    expect(await names(owner.client)).not.toContain('Admin only');
    for (const path of [
      `/api/reports/dashboards/${ownersOwn.id}`,
      `/api/reports/dashboards/${ownersOwn.id}/series`,
    ])
      expect((await member.client.get(path)).statusCode).toBe(404);
    // Even an admin cannot change or delete another's private dashboard: it is not there for them.
    expect(
      (await admin.client.put(`/api/reports/dashboards/${ownersOwn.id}`, { name: 'Taken', tiles: [] }))
        .statusCode,
    ).toBe(404);
    expect((await admin.client.delete(`/api/reports/dashboards/${ownersOwn.id}`)).statusCode).toBe(404);
    expect((await admin.client.get(`/api/reports/dashboards/${adminsOwn.id}`)).statusCode).toBe(200);
    expect((await member.client.get(`/api/reports/dashboards/${shared.id}`)).statusCode).toBe(200);
  });

  it('lets only owners and admins write; members and viewers read', async () => {
    const made = await create(owner.client, { name: 'Roles' });
    for (const client of [member.client, viewer.client]) {
      expect((await client.post('/api/reports/dashboards', { name: 'No', tiles: [] })).statusCode).toBe(403);
      expect(
        (await client.put(`/api/reports/dashboards/${made.id}`, { name: 'No', tiles: [] })).statusCode,
      ).toBe(403);
      expect((await client.delete(`/api/reports/dashboards/${made.id}`)).statusCode).toBe(403);
      expect((await client.get(`/api/reports/dashboards/${made.id}/series`)).statusCode).toBe(200);
    }
    const key = await apiKeyClient(t.app, owner, 'viewer');
    expect((await key.client.get(`/api/reports/dashboards/${made.id}/series`)).statusCode).toBe(200);
    expect((await admin.client.delete(`/api/reports/dashboards/${made.id}`)).statusCode).toBe(204);
    expect((await owner.client.get(`/api/reports/dashboards/${made.id}`)).statusCode).toBe(404);
  });

  it('keeps each workspace’s dashboards to itself', async () => {
    const made = await create(owner.client, { name: 'Ours' });
    expect((await other.client.get(`/api/reports/dashboards/${made.id}`)).statusCode).toBe(404);
    expect((await other.client.get(`/api/reports/dashboards/${made.id}/series`)).statusCode).toBe(404);
    expect(
      (await other.client.put(`/api/reports/dashboards/${made.id}`, { name: 'Mine', tiles: [] })).statusCode,
    ).toBe(404);
    expect((await other.client.get('/api/reports/dashboards')).json().dashboards).toEqual([]);
    expect((await owner.client.get(`/api/reports/dashboards/${made.id}`)).json().name).toBe('Ours');
  });

  it('applies the dashboard’s filter to every tile, counted by hand', async () => {
    const made = await create(owner.client, { name: 'Filtered' });
    const series = async (query: string) => {
      const res = await viewer.client.get(`/api/reports/dashboards/${made.id}/series${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as DashboardSeries;
    };
    // The reports' own range: January to March.
    expect(totalsOf(await series(''))).toEqual([
      [dealsReport, false, [2, 150]],
      [contactsReport, false, [1]],
    ]);
    // May for every tile.
    expect(totalsOf(await series('?from=2026-05-01&to=2026-05-31'))).toEqual([
      [dealsReport, false, [2, 50]],
      [contactsReport, false, [2]],
    ]);
    // May on website 1: deals narrow to that site; contacts have no website and stay whole.
    const both = await series(`?from=2026-05-01&to=2026-05-31&websiteId=${site1}`);
    expect(totalsOf(both)).toEqual([
      [dealsReport, true, [1, 30]],
      [contactsReport, false, [2]],
    ]);
    expect(both.tiles[0].series.current.range).toEqual({ from: '2026-05-01', to: '2026-05-31' });
    // The saved report is untouched by the filter.
    const own = (await viewer.client.get(`/api/reports/${dealsReport}/series`)).json();
    expect(own.current.totals).toEqual([2, 150]);

    const bad = await viewer.client.get(`/api/reports/dashboards/${made.id}/series?from=2026-05-01`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('to');
    expect(
      (await viewer.client.get(`/api/reports/dashboards/${made.id}/series?websiteId=999`)).statusCode,
    ).toBe(404);
  });

  it('drops a deleted report’s tile', async () => {
    const extra = (
      await owner.client.post('/api/reports', {
        name: 'Short-lived',
        source: 'contacts',
        measures: [{ fn: 'count' }],
        range: quarter,
      })
    ).json().id;
    const made = await create(owner.client, {
      name: 'Pruned',
      tiles: [...layout(), { reportId: extra, x: 0, y: 2, w: 3, h: 1 }],
    });
    expect((await owner.client.delete(`/api/reports/${extra}`)).statusCode).toBe(204);
    const read = (await owner.client.get(`/api/reports/dashboards/${made.id}`)).json();
    expect(read.tiles).toEqual(layout());
  });

  it('keeps each member’s own home dashboard, the four cards by default', async () => {
    const shared = await create(owner.client, { name: 'Home board' });
    const ownersOwn = await create(owner.client, { name: 'Owner home', visibility: 'private' });
    expect((await member.client.get('/api/reports/dashboards/home')).json()).toEqual({ dashboardId: null });
    const set = await member.client.put('/api/reports/dashboards/home', { dashboardId: shared.id });
    expect(set.statusCode, set.body).toBe(200);
    expect((await member.client.get('/api/reports/dashboards/home')).json()).toEqual({
      dashboardId: shared.id,
    });
    // One member's choice is not another's.
    expect((await owner.client.get('/api/reports/dashboards/home')).json()).toEqual({ dashboardId: null });
    // Another's private dashboard cannot be a member's home.
    expect(
      (await member.client.put('/api/reports/dashboards/home', { dashboardId: ownersOwn.id })).statusCode,
    ).toBe(404);
    expect((await member.client.put('/api/reports/dashboards/home', { dashboardId: null })).statusCode).toBe(
      200,
    );
    expect((await member.client.get('/api/reports/dashboards/home')).json()).toEqual({ dashboardId: null });
    expect(
      (await viewer.client.put('/api/reports/dashboards/home', { dashboardId: shared.id })).statusCode,
    ).toBe(403);
  });
});
