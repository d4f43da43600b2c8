import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  addMember,
  createTestApp,
  type SignedUp,
  signUpOwner,
  type TestApp,
  useTestApp,
} from '../../../../test/test-app.js';
import { simulatedLeads, simulatedUsers } from '../ecosystem/demo-app-simulator.js';
import { demoApps } from '../ecosystem/demo-catalogue.js';
import { openAuthHeader } from '../ecosystem/index.js';
import { runCollection } from './collection-job.js';
import { insertRun } from './store.js';

// A local server standing in for the apps: each path is one way an app's endpoint can behave.
let appServer: Server;
let base: string;
const hanging: ServerResponse[] = [];
const authSeen: Array<string | undefined> = [];

const lead = (n: number, domain = 'leads.example') => ({
  first_name: `Lee${n}`,
  last_name: 'Json',
  email: `lee${n}@${domain}`,
  status: n % 2 ? 'qualified' : 'lead',
  amount: String(100 * n),
});

function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x');
  const json = (body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  switch (url.pathname) {
    case '/json':
      authSeen.push(req.headers['x-app-key'] as string | undefined);
      return json([lead(1), lead(2), { first_name: 'No', last_name: 'Identity' }, lead(3)]);
    case '/wrapped':
      return json({ data: [lead(4), { ...lead(1), phone: '(512) 555-0199' }] });
    case '/paged': {
      const page = Number(url.searchParams.get('page') ?? '1');
      const rows = Array.from({ length: 3 }, (_, i) => lead(100 + page * 10 + i, 'paged.example'));
      return json({ data: rows, next: page < 3 ? `/paged?page=${page + 1}` : null });
    }
    case '/csv':
      res.writeHead(200, { 'content-type': 'text/csv' });
      return res.end(
        'Full Name,E-mail,Phone\nCara Csv,cara@csv.example,+15125550111\nBad Row,not-an-email,\n',
      );
    case '/users':
      return json([
        { firstName: 'Uma', lastName: 'User', email: 'uma@users.example' },
        { firstName: 'Lee1', lastName: 'Json', email: 'lee1@leads.example' },
      ]);
    case '/slow':
      hanging.push(res);
      return;
    case '/big':
      // Over the 5 MB default cap, without a content-length: refused while streaming.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
      for (let i = 0; i < 60; i += 1) res.write(`${JSON.stringify('x'.repeat(100_000))},`);
      return res.end('1]');
    case '/not-json':
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"data": [');
    case '/not-a-list':
      return json({ leads: [lead(1)] });
    case '/loop':
      return json({ data: [lead(5)], next: '/loop' });
    case '/no-identity':
      return json([{ first_name: 'No', last_name: 'Identity' }]);
    case '/redirect-private':
      res.writeHead(302, { location: 'http://10.0.0.1/json' });
      return res.end();
    default:
      res.writeHead(500);
      return res.end('boom');
  }
}

let owner: SignedUp;

beforeAll(async () => {
  appServer = createServer(handle);
  await new Promise<void>((resolve) => appServer.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(appServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  appServer.closeAllConnections();
  await new Promise((resolve) => appServer.close(resolve));
});

// Default outbound limits (15 s, 5 MB): another test file's worker may run these jobs, with its own config.
const t = useTestApp({ workers: true });
beforeAll(async () => {
  owner = await signUpOwner(t.app);
});

const endpoint = (name: string, path: string, format: 'json' | 'csv' = 'json', extra: object = {}) => ({
  name,
  type: 'replit',
  category: 'leads',
  description: `${name} endpoint`,
  url: `${base}${path}`,
  format,
  ...extra,
});

async function waitForRun(client: ApiClient, id: number) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await client.get(`/api/data-collection/runs/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json();
    if (run.status === 'completed' || run.status === 'failed') return run;
    if (Date.now() > deadline) throw new Error(`run ${id} unfinished: ${res.body}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('ecosystem apps', () => {
  it('owners add apps with endpoints; the auth header is sealed at rest and never returned', async () => {
    const res = await owner.client.post('/api/ecosystem/apps', {
      name: 'Lead Finder',
      category: 'business',
      url: 'https://leadfinder.example/',
      description: 'Finds leads',
      type: 'B2B',
      pricing: {
        free: true,
        monthlyCents: 4900,
        annualCents: 52900,
        lifetimeCents: null,
        oneTimeCents: 9900,
      },
      features: ['Capture', 'Scoring', 'Export', 'Alerts'],
      usersUrl: `${base}/users`,
      endpoints: [
        endpoint('JSON array', '/json', 'json', {
          authHeader: 'X-App-Key: s3cret-value-123',
          fieldMapping: { value: 'amount' },
        }),
        endpoint('Wrapped', '/wrapped'),
        endpoint('Paged', '/paged'),
        endpoint('CSV file', '/csv', 'csv'),
        endpoint('Slow', '/slow'),
        endpoint('Broken', '/fail'),
        endpoint('Oversized', '/big'),
        endpoint('Sneaky redirect', '/redirect-private'),
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.body).not.toContain('s3cret-value-123');
    const created = res.json();
    expect(created.pricing).toEqual({ free: true, monthly: 49, annual: 529, lifetime: null, oneTime: 99 });
    expect(created.endpoints[0]).toMatchObject({
      name: 'JSON array',
      hasAuthHeader: true,
      fieldMapping: { value: 'amount' },
    });
    const stored = await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.execute<{ sealed: string }>(
        sql`select auth_header_sealed as sealed from ecosystem_endpoints where auth_header_sealed is not null`,
      ),
    );
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].sealed).not.toContain('s3cret');

    const list = await owner.client.get('/api/ecosystem/apps');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('s3cret');
    expect(list.json()).toMatchObject({
      categories: ['core', 'business', 'healing', 'nonprofit', 'entertainment', 'education'],
      totalEcosystemValue: 49,
    });
    expect((await owner.client.get('/api/app-sources')).json()).toEqual([
      { name: 'Lead Finder', type: 'B2B', description: 'Finds leads', url: 'https://leadfinder.example/' },
    ]);
    const endpoints = (await owner.client.get('/api/data-collection/endpoints')).json();
    expect(endpoints.map((e: { name: string }) => e.name)).toContain('Paged');
    expect(endpoints[0]).toMatchObject({ type: 'replit', category: 'leads', appName: 'Lead Finder' });
  });

  it('validates input with 400s naming the field, and refuses a duplicate name', async () => {
    const bad = await owner.client.post('/api/ecosystem/apps', {
      name: 'X',
      category: 'games',
      url: 'ftp://x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/category|url/);
    const badHeader = await owner.client.post('/api/ecosystem/apps', {
      name: 'Y',
      category: 'core',
      url: 'https://y.example',
      endpoints: [endpoint('E', '/json', 'json', { authHeader: 'no colon here' })],
    });
    expect(badHeader.statusCode).toBe(400);
    expect(badHeader.body).toContain('authHeader');
    const dup = await owner.client.post('/api/ecosystem/apps', {
      name: 'lead finder',
      category: 'core',
      url: 'https://z.example',
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toContain('already one of your apps');
  });

  it('edits endpoints: the header is kept across a rename, replaced or cleared, never returned', async () => {
    // Its own workspace: the later tests count this workspace's apps.
    const keeper = await signUpOwner(t.app);
    const app = (
      await keeper.client.post('/api/ecosystem/apps', {
        name: 'Header Keeper',
        category: 'core',
        url: 'https://keeper.example/',
      })
    ).json();
    const added = await keeper.client.post(
      `/api/ecosystem/apps/${app.id}/endpoints`,
      endpoint('Feed', '/json', 'json', { authHeader: 'X-Key: first-secret-1' }),
    );
    expect(added.statusCode, added.body).toBe(201);
    expect(added.body).not.toContain('first-secret-1');
    const id = added.json().id;
    const sentHeader = () =>
      t.database.withWorkspace(keeper.workspaceId, async (tx) => {
        const { rows } = await tx.execute<{ appId: number; name: string; authHeaderSealed: string | null }>(
          sql`select app_id::int as "appId", name, auth_header_sealed as "authHeaderSealed" from ecosystem_endpoints where id = ${id}`,
        );
        return openAuthHeader(t.app.deps.config.secretKey, rows[0]);
      });

    // No header in the body keeps the stored one, also under a new name (it is re-sealed for that name).
    const renamed = await keeper.client.put(
      `/api/ecosystem/endpoints/${id}`,
      endpoint('Feed v2', '/json', 'csv'),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Feed v2', format: 'csv', hasAuthHeader: true });
    expect(await sentHeader()).toEqual({ name: 'X-Key', value: 'first-secret-1' });

    const replaced = await keeper.client.put(
      `/api/ecosystem/endpoints/${id}`,
      endpoint('Feed v2', '/json', 'json', { authHeader: 'Authorization: Bearer second-2' }),
    );
    expect(replaced.body).not.toContain('second-2');
    expect(await sentHeader()).toEqual({ name: 'Authorization', value: 'Bearer second-2' });

    const bad = await keeper.client.put(`/api/ecosystem/endpoints/${id}`, {
      ...endpoint('Feed v2', '/json'),
      url: 'javascript:alert(1)',
      fieldMapping: { shoeSize: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/url|fieldMapping/);
    expect(await sentHeader()).toEqual({ name: 'Authorization', value: 'Bearer second-2' });

    const cleared = await keeper.client.put(`/api/ecosystem/endpoints/${id}`, {
      ...endpoint('Feed v2', '/json'),
      authHeader: null,
    });
    expect(cleared.json().hasAuthHeader).toBe(false);
    expect(await sentHeader()).toBeNull();

    // Members and viewers cannot change it; another workspace cannot even see it.
    for (const role of ['member', 'viewer'] as const) {
      const other = await addMember(t.app, keeper, role);
      expect(
        (await other.client.put(`/api/ecosystem/endpoints/${id}`, endpoint('M', '/json'))).statusCode,
      ).toBe(403);
      expect((await other.client.delete(`/api/ecosystem/endpoints/${id}`)).statusCode).toBe(403);
      expect(
        (
          await other.client.put(`/api/ecosystem/apps/${app.id}`, {
            name: 'M',
            category: 'core',
            url: 'https://m.example',
          })
        ).statusCode,
      ).toBe(403);
      expect((await other.client.delete(`/api/ecosystem/apps/${app.id}`)).statusCode).toBe(403);
    }
    const stranger = await signUpOwner(t.app);
    expect(
      (await stranger.client.put(`/api/ecosystem/endpoints/${id}`, endpoint('S', '/json'))).statusCode,
    ).toBe(404);
    expect((await stranger.client.delete(`/api/ecosystem/endpoints/${id}`)).statusCode).toBe(404);
    expect(
      (await stranger.client.post(`/api/ecosystem/apps/${app.id}/endpoints`, endpoint('S', '/json')))
        .statusCode,
    ).toBe(404);

    expect((await keeper.client.delete(`/api/ecosystem/endpoints/${id}`)).statusCode).toBe(204);
    expect(
      (await keeper.client.get('/api/ecosystem/apps'))
        .json()
        .apps.find((a: { id: number }) => a.id === app.id).endpoints,
    ).toEqual([]);
  });

  it('lets members read but not write', async () => {
    const member = await addMember(t.app, owner, 'member');
    expect((await member.client.get('/api/ecosystem/apps')).statusCode).toBe(200);
    for (const [method, url] of [
      ['POST', '/api/ecosystem/apps'],
      ['POST', '/api/contacts/integrate-users'],
      ['POST', '/api/data-collection/collect-all'],
      ['POST', '/api/data-collection/create-ecosystem'],
    ] as const) {
      const res = await member.client.request(
        method,
        url,
        method === 'POST' && url.endsWith('apps')
          ? { name: 'M', category: 'core', url: 'https://m.example' }
          : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('data collection', () => {
  it('collects every endpoint as a queued job, each failing alone with its reason', async () => {
    const start = await owner.client.post('/api/data-collection/collect-all');
    expect(start.statusCode, start.body).toBe(202);
    expect(start.json()).toMatchObject({ status: 'queued', progress: 0 });
    const run = await waitForRun(owner.client, start.json().id);
    expect(run.status).toBe('completed');
    expect(run.progress).toBe(100);
    const byName = Object.fromEntries(run.results.map((r: { endpointName: string }) => [r.endpointName, r]));
    expect(byName['JSON array']).toMatchObject({ status: 'completed', fetched: 4, created: 3, failed: 1 });
    expect(byName['JSON array'].failures[0].reason).toContain('Needs an email address or a phone number');
    expect(authSeen).toContain('s3cret-value-123');
    // lee1 again (its phone fills in), lee4 new.
    expect(byName.Wrapped).toMatchObject({ status: 'completed', fetched: 2, created: 1, updated: 1 });
    expect(byName.Paged).toMatchObject({ status: 'completed', fetched: 9, created: 9 });
    expect(byName['CSV file']).toMatchObject({ status: 'completed', fetched: 2, created: 1, failed: 1 });
    expect(byName.Slow).toMatchObject({
      status: 'failed',
      reason: 'The remote server did not answer in time.',
      reasonMessage: { id: 'outbound.timeout', values: {} },
    });
    expect(byName.Broken).toMatchObject({
      status: 'failed',
      reason: 'The remote server answered with HTTP 500.',
    });
    expect(byName.Oversized).toMatchObject({
      status: 'failed',
      reason: 'The remote server’s answer is larger than allowed.',
    });
    expect(byName['Sneaky redirect'].status).toBe('failed');
    expect(byName['Sneaky redirect'].reason).toContain('private network');
    expect(run.totalContacts).toBe(3 + 2 + 9 + 1);

    const contacts = (await owner.client.get('/api/contacts?q=lee2')).json();
    const lee2 = (contacts.contacts ?? contacts)[0];
    expect(lee2).toMatchObject({ source: 'Lead Finder', status: 'lead', valueCents: 20000 });

    const report = (await owner.client.get('/api/data-collection/ecosystem-report')).json();
    expect(report).toMatchObject({ totalContacts: 14, contactsBySource: { 'Lead Finder': 14 } });
    expect(report.topSources[0]).toMatchObject({ source: 'Lead Finder', count: 14 });

    // Collecting again adds nobody: the merge finds everyone by email.
    const again = await waitForRun(
      owner.client,
      (await owner.client.post('/api/data-collection/collect-single', { appName: 'Lead Finder' })).json().id,
    );
    expect(again.integration.integrated).toBe(0);
    expect(again.app).toEqual({ name: 'Lead Finder' });
  });

  it('stores the reason of each failed endpoint with its catalogued message, for the reader language', async () => {
    const keeper = await signUpOwner(t.app);
    const created = await keeper.client.post('/api/ecosystem/apps', {
      name: 'Odd Feeds',
      category: 'business',
      url: 'https://odd-feeds.example/',
      endpoints: [
        endpoint('Not JSON', '/not-json'),
        endpoint('Not a list', '/not-a-list'),
        endpoint('Loop', '/loop'),
        endpoint('No identity', '/no-identity'),
        endpoint('Broken', '/fail'),
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const run = await waitForRun(
      keeper.client,
      (await keeper.client.post('/api/data-collection/collect-all')).json().id,
    );
    const reasons = run.results.map((r: { reason: string; reasonMessage: unknown }) => [
      r.reason,
      r.reasonMessage,
    ]);
    // The English text is as before; beside it, the id and values the client shows in the reader's language.
    expect(reasons).toEqual([
      ['The endpoint did not answer with valid JSON.', { id: 'ecosystem.invalidJson', values: {} }],
      [
        'The endpoint did not answer with a JSON array or {"data": [...]}.',
        { id: 'ecosystem.notJsonList', values: { shape: '{"data": [...]}' } },
      ],
      ['The endpoint’s "next" links go round in a loop.', { id: 'ecosystem.nextLinksLoop', values: {} }],
      [
        'The data has no email or phone field, so its rows cannot be matched to contacts.',
        { id: 'ecosystem.noIdentityField', values: {} },
      ],
      [
        'The remote server answered with HTTP 500.',
        { id: 'outbound.httpErrorStatus', values: { status: 500 } },
      ],
    ]);
  });

  it('answers 400 for an unknown app', async () => {
    const res = await owner.client.post('/api/data-collection/collect-single', { appName: 'Nope' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('appName');
  });

  it('creates ecosystem contacts and standardises sources', async () => {
    expect((await owner.client.post('/api/data-collection/create-ecosystem')).json()).toEqual({
      created: 1,
      updated: 0,
    });
    expect((await owner.client.post('/api/data-collection/create-ecosystem')).json()).toEqual({
      created: 0,
      updated: 1,
    });
    await owner.client.post('/api/contacts', { firstName: 'Old', email: 'old@x.example' });
    await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.execute(sql`update contacts set source = 'leadfinder.example' where email = 'old@x.example'`),
    );
    expect((await owner.client.post('/api/data-collection/update-sources')).json()).toEqual({
      standardized: 1,
    });
  });
});

describe('user integration', () => {
  it('integrates app users as contacts once, tags sources and lists contacts by source', async () => {
    const first = await owner.client.post('/api/contacts/integrate-users');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ integrated: 1, skipped: 1 });
    expect((await owner.client.post('/api/contacts/integrate-users')).json()).toMatchObject({
      integrated: 0,
      skipped: 2,
    });

    const example = await owner.client.post('/api/contacts/create-example');
    expect(example.statusCode).toBe(201);
    expect(example.json()).toMatchObject({
      user: { firstName: 'Example', app: 'Lead Finder' },
      created: true,
    });

    await owner.client.post('/api/contacts', { firstName: 'Tagged', email: 'tagme@leadfinder.example' });
    expect((await owner.client.post('/api/contacts/tag-sources')).json()).toEqual({ updated: 1 });

    const bySource = (await owner.client.get('/api/contacts/by-source')).json();
    expect(bySource['Lead Finder'].contacts).toHaveLength(3);
    expect(bySource['Lead Finder'].total).toBeGreaterThan(3);
  });

  it('keeps workspaces apart', async () => {
    const other = await signUpOwner(t.app);
    expect((await other.client.get('/api/ecosystem/apps')).json().apps).toEqual([]);
    expect((await other.client.get('/api/data-collection/ecosystem-report')).json()).toMatchObject({
      totalContacts: 0,
    });
  });
});

describe('collecting from the demo apps on the server itself', () => {
  let self: TestApp;
  let selfOwner: SignedUp;
  beforeAll(async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    // No loopback allowance: only the server's own origin may be reached there.
    // No workers: the run is worked below by this app itself, whose own origin is the one listening.
    self = await createTestApp({
      env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, OUTBOUND_ALLOW_CIDRS: '' },
    });
    await self.app.listen({ port, host: '127.0.0.1' });
    selfOwner = await signUpOwner(self.app);
  });
  afterAll(async () => {
    await self?.close();
  });

  it('reaches /demo-apps/ through the guarded client, and nothing else on loopback', async () => {
    const [json, csv] = [
      demoApps.find((a) => a.endpoints[0].format === 'json'),
      demoApps.find((a) => a.endpoints[0].format === 'csv'),
    ];
    if (!json || !csv) throw new Error('demo catalogue needs a JSON and a CSV app');
    const res = await selfOwner.client.post('/api/ecosystem/apps', {
      name: json.name,
      category: json.category,
      url: `/demo-apps/${json.slug}/`,
      usersUrl: `/demo-apps/${json.slug}/api/users`,
      endpoints: [
        {
          name: 'Leads',
          type: 'replit',
          category: 'leads',
          url: `/demo-apps/${json.slug}/api/leads`,
          format: 'json',
        },
        {
          name: 'Export',
          type: 'website',
          category: 'leads',
          url: `/demo-apps/${csv.slug}/api/leads.csv`,
          format: 'csv',
        },
        { name: 'Elsewhere', type: 'website', category: 'data', url: `${base}/json`, format: 'json' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const apps = (await selfOwner.client.get('/api/ecosystem/apps')).json().apps;
    const runId = await self.database.withWorkspace(selfOwner.workspaceId, (tx) =>
      insertRun(
        tx,
        { appId: null, appName: null, createdBy: selfOwner.userId },
        apps[0].endpoints.map((e: { id: number; name: string }) => ({
          id: e.id,
          appName: apps[0].name,
          name: e.name,
        })),
      ),
    );
    await runCollection(self.app.deps, { workspaceId: selfOwner.workspaceId, runId });
    const run = (await selfOwner.client.get(`/api/data-collection/runs/${runId}`)).json();
    const [leads, exportCsv, elsewhere] = run.results;
    const valid = (app: typeof json) => simulatedLeads(app).filter((l) => l.email.includes('@')).length;
    expect(leads.reason).toBeNull();
    expect(leads).toMatchObject({ status: 'completed', fetched: json.leads, created: valid(json) });
    expect(exportCsv).toMatchObject({ status: 'completed', fetched: csv.leads });
    expect(elsewhere.status).toBe('failed');
    expect(elsewhere.reason).toContain('private network');
    const users = await selfOwner.client.post('/api/contacts/integrate-users');
    expect(users.json().skipped).toBe(simulatedUsers(json).length);
  });
});
