import { availability } from '@domain/monitoring/availability';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApp } from '../../../../test/app-receiver.js';
import { FixtureService } from '../../../../test/fixture-service.js';
import { type LocalSmtpServer, startLocalSmtpServer } from '../../../../test/local-smtp-server.js';
import {
  addMember,
  createTestApp,
  type SignedUp,
  signUpOwner,
  uniqueEmail,
  useTestApp,
} from '../../../../test/test-app.js';
import { advanceRun } from '../automation/runner.js';
import { marketingJobs } from '../marketing/jobs.js';
import { runCampaignSend } from '../marketing/service.js';
import { runProbeTick } from './probe.js';

let service: FixtureService;
let smtp: LocalSmtpServer;
let db: pg.Client;
// A clock of its own, ahead of the real one, moved a probe interval at a time.
let at = new Date(Date.now() + 86_400_000);
beforeAll(async () => {
  service = new FixtureService();
  await service.start();
  smtp = await startLocalSmtpServer();
});
const t = useTestApp(() => ({
  ownDatabase: true,
  clock: () => at,
  env: { OUTBOUND_TIMEOUT_MS: '1000', SMTP_URL: smtp.url, PUBLIC_URL: 'http://hub.test' },
}));

beforeAll(async () => {
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await service?.stop();
  await smtp?.close();
});

/** One tick a minute later: every monitor with a 60 s interval is probed once. */
async function tick() {
  at = new Date(at.getTime() + 60_000);
  await runProbeTick(t.app.deps);
}

type MonitorView = {
  id: number;
  appId: number;
  status: string;
  consecutiveFailures: number;
  isDefault: boolean;
};
const ownMonitor = async (who: SignedUp, appId: number) => {
  const all = (await who.client.get('/api/monitors')).json() as MonitorView[];
  const found = all.find((m) => m.appId === appId && m.isDefault);
  if (!found) throw new Error(`no monitor for app ${appId}`);
  return found;
};
type IncidentView = {
  id: number;
  appId: number;
  appName: string;
  openedAt: string;
  closedAt: string | null;
  suppressed: boolean;
  parentAppName: string | null;
  notifiedAt: string | null;
};
const incidentsOf = async (who: SignedUp) =>
  (await who.client.get('/api/incidents')).json() as IncidentView[];
const countActivities = async (who: SignedUp, type: string) =>
  Number(
    (
      await db.query('select count(*) from activities where workspace_id = $1 and type = $2', [
        who.workspaceId,
        type,
      ])
    ).rows[0].count,
  );
const setRule = (who: SignedUp, appId: number, rule: { failuresToDown?: number; locations?: string[] }) =>
  who.client.put(`/api/monitors/apps/${appId}`, { intervalSeconds: 60, timeoutMs: 1000, ...rule });

describe('incidents', () => {
  it('counts an app down only after N failed rounds of a stopped service, and up when it answers again', async () => {
    const owner = await signUpOwner(t.app, { businessName: 'Incident Co', plan: 'enterprise' });
    const appId = await addApp(owner, 'Billing', `${service.base}/billing`);
    expect((await setRule(owner, appId, { failuresToDown: 3 })).statusCode).toBe(204);
    await tick();
    expect(await ownMonitor(owner, appId)).toMatchObject({ status: 'up', consecutiveFailures: 0 });

    await service.stop();
    try {
      await tick();
      await tick();
      expect(await ownMonitor(owner, appId)).toMatchObject({ status: 'up', consecutiveFailures: 2 });
      expect(await incidentsOf(owner)).toEqual([]);
      await tick();
      expect(await ownMonitor(owner, appId)).toMatchObject({ status: 'down', consecutiveFailures: 3 });
      const [incident] = await incidentsOf(owner);
      expect(incident).toMatchObject({ appName: 'Billing', closedAt: null, suppressed: false });
      expect(incident.notifiedAt).not.toBeNull();
      expect(await countActivities(owner, 'operations_app_down')).toBe(1);
      // Still down: the incident stays one, its timeline grows, nobody is told again.
      await tick();
      expect(await incidentsOf(owner)).toHaveLength(1);
      expect(await countActivities(owner, 'operations_app_down')).toBe(1);
    } finally {
      await service.start();
    }
    await tick();
    const [resolved] = await incidentsOf(owner);
    expect(resolved.closedAt).not.toBeNull();
    expect(await countActivities(owner, 'operations_app_up')).toBe(1);
    const detail = (await owner.client.get(`/api/incidents/${resolved.id}`)).json();
    expect(detail.timeline.map((e: { kind: string }) => e.kind)).toEqual([
      'probe_failed',
      'probe_failed',
      'probe_failed',
      'opened',
      'notified',
      'probe_failed',
      'resolved',
    ]);
  });

  it('with several probe locations, counts a round failed only when two of them agree', async () => {
    const owner = await signUpOwner(t.app, { businessName: 'Locations Co', plan: 'enterprise' });
    const appId = await addApp(owner, 'Flaky', `${service.base}/flaky`);
    expect((await setRule(owner, appId, { failuresToDown: 2, locations: ['eu', 'us'] })).statusCode).toBe(
      204,
    );
    // One request in two fails: each round, exactly one location of the two sees a failure.
    service.failEvery = 2;
    try {
      for (let i = 0; i < 3; i += 1) await tick();
      expect(await ownMonitor(owner, appId)).toMatchObject({ status: 'up', consecutiveFailures: 0 });
      const { rows } = await db.query(
        `select location, up from ops_heartbeats h join ops_monitors m on m.id = h.monitor_id
         where m.app_id = $1 order by h.id`,
        [appId],
      );
      expect(rows).toHaveLength(6);
      expect(rows.filter((r) => !r.up)).toHaveLength(3);
      expect(new Set(rows.map((r) => r.location))).toEqual(new Set(['eu', 'us']));
      // Both fail: two rounds and it is down.
      service.failEvery = 1;
      await tick();
      await tick();
      expect(await ownMonitor(owner, appId)).toMatchObject({ status: 'down', consecutiveFailures: 2 });
      expect((await incidentsOf(owner)).map((i) => i.appName)).toEqual(['Flaky']);
    } finally {
      service.failEvery = 0;
    }
    await tick();
    expect((await incidentsOf(owner))[0].closedAt).not.toBeNull();
  });

  it('tells the team once per root cause: 30 apps depending on a down app give exactly 1 notification', async () => {
    const owner = await signUpOwner(t.app, { businessName: 'Root Cause Co', plan: 'enterprise' });
    const parent = await addApp(owner, 'Core API', `${service.base}/core`);
    const children: number[] = [];
    for (let i = 1; i <= 30; i += 1) {
      const child = await addApp(owner, `Child ${String(i).padStart(2, '0')}`, `${service.base}/child/${i}`);
      const res = await owner.client.put(`/api/monitors/apps/${child}/dependencies`, { dependsOn: [parent] });
      expect(res.statusCode, res.body).toBe(200);
      children.push(child);
    }
    // The parent's users and their companies (one through a deal) are the customers it affects.
    const ann = await owner.client.post('/api/contacts', {
      firstName: 'Ann',
      email: uniqueEmail('ann'),
      source: 'Core API',
      company: 'Acme Corp',
    });
    expect(ann.statusCode, ann.body).toBe(201);
    const bob = await owner.client.post('/api/contacts', { firstName: 'Bob', source: 'Core API' });
    const globex = (await owner.client.post('/api/contacts', { firstName: 'G', company: 'Globex' })).json();
    const deal = await owner.client.post('/api/deals', {
      name: 'Globex renewal',
      contactId: bob.json().id,
      companyId: globex.companyId,
    });
    expect(deal.statusCode, deal.body).toBe(201);
    await owner.client.post('/api/contacts', { firstName: 'Not', source: 'Child 01' });

    await tick();
    await service.stop();
    try {
      // All 31 fail in the same rounds: the parent is settled first, so every child opens suppressed.
      await tick();
      await tick();
      const incidents = await incidentsOf(owner);
      expect(incidents).toHaveLength(31);
      const root = incidents.find((i) => i.appId === parent);
      expect(root).toMatchObject({ suppressed: false, parentAppName: null });
      const suppressed = incidents.filter((i) => i.appId !== parent);
      expect(suppressed.every((i) => i.suppressed && i.parentAppName === 'Core API' && !i.notifiedAt)).toBe(
        true,
      );
      expect(await countActivities(owner, 'operations_app_down')).toBe(1);
      const downEvents = await db.query(
        `select count(*) from ops_events where workspace_id = $1 and event_type = 'monitor.down'`,
        [owner.workspaceId],
      );
      expect(Number(downEvents.rows[0].count)).toBe(1);

      const detail = (await owner.client.get(`/api/incidents/${root?.id}`)).json();
      expect(detail.children).toHaveLength(30);
      expect(detail.affected).toMatchObject({ contactCount: 2, companyCount: 2 });
      expect(detail.affected.companies.map((c: { name: string }) => c.name)).toEqual(['Acme Corp', 'Globex']);
      const child = (await owner.client.get(`/api/incidents/${suppressed[0].id}`)).json();
      expect(child.timeline.map((e: { kind: string }) => e.kind)).toContain('suppressed');
      expect(child.timeline.map((e: { kind: string }) => e.kind)).not.toContain('notified');
    } finally {
      await service.start();
    }
    // Resolution changes nothing about who was told: one "up" for the root cause only.
    await tick();
    expect((await incidentsOf(owner)).every((i) => i.closedAt !== null)).toBe(true);
    expect(await countActivities(owner, 'operations_app_up')).toBe(1);
    expect(await countActivities(owner, 'operations_app_down')).toBe(1);
  });

  it('opens no incident inside a maintenance window and leaves the window out of availability', async () => {
    const owner = await signUpOwner(t.app, { businessName: 'Maintained Co', plan: 'enterprise' });
    const appId = await addApp(owner, 'Shop', `${service.base}/shop`);
    await tick();
    const windowStart = new Date(at.getTime() + 30_000);
    const windowEnd = new Date(at.getTime() + 3 * 60_000 + 30_000);
    const created = await owner.client.post(`/api/monitors/apps/${appId}/maintenance-windows`, {
      startsAt: windowStart.toISOString(),
      endsAt: windowEnd.toISOString(),
      reason: 'Database upgrade',
    });
    expect(created.statusCode, created.body).toBe(201);
    await service.stop();
    try {
      // Three failed rounds inside the window: the monitor is down, no incident, nobody told.
      for (let i = 0; i < 3; i += 1) await tick();
      expect(await ownMonitor(owner, appId)).toMatchObject({ status: 'down' });
      expect(await incidentsOf(owner)).toEqual([]);
      const buckets = await db.query(
        `select coalesce(sum(down), 0)::int as down from ops_uptime_buckets b join ops_monitors m on m.id = b.monitor_id
         where m.app_id = $1 and b.size = 'hour'`,
        [appId],
      );
      expect(buckets.rows[0].down).toBe(0);
      // The window is over and it is still down: now the incident opens.
      await tick();
      expect((await incidentsOf(owner)).map((i) => i.appName)).toEqual(['Shop']);
    } finally {
      await service.start();
    }
    await tick();
    const [incident] = await incidentsOf(owner);
    expect(incident.closedAt).not.toBeNull();

    const month = at.toISOString().slice(0, 7);
    const res = await owner.client.get(`/api/monitors/apps/${appId}/availability?month=${month}`);
    expect(res.statusCode, res.body).toBe(200);
    const monthStart = Date.parse(`${month}-01T00:00:00Z`);
    const expected = availability(
      { start: monthStart, end: at.getTime() },
      [{ start: Date.parse(incident.openedAt), end: Date.parse(incident.closedAt ?? '') }],
      [{ start: windowStart.getTime(), end: windowEnd.getTime() }],
    );
    expect(res.json()).toMatchObject({ appId, month, maintenanceMinutes: 3, downMinutes: 1 });
    expect(res.json().percent).toBeCloseTo(expected.percent ?? 0, 2);
    expect(
      (await owner.client.get('/api/monitors/availability')).json().map((a: { appId: number }) => a.appId),
    ).toEqual([appId]);
  });

  it('holds a campaign linking to a down app and sends it once after the app is up', async () => {
    const owner = await signUpOwner(t.app, { businessName: 'Held Mail Co', plan: 'enterprise' });
    await addApp(owner, 'Portal', `${service.base}/portal`);
    const email = uniqueEmail('reader');
    const tag = `held-${Date.now()}`;
    expect(
      (await owner.client.post('/api/contacts', { firstName: 'Rea', email, tags: [tag] })).statusCode,
    ).toBe(201);
    await tick();
    await service.stop();
    let campaignId = 0;
    try {
      await tick();
      await tick();
      expect((await incidentsOf(owner)).map((i) => i.appName)).toEqual(['Portal']);
      const created = await owner.client.post('/api/campaigns', {
        name: 'Portal launch',
        subject: 'Try the portal',
        body: `Sign in at ${service.base}/portal/login`,
        audience: { tag },
      });
      expect(created.statusCode, created.body).toBe(201);
      campaignId = created.json().id;
      expect((await owner.client.post(`/api/campaigns/${campaignId}/send`)).statusCode).toBe(200);
      // The send job finds the app down: nothing goes out, the campaign waits on the incident.
      await runCampaignSend(t.app.deps, owner.workspaceId, campaignId);
      await runCampaignSend(t.app.deps, owner.workspaceId, campaignId);
      expect(smtp.received.filter((m) => m.subject === 'Try the portal')).toHaveLength(0);
      expect((await owner.client.get(`/api/campaigns/${campaignId}`)).json()).toMatchObject({
        status: 'sending',
        sent: 0,
      });
      const [incident] = await incidentsOf(owner);
      const detail = (await owner.client.get(`/api/incidents/${incident.id}`)).json();
      expect(detail.holds).toMatchObject([
        { kind: 'campaign', id: campaignId, name: 'Portal launch', releasedAt: null },
      ]);
      expect(detail.timeline.filter((e: { kind: string }) => e.kind === 'held')).toHaveLength(1);
      // A restarted server (as after kill -9) requeues the sending campaign; its job checks again and waits.
      const restarted = await createTestApp({
        databaseUrl: t.ownerUrl,
        clock: () => at,
        env: { SMTP_URL: smtp.url },
      });
      try {
        const sendJob = marketingJobs.find((job) => job.name === 'marketing.send-campaign');
        expect(await sendJob?.recover?.(restarted.app.deps)).toBeGreaterThanOrEqual(1);
        await runCampaignSend(restarted.app.deps, owner.workspaceId, campaignId);
      } finally {
        await restarted.close();
      }
      expect(smtp.received.filter((m) => m.subject === 'Try the portal')).toHaveLength(0);
      const holds = await db.query('select count(*)::int as n from ops_holds where campaign_id = $1', [
        campaignId,
      ]);
      expect(holds.rows[0].n).toBe(1);
    } finally {
      await service.start();
    }
    const jobsBefore = await resumeJobs(campaignId);
    await tick();
    // The resolution queued the send job again, in its own transaction.
    expect(await resumeJobs(campaignId)).toBe(jobsBefore + 1);
    await runCampaignSend(t.app.deps, owner.workspaceId, campaignId);
    // A second job (a repeat, a restart) finds nothing left to send.
    await runCampaignSend(t.app.deps, owner.workspaceId, campaignId);
    expect(smtp.received.filter((m) => m.subject === 'Try the portal')).toHaveLength(1);
    expect((await owner.client.get(`/api/campaigns/${campaignId}`)).json()).toMatchObject({
      status: 'sent',
      sent: 1,
    });
  });

  it('holds a workflow run whose webhook calls a down app, and runs the step once when it is up', async () => {
    const owner = await signUpOwner(t.app, { businessName: 'Held Run Co', plan: 'enterprise' });
    await addApp(owner, 'Hooks', `${service.base}/hooks`);
    const workflow = await owner.client.post('/api/workflows', {
      name: 'Tell the hooks app',
      status: 'active',
      trigger: { type: 'contact_created' },
      steps: [{ type: 'webhook', url: `${service.base}/hooks/new-contact` }],
    });
    expect(workflow.statusCode, workflow.body).toBe(201);
    await tick();
    await service.stop();
    let runId = 0;
    try {
      await tick();
      await tick();
      expect(
        (await owner.client.post('/api/contacts', { firstName: 'Hal', email: uniqueEmail('hal') }))
          .statusCode,
      ).toBe(201);
      const { rows } = await db.query('select id::int as id from workflow_runs where workflow_id = $1', [
        workflow.json().id,
      ]);
      runId = rows[0].id;
      await advanceRun(t.app.deps, owner.workspaceId, runId);
      const step = await db.query('select status, detail from workflow_run_steps where run_id = $1', [runId]);
      expect(step.rows).toEqual([{ status: 'waiting', detail: 'held: Hooks is down' }]);
    } finally {
      await service.start();
    }
    expect(service.paths.filter((p) => p === '/hooks/new-contact')).toHaveLength(0);
    const before = await queuedJobs('automation.step', 'runId', runId);
    await tick();
    expect(await queuedJobs('automation.step', 'runId', runId)).toBe(before + 1);
    await advanceRun(t.app.deps, owner.workspaceId, runId);
    await advanceRun(t.app.deps, owner.workspaceId, runId);
    expect(service.paths.filter((p) => p === '/hooks/new-contact')).toHaveLength(1);
    const run = await db.query('select status from workflow_runs where id = $1', [runId]);
    expect(run.rows[0].status).toBe('completed');
  });

  const resumeJobs = (campaignId: number) => queuedJobs('marketing.send-campaign', 'campaignId', campaignId);
  async function queuedJobs(name: string, key: string, id: number) {
    const { rows } = await db.query(
      'select count(*) from pgboss.job where name = $1 and (data->>$2)::int = $3',
      [name, key, id],
    );
    return Number(rows[0].count);
  }
});

describe('incident settings', () => {
  it('refuses a dependency cycle with a 400 naming dependsOn and changes nothing', async () => {
    const owner = await signUpOwner(t.app, { businessName: 'Cycle Co', plan: 'enterprise' });
    const a = await addApp(owner, 'A', `${service.base}/a`);
    const b = await addApp(owner, 'B', `${service.base}/b`);
    const c = await addApp(owner, 'C', `${service.base}/c`);
    expect(
      (await owner.client.put(`/api/monitors/apps/${b}/dependencies`, { dependsOn: [a] })).statusCode,
    ).toBe(200);
    expect(
      (await owner.client.put(`/api/monitors/apps/${c}/dependencies`, { dependsOn: [b] })).statusCode,
    ).toBe(200);
    const cases: [number, unknown, string][] = [
      [a, { dependsOn: [c] }, 'dependsOn'],
      [a, { dependsOn: [a] }, 'dependsOn'],
      [a, { dependsOn: [999_999_999] }, 'dependsOn'],
      [a, { dependsOn: ['x'] }, 'dependsOn.0'],
      [a, {}, 'dependsOn'],
    ];
    for (const [appId, body, field] of cases) {
      const res = await owner.client.put(`/api/monitors/apps/${appId}/dependencies`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().issues[0].path, JSON.stringify(body)).toBe(field);
    }
    expect((await owner.client.get(`/api/monitors/apps/${a}/dependencies`)).json()).toEqual({
      dependsOn: [],
    });
    const badWindows: [unknown, string][] = [
      [{ startsAt: '2026-01-02T00:00:00Z', endsAt: '2026-01-01T00:00:00Z' }, 'endsAt'],
      [{ startsAt: 'soon', endsAt: '2026-01-01T00:00:00Z' }, 'startsAt'],
    ];
    for (const [body, field] of badWindows) {
      const res = await owner.client.post(`/api/monitors/apps/${a}/maintenance-windows`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].path).toBe(field);
    }
    const month = await owner.client.get('/api/monitors/availability?month=2026-13');
    expect(month.statusCode).toBe(400);
    expect(month.json().issues[0].path).toBe('month');
    const rule = await setRule(owner, a, { failuresToDown: 0 });
    expect(rule.statusCode).toBe(400);
    expect(rule.json().issues[0].path).toBe('failuresToDown');
  });

  it('lets owners and admins change dependencies and maintenance; members and viewers only read', async () => {
    const owner = await signUpOwner(t.app, { businessName: 'Roles Co', plan: 'enterprise' });
    const a = await addApp(owner, 'Base', `${service.base}/base`);
    const b = await addApp(owner, 'Top', `${service.base}/top`);
    const admin = await addMember(t.app, owner, 'admin');
    expect(
      (await admin.client.put(`/api/monitors/apps/${b}/dependencies`, { dependsOn: [a] })).statusCode,
    ).toBe(200);
    const window = { startsAt: '2026-05-01T00:00:00Z', endsAt: '2026-05-01T02:00:00Z' };
    const made = await admin.client.post(`/api/monitors/apps/${a}/maintenance-windows`, window);
    expect(made.statusCode).toBe(201);
    for (const role of ['member', 'viewer'] as const) {
      const reader = await addMember(t.app, owner, role);
      expect((await reader.client.get(`/api/monitors/apps/${b}/dependencies`)).json()).toEqual({
        dependsOn: [a],
      });
      expect((await reader.client.get(`/api/monitors/apps/${a}/maintenance-windows`)).json()).toHaveLength(1);
      expect((await reader.client.get('/api/incidents')).statusCode).toBe(200);
      const writes = [
        await reader.client.put(`/api/monitors/apps/${b}/dependencies`, { dependsOn: [] }),
        await reader.client.post(`/api/monitors/apps/${a}/maintenance-windows`, window),
        await reader.client.delete(`/api/monitors/maintenance-windows/${made.json().id}`),
      ];
      expect(writes.map((w) => w.statusCode)).toEqual([403, 403, 403]);
    }
    expect(
      (await owner.client.delete(`/api/monitors/maintenance-windows/${made.json().id}`)).statusCode,
    ).toBe(204);
  });

  it("keeps each workspace's incidents, dependencies, windows and availability to itself", async () => {
    const mine = await signUpOwner(t.app, { businessName: 'Mine Co', plan: 'enterprise' });
    const theirs = await signUpOwner(t.app, { businessName: 'Theirs Co', plan: 'enterprise' });
    const myApp = await addApp(mine, 'Mine', `${service.base}/mine`);
    const theirApp = await addApp(theirs, 'Theirs', `${service.base}/theirs`);
    const window = { startsAt: '2026-05-01T00:00:00Z', endsAt: '2026-05-01T02:00:00Z' };
    const theirWindow = (
      await theirs.client.post(`/api/monitors/apps/${theirApp}/maintenance-windows`, window)
    ).json();
    await tick();
    await service.stop();
    try {
      await tick();
      await tick();
    } finally {
      await service.start();
    }
    const theirIncident = (await incidentsOf(theirs)).find((i) => i.appId === theirApp);
    if (!theirIncident) throw new Error('no incident');
    expect((await incidentsOf(mine)).some((i) => i.appId === theirApp)).toBe(false);
    expect((await mine.client.get(`/api/incidents/${theirIncident.id}`)).statusCode).toBe(404);
    expect((await mine.client.get(`/api/monitors/apps/${theirApp}/dependencies`)).statusCode).toBe(404);
    const cross = await mine.client.put(`/api/monitors/apps/${myApp}/dependencies`, {
      dependsOn: [theirApp],
    });
    expect(cross.statusCode).toBe(400);
    expect((await mine.client.get(`/api/monitors/apps/${theirApp}/maintenance-windows`)).statusCode).toBe(
      404,
    );
    expect((await mine.client.delete(`/api/monitors/maintenance-windows/${theirWindow.id}`)).statusCode).toBe(
      404,
    );
    expect((await mine.client.get(`/api/monitors/apps/${theirApp}/availability`)).statusCode).toBe(404);
    const company = (
      await theirs.client.post('/api/contacts', { firstName: 'X', company: 'Theirs Inc' })
    ).json();
    expect((await mine.client.get(`/api/companies/${company.companyId}/availability`)).statusCode).toBe(404);
    expect((await theirs.client.get(`/api/companies/${company.companyId}/availability`)).json()).toEqual([]);
    await tick();
  });

  it('publishes a status page only when an owner or admin turns it on, with app names and states only', async () => {
    const owner = await signUpOwner(t.app, { businessName: 'Status Co', plan: 'enterprise' });
    const appId = await addApp(owner, 'Status App', `${service.base}/status-app`);
    await owner.client.post('/api/contacts', {
      firstName: 'Private',
      email: uniqueEmail('private'),
      source: 'Status App',
    });
    const slug = `status-co-${Date.now()}`;
    const anonymous = (url: string) => t.app.inject({ method: 'GET', url });
    expect((await owner.client.get('/api/status-page')).json()).toEqual({ enabled: false, slug: null });
    expect((await anonymous(`/api/status/${slug}`)).statusCode).toBe(404);

    const member = await addMember(t.app, owner, 'member');
    expect((await member.client.put('/api/status-page', { enabled: true, slug })).statusCode).toBe(403);
    const bad = await owner.client.put('/api/status-page', { enabled: true, slug: 'no spaces!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('slug');
    const saved = await owner.client.put('/api/status-page', { enabled: true, slug });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ enabled: true, slug });
    // Another workspace cannot take the address.
    const other = await signUpOwner(t.app, { businessName: 'Copycat Co', plan: 'enterprise' });
    const taken = await other.client.put('/api/status-page', { enabled: true, slug });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().issues[0].path).toBe('slug');

    await tick();
    await service.stop();
    try {
      await tick();
      await tick();
    } finally {
      await service.start();
    }
    // Ten minutes into the incident: 10 of the last 30 days' 43,200 minutes were down.
    at = new Date(at.getTime() + 10 * 60_000);
    const status = await anonymous(`/api/status/${slug}`);
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toMatchObject({ name: 'Status Co', apps: [{ name: 'Status App', state: 'down' }] });
    expect(status.json().apps[0].availability30d).toBeCloseTo(100 * (1 - 10 / 43_200), 2);
    // Nothing private: no addresses, reasons, contacts or ids.
    expect(status.body).not.toContain(service.base);
    expect(status.body).not.toContain('Private');
    expect(status.body).not.toContain(String(appId));
    const html = await anonymous(`/status/${slug}`);
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('Status App');
    expect(html.body).toContain('Down');

    await tick();
    expect((await anonymous(`/api/status/${slug}`)).json().apps[0].state).toBe('up');
    expect((await owner.client.put('/api/status-page', { enabled: false, slug })).statusCode).toBe(200);
    expect((await anonymous(`/api/status/${slug}`)).statusCode).toBe(404);
    expect((await anonymous(`/status/${slug}`)).statusCode).toBe(404);
  });
});
