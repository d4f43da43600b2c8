import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppReceiver,
  addApp as addEcosystemApp,
  postEvent as postSignedEvent,
  startAppReceiver,
  until,
} from '../../../../test/app-receiver.js';
import { addMember, type SignedUp, signUpOwner, useTestApp } from '../../../../test/test-app.js';
import { attemptDelivery } from './deliveries.js';
import { appSecret, signedHeaders } from './signing.js';

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
/** Posts an event to the app's inbound address as the app would: signed with its secret (or `secret`). */
const postEvent = (appId: number, event: unknown, webhookId: string, secret?: string) =>
  postSignedEvent(t, appId, event, webhookId, secret);

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
    const request = apps.received.find(
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
    const sent = apps.received.filter((r) => r.path === '/app/deploy ok/api/receive'.replace(' ', '%20'));
    expect(sent.map((r) => JSON.parse(r.body).type)).toEqual(['webhook.deployed', 'webhook.test']);
    expect(JSON.parse(sent[1].body).data.test_message).toBe('Hello from the test');

    const config = await other.client.get(`/api/webhook-config/${okApp}/download`);
    expect(config.headers['content-disposition']).toContain('deploy-ok-webhook-config.json');
    expect(config.json().signing_secret).toBe(appSecret(t.config.secretKey, okApp));
    const configs = (await other.client.get('/api/webhook-configs')).json();
    expect(JSON.stringify(configs)).not.toContain('whsec_');
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
    const sent = apps.received.filter(
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
    expect(apps.received.filter((r) => r.headers['webhook-id'] === delivery.webhookId)).toHaveLength(1);
  });
});
