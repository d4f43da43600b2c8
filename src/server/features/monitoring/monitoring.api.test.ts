import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppReceiver,
  addApp as addEcosystemApp,
  startAppReceiver,
} from '../../../../test/app-receiver.js';
import {
  addMember,
  createTestApp,
  type SignedUp,
  signUpOwner,
  useTestApp,
} from '../../../../test/test-app.js';
import { seedDemoWorkspace } from '../../seed/demo-workspace.js';
import { runProbeTick } from './probe.js';

let apps: AppReceiver;
let base: string;
let db: pg.Client;
let owner: SignedUp;
const timeoutMs = 1_000;

beforeAll(async () => {
  apps = await startAppReceiver();
  base = apps.base;
});
afterAll(async () => {
  await apps.close();
});
const t = useTestApp(() => ({ workers: true, env: { OUTBOUND_TIMEOUT_MS: String(timeoutMs) } }));
beforeAll(async () => {
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  owner = await signUpOwner(t.app, { businessName: 'Ops Co', plan: 'enterprise' });
});
afterAll(async () => {
  await db.end();
});

const addApp = (who: SignedUp, name: string, url = `${base}/app/${name.toLowerCase()}`) =>
  addEcosystemApp(who, name, url);

describe('monitoring', () => {
  it('probes each app once per interval, even from two processes, and records status changes', async () => {
    const monitored = await signUpOwner(t.app, { businessName: 'Monitor Co', plan: 'enterprise' });
    const appId = await addApp(monitored, 'Watched');
    // One failed round is enough here (the default run of two is the incidents' test).
    const rule = { intervalSeconds: 60, timeoutMs: 10_000, failuresToDown: 1 };
    expect((await monitored.client.put(`/api/monitors/apps/${appId}`, rule)).statusCode).toBe(204);
    const second = await createTestApp({ env: { OUTBOUND_TIMEOUT_MS: String(timeoutMs) } });
    try {
      let at = new Date(Date.now() + 3_600_000);
      const clockA = { ...t.app.deps, clock: () => at };
      const clockB = { ...second.app.deps, clock: () => at };
      const countProbes = async () =>
        Number(
          (
            await db.query(
              'select count(*) from ops_heartbeats h join ops_monitors m on m.id = h.monitor_id where m.app_id = $1',
              [appId],
            )
          ).rows[0].count,
        );
      apps.isAppUp = false;
      await Promise.all([runProbeTick(clockA), runProbeTick(clockB)]);
      expect(await countProbes()).toBe(1);
      const down = { id: 'outbound.status', values: { status: 503 } };
      expect((await monitored.client.get('/api/monitors')).json()[0]).toMatchObject({
        lastError: 'HTTP 503',
        lastErrorMessage: down,
      });
      expect((await monitored.client.get('/api/live-events')).json().events[0]).toMatchObject({
        type: 'monitor.down',
        description: 'Watched is down: HTTP 503',
        message: { id: 'activity.appDown', values: { app: 'Watched', reason: down } },
      });
      // Within the interval nothing is due; a minute later it is, once.
      await Promise.all([runProbeTick(clockA), runProbeTick(clockB)]);
      expect(await countProbes()).toBe(1);
      apps.isAppUp = true;
      at = new Date(at.getTime() + 60_000);
      await Promise.all([runProbeTick(clockA), runProbeTick(clockB)]);
      expect(await countProbes()).toBe(2);

      const dashboard = (await monitored.client.get('/api/superhub-dashboard')).json();
      expect(dashboard.apps[0]).toMatchObject({ name: 'Watched', status: 'up' });
      expect(dashboard.logs.map((l: { type: string }) => l.type)).toEqual(['monitor.up', 'monitor.down']);
      const health = (await monitored.client.get('/api/health-check')).json();
      expect(health.alerts).toBe(0);

      // Uptime monitoring off: no probes.
      await monitored.client.put('/api/superhub/features', { uptime_monitoring: false });
      at = new Date(at.getTime() + 120_000);
      await runProbeTick(clockA);
      expect(await countProbes()).toBe(2);
      expect((await monitored.client.get('/api/superhub-dashboard')).json().stats.monitoring_active).toBe(
        false,
      );
    } finally {
      apps.isAppUp = true;
      await second.close();
    }
  });
});

describe('monitors', () => {
  const monitorsOf = async (who: SignedUp) =>
    (await who.client.get('/api/monitors')).json() as {
      id: number;
      appId: number;
      url: string;
      isDefault: boolean;
      intervalSeconds: number;
      timeoutMs: number;
      status: string;
    }[];

  it('lets owners and admins add, edit and remove monitors; members and viewers only read', async () => {
    const boss = await signUpOwner(t.app, { businessName: 'Monitor Roles', plan: 'enterprise' });
    const appId = await addApp(boss, 'Roled');
    const admin = await addMember(t.app, boss, 'admin');
    const member = await addMember(t.app, boss, 'member');
    const viewer = await addMember(t.app, boss, 'viewer');

    const created = await admin.client.post('/api/monitors', {
      appId,
      url: `${base}/fast`,
      intervalSeconds: 120,
      timeoutMs: 5000,
    });
    expect(created.statusCode, created.body).toBe(201);
    const extra = created.json();
    expect(extra).toMatchObject({ appId, url: `${base}/fast`, isDefault: false, status: 'unknown' });

    for (const reader of [member, viewer]) {
      expect((await reader.client.get('/api/monitors')).statusCode).toBe(200);
      const writes = [
        await reader.client.post('/api/monitors', { appId, url: `${base}/fast` }),
        await reader.client.put(`/api/monitors/${extra.id}`, { intervalSeconds: 60, timeoutMs: 1000 }),
        await reader.client.delete(`/api/monitors/${extra.id}`),
      ];
      expect(writes.map((w) => w.statusCode)).toEqual([403, 403, 403]);
    }

    const edited = await boss.client.put(`/api/monitors/${extra.id}`, {
      url: `${base}/app/roled/health`,
      intervalSeconds: 300,
      timeoutMs: 2000,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      url: `${base}/app/roled/health`,
      intervalSeconds: 300,
      timeoutMs: 2000,
    });

    // The app's own monitor: its timing is edited, its URL is the app's, it is never removed.
    const own = (await monitorsOf(boss)).find((m) => m.isDefault);
    if (!own) throw new Error('no default monitor');
    expect(
      (await admin.client.put(`/api/monitors/${own.id}`, { intervalSeconds: 600, timeoutMs: 3000 }))
        .statusCode,
    ).toBe(200);
    const moved = await admin.client.put(`/api/monitors/${own.id}`, {
      url: `${base}/elsewhere`,
      intervalSeconds: 600,
      timeoutMs: 3000,
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().issues[0].path).toBe('url');
    expect((await admin.client.delete(`/api/monitors/${own.id}`)).statusCode).toBe(409);

    expect((await admin.client.delete(`/api/monitors/${extra.id}`)).statusCode).toBe(204);
    const left = await monitorsOf(boss);
    expect(left.map((m) => [m.isDefault, m.url, m.intervalSeconds, m.timeoutMs])).toEqual([
      [true, `${base}/app/roled`, 600, 3000],
    ]);
  });

  it('starts a monitor afresh when its URL changes: status unknown, its incident closed, probed at the next tick', async () => {
    const watcher = await signUpOwner(t.app, { businessName: 'Monitor Moves', plan: 'enterprise' });
    const appId = await addApp(watcher, 'Mover');
    const extra = (
      await watcher.client.post('/api/monitors', {
        appId,
        url: `${base}/fail`,
        intervalSeconds: 3600,
        failuresToDown: 1,
      })
    ).json() as { id: number };
    const at = new Date(Date.now() + 7_200_000);
    const clocked = { ...t.app.deps, clock: () => at };
    await runProbeTick(clocked);
    const statusOf = async () => (await monitorsOf(watcher)).find((m) => m.id === extra.id)?.status;
    expect(await statusOf()).toBe('down');
    expect((await watcher.client.get('/api/health-check')).json().alerts).toBeGreaterThan(0);
    const openIncidents = async () =>
      Number(
        (
          await db.query('select count(*) from ops_incidents where app_id = $1 and closed_at is null', [
            appId,
          ])
        ).rows[0].count,
      );
    expect(await openIncidents()).toBe(1);

    const moved = await watcher.client.put(`/api/monitors/${extra.id}`, {
      url: `${base}/fast`,
      intervalSeconds: 3600,
      timeoutMs: 10000,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ status: 'unknown', lastResponseMs: null, url: `${base}/fast` });
    expect(await openIncidents()).toBe(0);
    // Due again at once, though an hour's interval had just moved its next probe on.
    await runProbeTick(clocked);
    expect(await statusOf()).toBe('up');
  });

  it('refuses bad input with a 400 naming the field and changes nothing', async () => {
    const appId = await addApp(owner, 'Validated');
    const before = await monitorsOf(owner);
    const cases: [string, unknown, string][] = [
      ['POST', { appId, url: 'ftp://example.com' }, 'url'],
      ['POST', { appId, url: `${base}/fast`, intervalSeconds: 19 }, 'intervalSeconds'],
      ['POST', { appId, url: `${base}/fast`, intervalSeconds: 86401 }, 'intervalSeconds'],
      ['POST', { appId, url: `${base}/fast`, timeoutMs: 999 }, 'timeoutMs'],
      ['POST', { appId, url: `${base}/fast`, timeoutMs: 60001 }, 'timeoutMs'],
      ['POST', { appId, url: `${base}/fast`, intervalSeconds: 90.5 }, 'intervalSeconds'],
      ['POST', { appId: 'x', url: `${base}/fast` }, 'appId'],
      ['POST', { url: `${base}/fast` }, 'appId'],
      ['PUT', { intervalSeconds: 60 }, 'timeoutMs'],
      ['PUT', { intervalSeconds: '60', timeoutMs: 1000 }, 'intervalSeconds'],
      ['PUT', { url: 'not a url', intervalSeconds: 60, timeoutMs: 1000 }, 'url'],
    ];
    const own = before.find((m) => m.appId === appId && m.isDefault);
    if (!own) throw new Error('no default monitor');
    for (const [method, body, field] of cases) {
      const res = await owner.client.request(
        method,
        method === 'POST' ? '/api/monitors' : `/api/monitors/${own.id}`,
        body,
      );
      expect(res.statusCode, `${method} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().issues[0].path, JSON.stringify(body)).toBe(field);
    }
    expect(await monitorsOf(owner)).toEqual(before);
  });

  it("accepts a 20 s interval (Uptime Kuma's shortest) and refuses a shorter one with a 400 on intervalSeconds", async () => {
    const quick = await signUpOwner(t.app, { businessName: 'Monitor Quick', plan: 'enterprise' });
    const appId = await addApp(quick, 'Quick');
    const added = await quick.client.post('/api/monitors', {
      appId,
      url: `${base}/fast`,
      intervalSeconds: 20,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ intervalSeconds: 20 });
    const timing = { intervalSeconds: 20, timeoutMs: 5000 };
    expect((await quick.client.put(`/api/monitors/apps/${appId}`, timing)).statusCode).toBe(204);
    const before = await monitorsOf(quick);
    expect(before.map((m) => m.intervalSeconds)).toEqual([20, 20]);

    const refused = [
      await quick.client.post('/api/monitors', { appId, url: `${base}/fast`, intervalSeconds: 19 }),
      await quick.client.put(`/api/monitors/${before[0].id}`, { ...timing, intervalSeconds: 19 }),
      await quick.client.put(`/api/monitors/apps/${appId}`, { ...timing, intervalSeconds: 10 }),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().issues[0].path).toBe('intervalSeconds');
    }
    expect(await monitorsOf(quick)).toEqual(before);
  });

  it("reads the Monitors card a page at a time, in the list's order, with the total", async () => {
    const many = await signUpOwner(t.app, { businessName: 'Monitor Pages', plan: 'enterprise' });
    const appId = await addApp(many, 'Paged');
    for (let i = 0; i < 6; i++)
      await many.client.post('/api/monitors', { appId, url: `${base}/fast?m=${i}`, intervalSeconds: 20 });
    const all = await monitorsOf(many);
    expect(all).toHaveLength(7);
    // Ids only: a probe between two reads (the minute's tick) changes a row's state, not its place.
    const ids = (list: { id: number }[]) => list.map((m) => m.id);
    const page = await many.client.get('/api/monitors/page?offset=4&limit=2');
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().total).toBe(7);
    expect(ids(page.json().monitors)).toEqual(ids(all.slice(4, 6)));
    const whole = (await many.client.get('/api/monitors/page')).json();
    expect([whole.total, ids(whole.monitors)]).toEqual([7, ids(all)]);
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['offset=-1', 'offset'],
      ['offset=x', 'offset'],
    ]) {
      const res = await many.client.get(`/api/monitors/page?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().issues[0].path, query).toBe(field);
    }
  });

  it("keeps each workspace's monitors to itself", async () => {
    const other = await signUpOwner(t.app, { businessName: 'Monitor Neighbour', plan: 'enterprise' });
    const theirApp = await addApp(other, 'Neighbour');
    const theirs = (
      await other.client.post('/api/monitors', { appId: theirApp, url: `${base}/fast` })
    ).json() as { id: number };
    const mine = await monitorsOf(owner);

    expect(mine.some((m) => m.id === theirs.id || m.appId === theirApp)).toBe(false);
    const add = await owner.client.post('/api/monitors', { appId: theirApp, url: `${base}/fast` });
    expect(add.statusCode).toBe(400);
    expect(add.json().issues[0].path).toBe('appId');
    expect(
      (await owner.client.put(`/api/monitors/${theirs.id}`, { intervalSeconds: 60, timeoutMs: 1000 }))
        .statusCode,
    ).toBe(404);
    expect((await owner.client.delete(`/api/monitors/${theirs.id}`)).statusCode).toBe(404);
    const still = (await monitorsOf(other)).find((m) => m.id === theirs.id);
    expect(still).toMatchObject({ url: `${base}/fast`, intervalSeconds: 60, timeoutMs: 10000 });
  });

  it("shows the demo workspace's monitors to anyone, read-only", async () => {
    await seedDemoWorkspace(t.app.deps);
    const res = await t.app.inject({ method: 'GET', url: '/api/demo/operations/monitors' });
    expect(res.statusCode, res.body).toBe(200);
    const monitors = res.json() as { isDefault: boolean; appName: string }[];
    expect(monitors.length).toBeGreaterThan(0);
    expect(monitors.every((m) => m.isDefault)).toBe(true);
    const page = await t.app.inject({ method: 'GET', url: '/api/demo/operations/monitors/page?limit=1' });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().total).toBe(monitors.length);
    expect(page.json().monitors[0].appName).toBe(monitors[0].appName);
    const write = await t.app.inject({ method: 'POST', url: '/api/demo/operations/monitors', payload: {} });
    expect(write.statusCode).toBe(404);
  });
});
