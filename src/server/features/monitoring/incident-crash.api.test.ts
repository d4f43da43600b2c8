import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApp } from '../../../../test/app-receiver.js';
import { FixtureService } from '../../../../test/fixture-service.js';
import { type LocalSmtpServer, startLocalSmtpServer } from '../../../../test/local-smtp-server.js';
import { startServerProcess } from '../../../../test/server-process.js';
import { type SignedUp, signUpOwner, uniqueEmail, useTestApp } from '../../../../test/test-app.js';
import { probeTickJobName, runProbeTick } from './probe.js';

/**
 * The real server as its own process on this file's own database, killed with SIGKILL while an incident's
 * resolution releases a held campaign, while the campaign's resumed send runs, and while an incident's
 * fan-out (its announcement, then 30 dependents' suppressed incidents) is under way. The test holds a row
 * or table lock so the server is killed at a known statement, never inside an SMTP exchange (the one window
 * the campaign sender documents).
 */
let service: FixtureService;
let smtp: LocalSmtpServer;
let db: pg.Client;
const servers = new Set<ChildProcess>();
beforeAll(async () => {
  service = new FixtureService();
  await service.start();
  smtp = await startLocalSmtpServer();
});
// This process makes the changes over the API and runs the probe rounds the test needs before the kill
// points; the server processes run the job queue.
// Down is always a refused connection (the service is stopped), so the timeouts only bound an up probe: generous,
// so a probe that a busy machine delays past a second is not taken for an outage.
const probeTimeoutMs = 10_000;
const t = useTestApp(() => ({
  ownDatabase: true,
  env: { OUTBOUND_TIMEOUT_MS: String(probeTimeoutMs), SMTP_URL: smtp.url },
}));
beforeAll(async () => {
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
});
afterAll(async () => {
  for (const child of servers) child.kill('SIGKILL');
  await db?.end();
  await service?.stop();
  await smtp?.close();
});

async function startServer(): Promise<ChildProcess> {
  const { child } = await startServerProcess({
    DATABASE_URL: t.ownerUrl,
    SMTP_URL: smtp.url,
    OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8,::1/128',
    OUTBOUND_TIMEOUT_MS: String(probeTimeoutMs),
  });
  servers.add(child);
  return child;
}

async function kill(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  servers.delete(child);
}

/** A client of its own holding a lock, so the server's transaction waits at a known statement. */
async function holdLock(statement: string, values: unknown[] = []): Promise<() => Promise<void>> {
  const holder = new pg.Client({ connectionString: t.ownerUrl });
  await holder.connect();
  await holder.query('begin');
  await holder.query(statement, values);
  return async () => {
    await holder.query('rollback');
    await holder.end();
  };
}

/** Statements of other sessions containing `fragment`: all of them, or only those waiting on a lock. */
async function statements(fragment: string, waitingOnly: boolean): Promise<number> {
  const { rows } = await db.query(
    `select count(*)::int as n from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid() and query like $1
       and state <> 'idle' ${waitingOnly ? `and wait_event_type = 'Lock'` : ''}`,
    [`%${fragment}%`],
  );
  return rows[0].n;
}

/** Kills the server blocked at `fragment`, frees the lock, and waits for its transaction to roll back. */
async function killWhileWaiting(server: ChildProcess, fragment: string, release: () => Promise<void>) {
  await expect
    .poll(() => statements(fragment, true), { timeout: 90_000, interval: 100 })
    .toBeGreaterThanOrEqual(1);
  await kill(server);
  await release();
  // The killed server's backend finds its client gone once the lock is free: its transaction rolls back.
  await expect.poll(() => statements(fragment, false), { timeout: 30_000, interval: 100 }).toBe(0);
}

// Due a second ago: the tick compares with the JavaScript clock, whose milliseconds are truncated, so a due
// time of the database's now() may still lie ahead of it in the same millisecond.
const makeDue = (appIds: number[]) =>
  db.query(
    `update ops_monitors set next_probe_at = now() - interval '1 second' where app_id = any($1::bigint[])`,
    [appIds],
  );
/** A probe round of the apps, run here: every app's monitor claimed and recorded. */
async function roundHere(appIds: number[]) {
  await makeDue(appIds);
  expect(await runProbeTick(t.app.deps)).toBe(appIds.length);
}
/** A probe round of the apps, run by a server process's worker. */
async function roundInServer(appIds: number[]) {
  await makeDue(appIds);
  await t.queue.send(probeTickJobName, {});
}

/** Monitors probed only when the test makes them due (a day's interval), down after one failed round. */
async function watched(owner: SignedUp, name: string, path: string) {
  const appId = await addApp(owner, name, `${service.base}${path}`);
  const res = await owner.client.put(`/api/monitors/apps/${appId}`, {
    intervalSeconds: 86_400,
    timeoutMs: probeTimeoutMs,
    failuresToDown: 1,
  });
  expect(res.statusCode, res.body).toBe(204);
  return appId;
}

const count = async (query: string, values: unknown[]) => (await db.query(query, values)).rows[0].n as number;
const activities = (owner: SignedUp, type: string) =>
  count('select count(*)::int as n from activities where workspace_id = $1 and type = $2', [
    owner.workspaceId,
    type,
  ]);
const downEvents = (owner: SignedUp) =>
  count(`select count(*)::int as n from ops_events where workspace_id = $1 and event_type = 'monitor.down'`, [
    owner.workspaceId,
  ]);
const incidentCount = (owner: SignedUp) =>
  count('select count(*)::int as n from ops_incidents where workspace_id = $1', [owner.workspaceId]);

async function inParallel<T>(items: T[], work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

describe('kill -9 during an incident', () => {
  it('releases a held campaign and resumes it: every recipient gets it exactly once, none lost', {
    timeout: 300_000,
  }, async () => {
    const owner = await signUpOwner(t.app, { businessName: 'Held Crash Co', plan: 'enterprise' });
    expect((await owner.client.patch('/api/automation/settings', { sendRatePerMinute: 0 })).statusCode).toBe(
      200,
    );
    const appId = await watched(owner, 'Portal', '/portal');
    // More than one send batch (256), so the resumed send can be killed between two batches.
    const tag = `held-crash-${Date.now()}`;
    const emails = Array.from({ length: 300 }, (_, i) => uniqueEmail(`reader${i}`));
    await inParallel(emails, async (email) => {
      const res = await owner.client.post('/api/contacts', { firstName: 'Rea', email, tags: [tag] });
      expect(res.statusCode, res.body).toBe(201);
    });
    const subject = `Portal news ${Date.now()}`;
    const created = await owner.client.post('/api/campaigns', {
      name: 'Portal news',
      subject,
      body: `Sign in at ${service.base}/portal/login`,
      audience: { tag },
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaignId = created.json().id as number;
    const mails = () => smtp.received.filter((m) => m.subject === subject);

    await roundHere([appId]);
    // One failed round and the app is down; its incident stays open until a round finds it up.
    await service.stop();
    try {
      await roundHere([appId]);
    } finally {
      await service.start();
    }
    expect(await incidentCount(owner)).toBe(1);
    expect((await owner.client.post(`/api/campaigns/${campaignId}/send`)).statusCode).toBe(200);
    // The server's send job finds the app down: the campaign waits on the incident.
    let server = await startServer();
    await expect
      .poll(() => count('select count(*)::int as n from ops_holds where campaign_id = $1', [campaignId]), {
        timeout: 60_000,
        interval: 200,
      })
      .toBe(1);
    expect(mails()).toHaveLength(0);

    // 1. Killed while the resolution releases the hold: nothing of it stays.
    const releaseHold = await holdLock('select id from ops_holds where campaign_id = $1 for update', [
      campaignId,
    ]);
    await roundInServer([appId]);
    await killWhileWaiting(server, 'update ops_holds set released_at', releaseHold);
    const incident = await db.query(
      'select closed_at from ops_incidents where workspace_id = $1 and app_id = $2',
      [owner.workspaceId, appId],
    );
    expect(incident.rows).toEqual([{ closed_at: null }]);
    const hold = await db.query('select released_at from ops_holds where campaign_id = $1', [campaignId]);
    expect(hold.rows).toEqual([{ released_at: null }]);
    expect(mails()).toHaveLength(0);

    // 2. Started again, the next round resolves and releases; killed between the resumed send's batches.
    const { rows: secondBatch } = await db.query(
      'select id from marketing_messages where campaign_id = $1 order by id offset 256 limit 1',
      [campaignId],
    );
    const releaseMessage = await holdLock('select id from marketing_messages where id = $1 for update', [
      secondBatch[0].id,
    ]);
    server = await startServer();
    await roundInServer([appId]);
    await killWhileWaiting(server, `update marketing_messages m set status = 'sending'`, releaseMessage);
    expect(mails()).toHaveLength(256);

    // 3. Started again: the sending campaign is picked up and finishes.
    server = await startServer();
    await expect
      .poll(async () => (await owner.client.get(`/api/campaigns/${campaignId}`)).json().status, {
        timeout: 90_000,
        interval: 250,
      })
      .toBe('sent');
    const perRecipient = new Map<string, number>();
    for (const mail of mails())
      for (const to of [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address ?? '')))
        perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    expect([...perRecipient.keys()].sort()).toEqual([...emails].sort());
    expect([...perRecipient.values()].filter((n) => n !== 1)).toEqual([]);
    expect((await owner.client.get(`/api/campaigns/${campaignId}`)).json()).toMatchObject({ sent: 300 });
    const after = await db.query(
      `select (select count(*)::int from ops_incidents where app_id = $1 and closed_at is not null) as closed,
         (select count(*)::int from ops_incidents where app_id = $1) as incidents,
         (select count(*)::int from ops_holds where campaign_id = $2 and released_at is not null) as released,
         (select count(*)::int from ops_holds where campaign_id = $2) as holds`,
      [appId, campaignId],
    );
    expect(after.rows[0]).toEqual({ closed: 1, incidents: 1, released: 1, holds: 1 });
    expect(await activities(owner, 'operations_app_up')).toBe(1);
    await kill(server);
  });

  it('announces the root cause once and opens each of its 30 dependents once, suppressed, across kill -9 mid-fan-out', {
    timeout: 300_000,
  }, async () => {
    const owner = await signUpOwner(t.app, { businessName: 'Fan-out Crash Co', plan: 'enterprise' });
    const parent = await watched(owner, 'Core', '/core');
    const children: number[] = [];
    for (let i = 1; i <= 30; i += 1) {
      const child = await watched(owner, `Child ${String(i).padStart(2, '0')}`, `/child/${i}`);
      const res = await owner.client.put(`/api/monitors/apps/${child}/dependencies`, { dependsOn: [parent] });
      expect(res.statusCode, res.body).toBe(200);
      children.push(child);
    }
    const all = [parent, ...children];
    await roundHere(all);
    await service.stop();
    try {
      // 1. Killed inside the root cause's announcement (its activity waits on the table): nothing stays.
      let server = await startServer();
      const releaseActivities = await holdLock('lock table activities in share mode');
      await roundInServer(all);
      await killWhileWaiting(server, 'activities', releaseActivities);
      expect(await incidentCount(owner)).toBe(0);
      expect(await downEvents(owner)).toBe(0);
      expect(await activities(owner, 'operations_app_down')).toBe(0);

      // 2. Killed while the dependents' incidents are being opened: half of them wait on an uncommitted
      // open incident of their app (the one-open-incident-per-app index), not on anything the probe claim
      // takes.
      const locked = children.slice(15);
      const releaseIncidents = await holdLock(
        `insert into ops_incidents (workspace_id, app_id, opened_at, reason)
         select workspace_id, id, now(), 'held by the test' from ecosystem_apps where id = any($1::bigint[])`,
        [locked],
      );
      server = await startServer();
      await roundInServer(all);
      // Killed once one waits: the root cause is announced (its depth is recorded first), other
      // dependents are done or in the middle of their own transactions.
      await killWhileWaiting(server, 'insert into ops_incidents (app_id', releaseIncidents);
      const midway = await incidentCount(owner);
      expect(midway).toBeGreaterThanOrEqual(1);
      expect(midway).toBeLessThanOrEqual(16);
      expect(await downEvents(owner)).toBe(1);

      // 3. Started again, the next round opens the rest.
      server = await startServer();
      await roundInServer(all);
      await expect.poll(() => incidentCount(owner), { timeout: 90_000, interval: 250 }).toBe(31);
      await kill(server);
    } finally {
      await service.start();
    }
    const { rows } = await db.query(
      `select i.app_id::int as "appId", i.suppressed, i.parent_app_id::int as "parentAppId",
         i.notified_at is not null as notified,
         (select count(*)::int from ops_incident_events e where e.incident_id = i.id and e.kind = 'opened') as opened,
         (select count(*)::int from ops_incident_events e where e.incident_id = i.id and e.kind = 'suppressed') as "suppressedEvents",
         (select count(*)::int from ops_incident_events e where e.incident_id = i.id and e.kind = 'notified') as "notifiedEvents"
       from ops_incidents i where i.workspace_id = $1 order by i.app_id`,
      [owner.workspaceId],
    );
    expect(rows.map((r) => r.appId)).toEqual([...all].sort((a, b) => a - b));
    const root = rows.find((r) => r.appId === parent);
    expect(root).toEqual({
      appId: parent,
      suppressed: false,
      parentAppId: null,
      notified: true,
      opened: 1,
      suppressedEvents: 0,
      notifiedEvents: 1,
    });
    const dependents = rows.filter((r) => r.appId !== parent);
    expect(
      dependents.filter(
        (r) =>
          !r.suppressed ||
          r.parentAppId !== parent ||
          r.notified ||
          r.opened !== 1 ||
          r.suppressedEvents !== 1 ||
          r.notifiedEvents !== 0,
      ),
    ).toEqual([]);
    expect(await downEvents(owner)).toBe(1);
    expect(await activities(owner, 'operations_app_down')).toBe(1);

    // Up again: one "up" for the root cause only.
    await roundHere(all);
    const stillOpen = await db.query(
      `select m.app_id::int as "appId", m.status, m.last_error_message as error from ops_incidents i
       join ops_monitors m on m.app_id = i.app_id and m.url is null
       where i.workspace_id = $1 and i.closed_at is null`,
      [owner.workspaceId],
    );
    expect(stillOpen.rows).toEqual([]);
    expect(await activities(owner, 'operations_app_up')).toBe(1);
  });
});
