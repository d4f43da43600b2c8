import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createTestApp,
  type SignedUp,
  signUpOwner,
  type TestApp,
} from '../../../../test/test-app.js';
import { seedDemoWorkspace } from '../../seed/demo-workspace.js';
import { runProbeTick } from '../monitoring/probe.js';
import { attemptDelivery } from './deliveries.js';
import { appSecret, signedHeaders } from './signing.js';

// Local receivers standing in for the apps: each path is one way an app can answer a webhook.
interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}
const received: Received[] = [];
let receiver: Server;
let base: string;
/** When set, the /app path answers the integration handshake with this (a signed ack through the hub). */
let onHandshake: ((message: { data: { app_id: number; nonce: string } }) => Promise<void>) | null = null;
let appUp = true;

function handle(req: IncomingMessage, res: ServerResponse) {
  let body = '';
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    received.push({ path, headers: req.headers, body });
    const answer = (status: number, headers: Record<string, string> = {}, text = 'ok') => {
      res.writeHead(status, { 'content-type': 'text/plain', ...headers });
      res.end(text);
    };
    if (path.startsWith('/app')) {
      if (!appUp) return answer(503, {}, 'down for maintenance');
      if (req.method === 'POST') {
        const message = JSON.parse(body);
        if (message.type === 'integration.handshake' && onHandshake) void onHandshake(message);
      }
      return answer(200, {}, 'received');
    }
    switch (path) {
      case '/fast':
        return answer(200);
      case '/fail':
        return answer(500, {}, 'internal error at the receiver');
      case '/gone':
        return answer(410, {}, 'gone');
      case '/busy':
        return answer(503, { 'retry-after': '120' }, 'busy');
      case '/slow':
        // Longer than any test app's OUTBOUND_TIMEOUT_MS (other files' workers share the queue): it times out.
        setTimeout(() => answer(200), 20_000).unref();
        return;
      default:
        return answer(404, {}, 'no such path');
    }
  });
}

let t: TestApp;
let db: pg.Client;
let owner: SignedUp;
const timeoutMs = 1_000;

beforeAll(async () => {
  receiver = createServer(handle);
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await createTestApp({ workers: true, env: { OUTBOUND_TIMEOUT_MS: String(timeoutMs) } });
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  owner = await signUpOwner(t.app, { businessName: 'Ops Co', plan: 'enterprise' });
});
afterAll(async () => {
  await db.end();
  await t.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

async function addApp(signedUp: SignedUp, name: string, url = `${base}/app/${name.toLowerCase()}`) {
  const res = await signedUp.client.post('/api/ecosystem/apps', {
    name,
    category: 'business',
    url,
    description: `${name} app`,
    type: 'B2C',
    pricing: { free: true },
    features: [],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

/** Posts an event to the app's inbound address as the app would: signed with its secret. */
function postEvent(
  appId: number,
  event: unknown,
  webhookId: string,
  secret = appSecret(t.config.secretKey, appId),
) {
  const body = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: `/api/webhooks/in/${appId}`,
    headers: { 'content-type': 'application/json', ...signedHeaders(secret, webhookId, body, new Date()) },
    payload: body,
  });
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 1200; i++) {
    const value = await read();
    if (done(value)) return value;
    await sleep(50);
  }
  throw new Error(`gave up waiting for ${what}`);
}

const deliveriesOf = async (endpointId: number) =>
  (await owner.client.get(`/api/webhook-endpoints/${endpointId}/deliveries`)).json() as {
    id: number;
    webhookId: string;
    status: string;
    attempts: number;
    nextAttemptAt: string | null;
    log: { attemptedAt: string; statusCode: number | null; responseExcerpt: string; error: string | null }[];
  }[];

async function endpointFor(appId: number, path: string, events: string[]) {
  const res = await owner.client.post('/api/webhook-endpoints', { appId, url: `${base}${path}`, events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

describe('events in', () => {
  it('verifies, stores each webhook id once, counts per app, and refuses a bad signature', async () => {
    const appId = await addApp(owner, 'Inbound');
    const first = await postEvent(
      appId,
      { type: 'user.signup', tag: 'web', data: { email: 'a@x.test' } },
      'msg_in_1',
    );
    expect(first.statusCode, first.body).toBe(202);
    const again = await postEvent(
      appId,
      { type: 'user.signup', tag: 'web', data: { email: 'a@x.test' } },
      'msg_in_1',
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    const forged = await postEvent(
      appId,
      { type: 'user.signup' },
      'msg_in_2',
      appSecret('another-secret-key-of-32-chars-long!!', appId),
    );
    expect(forged.statusCode).toBe(401);
    const invalid = await postEvent(appId, { type: 'has spaces' }, 'msg_in_3');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toContain('type');
    // What the database could not hold is a 400, never a 500.
    expect(
      (await postEvent(appId, { type: 'user.signup', description: 'nul \u0000' }, 'msg_in_4')).statusCode,
    ).toBe(400);
    expect((await postEvent(appId, { type: 'user.signup' }, `msg_${'x'.repeat(300)}`)).statusCode).toBe(400);
    // Signed by the app but not JSON: the app is who it says, its body is what is wrong.
    const notJson = '{"type": "user.signup"';
    const broken = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/in/${appId}`,
      headers: {
        'content-type': 'application/json',
        ...signedHeaders(appSecret(t.config.secretKey, appId), 'msg_in_5', notJson, new Date()),
      },
      payload: notJson,
    });
    expect(broken.statusCode, broken.body).toBe(400);

    const status = (await owner.client.get('/api/deployment-status')).json();
    expect(status.apps.Inbound.event_count).toBe(1);
    const { rows } = await db.query('select webhook_id, payload from ops_events where app_id = $1', [appId]);
    expect(rows).toEqual([
      { webhook_id: 'msg_in_1', payload: { type: 'user.signup', tag: 'web', data: { email: 'a@x.test' } } },
    ]);
    // user_analytics is on: the signup is also an activity.
    const activities = (await owner.client.get('/api/activities')).json();
    expect(JSON.stringify(activities)).toContain('Inbound: user.signup');
  });

  it('group-commits a burst: each webhook id once even when sent twice at once, exact counts, each workspace its own', async () => {
    const appId = await addApp(owner, 'Burst');
    // No such app: its events are signed with the secret its id would have, so only the batch's look-up
    // of the apps can refuse them, and refusing them must not fail the others.
    const gone = 2_000_000_000;
    const other = await signUpOwner(t.app, { businessName: 'Burst Co', plan: 'enterprise' });
    const otherAppId = await addApp(other, 'Elsewhere');
    const ids = Array.from({ length: 40 }, (_, i) => `msg_burst_${i}`);
    const answers = await Promise.all([
      ...ids.flatMap((id, i) => [
        postEvent(appId, { type: 'order.created', description: `Order ${i}` }, id),
        postEvent(appId, { type: 'order.created', description: `Order ${i}` }, id),
      ]),
      ...ids.slice(0, 10).map((id) => postEvent(otherAppId, { type: 'order.created' }, id)),
      ...ids.slice(0, 3).map((id) => postEvent(gone, { type: 'order.created' }, id)),
    ]);
    const mine = answers.slice(0, 80);
    expect(mine.filter((a) => a.statusCode === 202)).toHaveLength(40);
    expect(mine.filter((a) => a.statusCode === 200 && a.json().duplicate === true)).toHaveLength(40);
    expect(answers.slice(80, 90).map((a) => a.statusCode)).toEqual(Array(10).fill(202));
    expect(answers.slice(90).map((a) => a.statusCode)).toEqual(Array(3).fill(401));
    expect((await db.query('select 1 from ops_events where app_id = $1', [gone])).rowCount).toBe(0);

    const { rows } = await db.query(
      `select count(*)::int as events, count(distinct webhook_id)::int as ids, count(distinct xmin::text)::int as commits
       from ops_events where app_id = $1`,
      [appId],
    );
    expect(rows[0]).toMatchObject({ events: 40, ids: 40 });
    // Events that arrive while a batch is written share the next transaction (fewer commits than events).
    expect(rows[0].commits).toBeLessThan(40);
    expect((await owner.client.get('/api/deployment-status')).json().apps.Burst.event_count).toBe(40);
    const theirs = (await other.client.get('/api/deployment-status')).json().apps;
    expect(theirs.Elsewhere.event_count).toBe(10);
    expect(theirs.Burst).toBeUndefined();
  });

  it('refuses the events of an app removed after the process learned its workspace', async () => {
    const appId = await addApp(owner, 'Removed later');
    expect((await postEvent(appId, { type: 'order.created' }, 'msg_rm_1')).statusCode).toBe(202);
    expect((await owner.client.delete(`/api/ecosystem/apps/${appId}`)).statusCode).toBe(204);
    // Signed with the secret the removed app had: the remembered workspace must not let it in.
    const late = await postEvent(appId, { type: 'order.created' }, 'msg_rm_2');
    expect(late.statusCode).toBe(401);
    expect((await db.query('select 1 from ops_events where webhook_id = $1', ['msg_rm_2'])).rowCount).toBe(0);
  });

  it('keeps no payload body with webhook logging off, and records no activity with the family flag off', async () => {
    const appId = await addApp(owner, 'Quiet');
    const viewer = await addMember(t.app, owner, 'viewer');
    expect((await viewer.client.put('/api/superhub/features', { webhook_logging: false })).statusCode).toBe(
      403,
    );
    const res = await owner.client.put('/api/superhub/features', {
      webhook_logging: false,
      referral_tracking: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().webhook_logging).toBe(false);
    expect((await owner.client.put('/api/superhub/features', { webhook_logging: 'no' })).statusCode).toBe(
      400,
    );
    expect(
      (await postEvent(appId, { type: 'referral.sent', data: { to: 'b@x.test' } }, 'msg_q_1')).statusCode,
    ).toBe(202);
    const { rows } = await db.query('select payload from ops_events where app_id = $1', [appId]);
    expect(rows).toEqual([{ payload: null }]);
    expect(JSON.stringify((await owner.client.get('/api/activities')).json())).not.toContain(
      'Quiet: referral.sent',
    );
    await owner.client.put('/api/superhub/features', { webhook_logging: true, referral_tracking: true });
  });
});

describe('webhooks out', () => {
  it('forwards a triggered event, signed, to a fast receiver from the queue', async () => {
    const appId = await addApp(owner, 'Forwarder');
    const endpointId = await endpointFor(appId, '/fast', ['order.created']);
    expect(
      (await postEvent(appId, { type: 'order.created', data: { total: 12 } }, 'msg_fw_1')).statusCode,
    ).toBe(202);
    const [delivery] = await until(
      'the delivery',
      () => deliveriesOf(endpointId),
      (d) => d[0]?.status === 'succeeded',
    );
    expect(delivery.attempts).toBe(1);
    expect(delivery.log[0].statusCode).toBe(200);
    const request = received.find(
      (r) => r.path === '/fast' && r.headers['webhook-id'] === delivery.webhookId,
    );
    expect(request).toBeDefined();
    // The receiver can verify it with the app's secret, and only with it.
    const message = new Webhook(appSecret(t.config.secretKey, appId)).verify(
      request?.body ?? '',
      request?.headers as Record<string, string>,
    ) as { type: string; data: { event: { total: number } } };
    expect(message.type).toBe('order.created');
    expect(message.data.event.total).toBe(12);
    expect(() =>
      new Webhook(appSecret(t.config.secretKey, appId + 1)).verify(
        request?.body ?? '',
        request?.headers as Record<string, string>,
      ),
    ).toThrow();
  });

  it('retries a 500 on the schedule, honours Retry-After, times out a slow receiver, and replays', async () => {
    const appId = await addApp(owner, 'Flaky');
    const failing = await endpointFor(appId, '/fail', ['flaky.fail']);
    const busy = await endpointFor(appId, '/busy', ['flaky.busy']);
    const slow = await endpointFor(appId, '/slow', ['flaky.slow']);
    await postEvent(appId, { type: 'flaky.fail' }, 'msg_fl_1');
    await postEvent(appId, { type: 'flaky.busy' }, 'msg_fl_2');
    await postEvent(appId, { type: 'flaky.slow' }, 'msg_fl_3');
    const gap = (d: { nextAttemptAt: string | null; log: { attemptedAt: string }[] }) =>
      (Date.parse(d.nextAttemptAt ?? '') - Date.parse(d.log[0].attemptedAt)) / 1000;

    const [fail] = await until(
      'the first attempt',
      () => deliveriesOf(failing),
      (d) => d[0]?.log.length === 1,
    );
    expect(fail.status).toBe('pending');
    expect(fail.log[0]).toMatchObject({ statusCode: 500, responseExcerpt: 'internal error at the receiver' });
    expect(gap(fail)).toBe(5);
    // The second attempt (5 s later) fails too: the next waits 5 minutes.
    const [second] = await until(
      'the second attempt',
      () => deliveriesOf(failing),
      (d) => d[0]?.log.length === 2,
    );
    expect((Date.parse(second.nextAttemptAt ?? '') - Date.parse(second.log[1].attemptedAt)) / 1000).toBe(300);

    const [wait] = await until(
      'the busy attempt',
      () => deliveriesOf(busy),
      (d) => d[0]?.log.length === 1,
    );
    expect(wait.log[0].statusCode).toBe(503);
    expect(gap(wait)).toBe(120);

    const [timedOut] = await until(
      'the slow attempt',
      () => deliveriesOf(slow),
      (d) => d[0]?.log.length === 1,
    );
    expect(timedOut.log[0].statusCode).toBeNull();
    expect(timedOut.log[0].error).toBe('The remote server did not answer in time.');

    // Replay: the same webhook id again, as a new delivery.
    const replay = await owner.client.post(`/api/webhook-deliveries/${fail.id}/replay`);
    expect(replay.statusCode, replay.body).toBe(202);
    const all = await until(
      'the replay',
      () => deliveriesOf(failing),
      (d) => d.length === 2 && d[0].log.length >= 1,
    );
    expect(all[0].webhookId).toBe(fail.webhookId);
  });

  it('disables an endpoint that answers 410, and one failing for five days', async () => {
    const appId = await addApp(owner, 'Gone');
    const gone = await endpointFor(appId, '/gone', ['gone.event']);
    await postEvent(appId, { type: 'gone.event' }, 'msg_gone_1');
    await until(
      'the 410',
      () => deliveriesOf(gone),
      (d) => d[0]?.status === 'failed',
    );
    const endpoints = (await owner.client.get(`/api/webhook-endpoints?appId=${appId}`)).json();
    expect(endpoints.find((e: { id: number }) => e.id === gone)).toMatchObject({
      disabled: true,
      disabledReason: 'The endpoint answered 410 Gone.',
    });
    // Disabled: a new event is not forwarded to it.
    await postEvent(appId, { type: 'gone.event' }, 'msg_gone_2');
    expect((await deliveriesOf(gone)).length).toBe(1);

    // Five days of failures: the endpoint's failing run started long ago.
    const failing = await endpointFor(appId, '/fail', ['old.failure']);
    await db.query(
      `update ops_endpoints set failing_since = now() - interval '5 days 1 minute' where id = $1`,
      [failing],
    );
    await postEvent(appId, { type: 'old.failure' }, 'msg_old_1');
    await until(
      'the disabling',
      () => deliveriesOf(failing),
      (d) => d[0]?.status === 'failed',
    );
    const after = (await owner.client.get(`/api/webhook-endpoints?appId=${appId}`)).json();
    expect(after.find((e: { id: number }) => e.id === failing).disabledReason).toBe(
      'The endpoint failed for five days without a success.',
    );
    expect(JSON.stringify((await owner.client.get('/api/activities')).json())).toContain('was disabled');
  });

  it('deploys to every app and counts the ones that acknowledge; sends a test event; admins only', async () => {
    const other = await signUpOwner(t.app, { businessName: 'Deploy Co', plan: 'enterprise' });
    const okApp = await addApp(other, 'Deploy Ok');
    await addApp(other, 'Deploy Broken', `${base}/fail`);
    const viewer = await addMember(t.app, other, 'viewer');
    expect((await viewer.client.post('/api/deploy-webhooks')).statusCode).toBe(403);
    expect((await viewer.client.get(`/api/webhook-config/${okApp}/download`)).statusCode).toBe(403);
    const res = await other.client.post('/api/deploy-webhooks');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ total_apps: 2, successful: 1 });
    const status = (await other.client.get('/api/deployment-status')).json();
    expect(status.summary).toMatchObject({ total_apps: 2, active_apps: 1, pending_apps: 1 });
    expect(status.apps['Deploy Ok'].status).toBe('active');

    const test = await other.client.post(`/api/test-webhook/${okApp}`, {
      testData: { test_message: 'Hello from the test' },
    });
    expect(test.json()).toEqual({ success: true, app: 'Deploy Ok', status_code: 200 });
    const sent = received.filter((r) => r.path === '/app/deploy ok/api/receive'.replace(' ', '%20'));
    expect(sent.map((r) => JSON.parse(r.body).type)).toEqual(['webhook.deployed', 'webhook.test']);
    expect(JSON.parse(sent[1].body).data.test_message).toBe('Hello from the test');

    const config = await other.client.get(`/api/webhook-config/${okApp}/download`);
    expect(config.headers['content-disposition']).toContain('deploy-ok-webhook-config.json');
    expect(config.json().signing_secret).toBe(appSecret(t.config.secretKey, okApp));
    const configs = (await other.client.get('/api/webhook-configs')).json();
    expect(JSON.stringify(configs)).not.toContain('whsec_');
  });
});

describe('integration (Phase 3)', () => {
  it('probes, deploys, handshakes and becomes active on the signed acknowledgement', async () => {
    const appId = await addApp(owner, 'Integrated');
    onHandshake = async (message) => {
      const ack = await postEvent(
        message.data.app_id,
        { type: 'integration.ack', data: { nonce: message.data.nonce } },
        `msg_ack_${message.data.nonce}`,
      );
      expect(ack.statusCode).toBe(202);
    };
    const start = await owner.client.post(`/api/integrate/${appId}`);
    expect(start.statusCode, start.body).toBe(202);
    expect((await owner.client.post(`/api/integrate/${appId}`)).statusCode).toBe(409);
    const done = await until(
      'the integration',
      async () => (await owner.client.get('/api/integration-status')).json().applications.Integrated,
      (a) => a.status === 'active',
    );
    expect(done).toMatchObject({ deployment_progress: 100, error: null });
    onHandshake = null;
  });

  it('ends in error with the reason when the app is down', async () => {
    const appId = await addApp(owner, 'Unreachable', `${base}/nowhere`);
    await owner.client.post(`/api/integrate/${appId}`);
    const failed = await until(
      'the failure',
      async () => (await owner.client.get('/api/integration-status')).json().applications.Unreachable,
      (a) => a.status === 'error',
    );
    expect(failed.error).toBe('The app did not answer: HTTP 404');
    expect(failed.deployment_progress).toBe(0);
    // The reason keeps its catalogued message, nested in the error's and in the activity line's, so each
    // reader's client shows the whole line in their language (issue 10).
    expect(failed.error_message).toEqual({
      id: 'operations.appDidNotAnswer',
      values: { reason: { id: 'outbound.status', values: { status: 404 } } },
    });
    const activities = (await owner.client.get('/api/activities')).json();
    expect(
      activities.find((a: { messageId: string | null }) => a.messageId === 'activity.integrationFailed'),
    ).toMatchObject({
      description: 'Integration of Unreachable failed: The app did not answer: HTTP 404',
      values: { app: 'Unreachable', reason: failed.error_message },
    });
  });
});

describe('monitoring', () => {
  it('probes each app once per interval, even from two processes, and records status changes', async () => {
    const monitored = await signUpOwner(t.app, { businessName: 'Monitor Co', plan: 'enterprise' });
    const appId = await addApp(monitored, 'Watched');
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
      appUp = false;
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
      appUp = true;
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
      appUp = true;
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
      await watcher.client.post('/api/monitors', { appId, url: `${base}/fail`, intervalSeconds: 3600 })
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
          await db.query('select count(*) from ops_incidents where monitor_id = $1 and closed_at is null', [
            extra.id,
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
      ['POST', { appId, url: `${base}/fast`, intervalSeconds: 59 }, 'intervalSeconds'],
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
    const write = await t.app.inject({ method: 'POST', url: '/api/demo/operations/monitors', payload: {} });
    expect(write.statusCode).toBe(404);
  });
});

describe('delivery claims', () => {
  it('sends a burst in shared claims and judgements: each delivery once, a 410 endpoint disabled once', async () => {
    const appId = await addApp(owner, 'Burst Out');
    const fast = await endpointFor(appId, '/fast', ['burst.out']);
    const gone = await endpointFor(appId, '/gone', ['burst.out']);
    const count = 30;
    const answers = await Promise.all(
      Array.from({ length: count }, (_, i) => postEvent(appId, { type: 'burst.out' }, `msg_bo_${i}`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(count).fill(202));
    const finished = async () =>
      (
        await db.query(
          `select endpoint_id::int as endpoint, status, count(*)::int as n from ops_deliveries
           where endpoint_id = any($1) and status in ('succeeded', 'failed') group by 1, 2 order by 1, 2`,
          [[fast, gone]],
        )
      ).rows;
    expect(
      await until('the burst', finished, (rows) => rows.reduce((n, r) => n + r.n, 0) === 2 * count),
    ).toEqual([
      { endpoint: fast, status: 'succeeded', n: count },
      { endpoint: gone, status: 'failed', n: count },
    ]);
    // Each of the fast endpoint's deliveries was sent once and logged once, by fewer commits than attempts.
    const sent = received.filter(
      (r) => r.path === '/fast' && String(r.headers['webhook-id']).startsWith('msg_ev'),
    );
    const ids = (
      await db.query('select webhook_id from ops_deliveries where endpoint_id = $1', [fast])
    ).rows.map((r) => r.webhook_id);
    expect(sent.filter((r) => ids.includes(r.headers['webhook-id'] as string))).toHaveLength(count);
    const { rows } = await db.query(
      `select count(*)::int as attempts, count(distinct a.xmin::text)::int as commits
       from ops_delivery_attempts a join ops_deliveries d on d.id = a.delivery_id where d.endpoint_id = $1`,
      [fast],
    );
    expect(rows[0].attempts).toBe(count);
    expect(rows[0].commits).toBeLessThan(count);
    // Each delivery was queued in exactly one job, and the forwards of a batch of events shared theirs.
    const queued = await db.query(
      `select count(*)::int as placed, count(distinct j.id)::int as jobs
       from pgboss.job j, jsonb_array_elements_text(j.data->'deliveryIds') d(id)
       where j.name = 'ops-deliver' and d.id::int in (select id from ops_deliveries where endpoint_id = any($1))`,
      [[fast, gone]],
    );
    expect(queued.rows[0].placed).toBe(2 * count);
    expect(queued.rows[0].jobs).toBeLessThan(2 * count);
    // However many of its attempts found it gone, the endpoint was disabled once and the workspace told once.
    const told = await db.query(
      `select count(*)::int as n from activities where type = 'webhook_endpoint_disabled' and description like $1`,
      [`%${base}/gone%Burst Out%`],
    );
    expect(told.rows[0].n).toBe(1);
  });

  it('never sends one attempt twice when two workers take the same delivery', async () => {
    const appId = await addApp(owner, 'Claimed');
    const endpointId = await endpointFor(appId, '/fast', ['claim.event']);
    await postEvent(appId, { type: 'claim.event' }, 'msg_claim_1');
    const [delivery] = await until(
      'the delivery',
      () => deliveriesOf(endpointId),
      (d) => d[0]?.status === 'succeeded',
    );
    // Both workers try the finished delivery again at once: neither sends.
    const results = await Promise.all([
      attemptDelivery(t.app.deps, owner.workspaceId, delivery.id),
      attemptDelivery(t.app.deps, owner.workspaceId, delivery.id),
    ]);
    expect(results.map((r) => r.sent)).toEqual([false, false]);
    expect(received.filter((r) => r.headers['webhook-id'] === delivery.webhookId)).toHaveLength(1);
  });
});
