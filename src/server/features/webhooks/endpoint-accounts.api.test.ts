import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApp, postEvent, until } from '../../../../test/app-receiver.js';
import { type LocalSmtpServer, startLocalSmtpServer } from '../../../../test/local-smtp-server.js';
import { addMember, type SignedUp, signUpOwner, useTestApp } from '../../../../test/test-app.js';
import { attemptDelivery } from './deliveries.js';

const hour = 3_600_000;
const day = 24 * hour;
/** The simulated clock runs with the real one, moved on by `offset` (pg-boss's own timing stays real). */
let offset = 0;
const simulated = () => new Date(Date.now() + offset);

/**
 * A receiver whose answer the test sets. A failure asks for its retry a day later (Retry-After), so the
 * retries never run during the test and each judgement comes from a new event's first attempt.
 */
const receiver = {
  status: 200,
  /** When set, answers for its path instead of `status` (the ordered-delivery test's record). */
  answer: null as ((body: string) => number) | null,
  received: [] as { path: string; body: string; status: number; webhookId: string }[],
};
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    const path = req.url ?? '/';
    const status = path === '/ordered' && receiver.answer ? receiver.answer(body) : receiver.status;
    receiver.received.push({ path, body, status, webhookId: String(req.headers['webhook-id']) });
    res.writeHead(status, { 'content-type': 'text/plain', 'retry-after': '86400' });
    res.end(status < 300 ? 'ok' : `receiver error ${status}`);
  });
});
let base: string;
let smtp: LocalSmtpServer;
let db: pg.Client;

beforeAll(async () => {
  smtp = await startLocalSmtpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
// Its own database and workers: its jobs run on its clock, and no other file's workers take them.
const t = useTestApp(() => ({
  workers: true,
  ownDatabase: true,
  clock: simulated,
  env: { SMTP_URL: smtp.url, OUTBOUND_TIMEOUT_MS: '2000' },
}));
beforeAll(async () => {
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await smtp?.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let owner: SignedUp;
let other: SignedUp;
let appId: number;
let acme: { id: number; noraId: number; bobId: number };
let otherCompanyId: number;

async function companyWithContacts(who: SignedUp, company: string, people: [string, string][]) {
  const ids: number[] = [];
  for (const [firstName, email] of people) {
    const res = await who.client.post('/api/contacts', { firstName, lastName: company, email, company });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json().id);
  }
  const [found] = (await who.client.get(`/api/companies?q=${encodeURIComponent(company)}`)).json();
  return { id: found.id as number, contactIds: ids };
}

beforeAll(async () => {
  owner = await signUpOwner(t.app, { businessName: 'Hooks Co', plan: 'enterprise' });
  other = await signUpOwner(t.app, { businessName: 'Other Hooks', plan: 'enterprise' });
  appId = await addApp(owner, 'Shop', `${base}/app`);
  const made = await companyWithContacts(owner, 'Acme', [
    ['Nora', 'nora@acme.test'],
    ['Bob', 'bob@acme.test'],
  ]);
  acme = { id: made.id, noraId: made.contactIds[0], bobId: made.contactIds[1] };
  otherCompanyId = (await companyWithContacts(other, 'Foreign', [['Fay', 'fay@foreign.test']])).id;
});

const create = (who: SignedUp, body: Record<string, unknown>) =>
  who.client.post('/api/webhook-endpoints', { appId, url: `${base}/hook`, events: [], ...body });

describe('endpoints linked to accounts', () => {
  it('links an endpoint to a company and its notice contact: admins only, checked, isolated', async () => {
    const created = await create(owner, { events: ['order.updated'], companyId: acme.id });
    expect(created.statusCode, created.body).toBe(201);
    const endpoint = created.json();
    expect(endpoint).toMatchObject({ companyId: acme.id, noticeContactId: null, companyName: 'Acme' });

    const admin = await addMember(t.app, owner, 'admin');
    const member = await addMember(t.app, owner, 'member');
    const viewer = await addMember(t.app, owner, 'viewer');
    for (const who of [member, viewer]) {
      expect(
        (await who.client.patch(`/api/webhook-endpoints/${endpoint.id}`, { companyId: null })).statusCode,
      ).toBe(403);
      expect((await create(who as SignedUp, {})).statusCode).toBe(403);
    }
    const linked = await admin.client.patch(`/api/webhook-endpoints/${endpoint.id}`, {
      noticeContactId: acme.noraId,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ companyId: acme.id, noticeContactId: acme.noraId });

    // Another workspace's company, a company that does not exist, a contact of no such company: 400, no change.
    for (const [body, field] of [
      [{ companyId: otherCompanyId }, 'companyId'],
      [{ companyId: 9_000_000_000 }, 'companyId'],
      [{ companyId: 'x' }, 'companyId'],
      [{ noticeContactId: 9_000_000_000 }, 'noticeContactId'],
      [{ companyId: null, noticeContactId: acme.noraId }, 'noticeContactId'],
    ] as const) {
      const res = await owner.client.patch(`/api/webhook-endpoints/${endpoint.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().issues[0].path).toBe(field);
    }
    const foreignContact = await create(owner, {
      companyId: acme.id,
      noticeContactId: (await other.client.get(`/api/companies/${otherCompanyId}`)).json().contacts[0].id,
    });
    expect(foreignContact.statusCode).toBe(400);
    expect(foreignContact.json().issues[0].path).toBe('noticeContactId');
    const unchanged = (await owner.client.get(`/api/webhook-endpoints?companyId=${acme.id}`)).json();
    expect(unchanged.map((e: { id: number }) => e.id)).toEqual([endpoint.id]);
    expect(unchanged[0]).toMatchObject({ companyId: acme.id, noticeContactId: acme.noraId });

    // The other workspace sees neither the endpoint nor the company.
    expect(
      (await other.client.patch(`/api/webhook-endpoints/${endpoint.id}`, { companyId: null })).statusCode,
    ).toBe(404);
    expect((await other.client.get(`/api/webhook-endpoints?companyId=${acme.id}`)).json()).toEqual([]);
    expect((await other.client.get(`/api/companies/${acme.id}`)).statusCode).toBe(404);
    const company = (await viewer.client.get(`/api/companies/${acme.id}`)).json();
    expect(company).toMatchObject({ id: acme.id, name: 'Acme' });
    expect(company.contacts.map((c: { firstName: string }) => c.firstName).sort()).toEqual(['Bob', 'Nora']);

    // Another company without a contact named: the old company's contact is unlinked with it.
    const moved = await owner.client.patch(`/api/webhook-endpoints/${endpoint.id}`, { companyId: null });
    expect(moved.json()).toMatchObject({ companyId: null, noticeContactId: null, companyName: null });
    await owner.client.delete(`/api/webhook-endpoints/${endpoint.id}`);
  });

  it('edits the event filter: the endpoint receives exactly the types it names', async () => {
    const endpoint = (await create(owner, { events: ['filter.a'] })).json();
    const bad = await owner.client.patch(`/api/webhook-endpoints/${endpoint.id}`, { events: ['has space'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('events.0');
    const changed = await owner.client.patch(`/api/webhook-endpoints/${endpoint.id}`, {
      events: ['filter.b', 'filter.c'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().events).toEqual(['filter.b', 'filter.c']);
    receiver.status = 200;
    for (const [n, type] of ['filter.a', 'filter.b', 'filter.c'].entries())
      expect((await postEvent(t, appId, { type }, `msg_filter_${n}`)).statusCode).toBe(202);
    const delivered = await until(
      'the filtered deliveries',
      async () =>
        (
          await db.query(
            'select event_type, status from ops_deliveries where endpoint_id = $1 order by event_type',
            [endpoint.id],
          )
        ).rows,
      (rows) => rows.length === 2 && rows.every((r) => r.status === 'succeeded'),
    );
    expect(delivered.map((r) => r.event_type)).toEqual(['filter.b', 'filter.c']);
    // An empty filter forwards nothing.
    expect(
      (await owner.client.patch(`/api/webhook-endpoints/${endpoint.id}`, { events: [] })).json().events,
    ).toEqual([]);
    await owner.client.delete(`/api/webhook-endpoints/${endpoint.id}`);
  });
});

describe('delivery health', () => {
  it('reads success rate, p95 latency, backlog and last failure over seven days, as computed by hand', async () => {
    const endpoint = (await create(owner, { companyId: acme.id })).json();
    const at = simulated().getTime();
    const insert = async (createdAt: number, status: string, attempt: [number, number, string] | null) => {
      const { rows } = await db.query(
        `insert into ops_deliveries (workspace_id, endpoint_id, webhook_id, event_type, body, status, attempts,
           created_at, next_attempt_at)
         values ($1, $2, $3, 'health.test', '{}', $4, $5, $6, $6) returning id`,
        [
          owner.workspaceId,
          endpoint.id,
          `msg_h_${createdAt}_${status}`,
          status,
          attempt ? 1 : 0,
          new Date(createdAt),
        ],
      );
      if (attempt)
        await db.query(
          `insert into ops_delivery_attempts (workspace_id, delivery_id, attempted_at, status_code, duration_ms,
             response_excerpt) values ($1, $2, $3, $4, $5, $6)`,
          [owner.workspaceId, rows[0].id, new Date(createdAt + 1000), attempt[0], attempt[1], attempt[2]],
        );
    };
    // In the window: 15 succeeded (10…150 ms), 4 failed (160…190 ms), 1 waiting after a 503 (200 ms).
    for (let i = 1; i <= 20; i++) {
      const createdAt = at - day + i * 60_000;
      if (i <= 15) await insert(createdAt, 'succeeded', [200, 10 * i, 'ok']);
      else if (i <= 19) await insert(createdAt, 'failed', [500, 10 * i, `error ${i}`]);
      else await insert(createdAt, 'pending', [503, 10 * i, 'busy']);
    }
    // Before the window: a slow failure (not counted) and a delivery still waiting (backlog is now, any age).
    await insert(at - 8 * day, 'failed', [500, 10_000, 'old']);
    await insert(at - 8 * day, 'pending', null);

    const [read] = (await owner.client.get(`/api/webhook-endpoints?companyId=${acme.id}`)).json();
    expect(read.id).toBe(endpoint.id);
    expect(read.health).toEqual({
      windowDays: 7,
      succeeded: 15,
      failed: 4,
      successRate: 15 / 19,
      // Nearest rank: the 19th of the 20 durations in order (ceil(0.95 × 20) = 19).
      p95LatencyMs: 190,
      backlog: 2,
      lastFailure: {
        at: new Date(at - day + 20 * 60_000 + 1000).toISOString(),
        statusCode: 503,
        excerpt: 'busy',
      },
    });
    // An endpoint without deliveries: no rate, no latency.
    const fresh = (await create(owner, {})).json();
    expect(fresh.health).toMatchObject({
      successRate: null,
      p95LatencyMs: null,
      backlog: 0,
      lastFailure: null,
    });

    // One statement, served by the (endpoint, created_at) index rather than the whole log.
    const plan = await db.query(
      `explain select count(*) from ops_deliveries d where d.endpoint_id = $1 and d.created_at >= $2`,
      [endpoint.id, new Date(at - 7 * day)],
    );
    expect(JSON.stringify(plan.rows)).toContain('ops_deliveries_endpoint_created_idx');
    await owner.client.delete(`/api/webhook-endpoints/${endpoint.id}`);
    await owner.client.delete(`/api/webhook-endpoints/${fresh.id}`);
  });
});

describe('a day of failures', () => {
  const tasksOf = async (endpointId: number) =>
    (
      await db.query(
        `select id::int, status, owner_id::int as owner, company_id::int as company, contact_id::int as contact, title
         from tasks where workspace_id = $1 and cause_key = $2`,
        [owner.workspaceId, `webhook-endpoint:${endpointId}`],
      )
    ).rows;
  const noticeJobs = async () =>
    (await db.query(`select count(*)::int as n from pgboss.job where name = 'webhooks.endpoint-notice'`))
      .rows[0].n as number;
  const mailsTo = (email: string) => smtp.received.filter((m) => JSON.stringify(m.to).includes(email));
  let n = 0;
  /** An event the endpoint takes (or fails) at the simulated time; waits for its first attempt's judgement. */
  async function deliverAt(endpointId: number, at: number) {
    offset = at;
    const webhookId = `msg_day_${n++}`;
    expect((await postEvent(t, appId, { type: 'order.updated' }, webhookId)).statusCode).toBe(202);
    await until(
      `the attempt of ${webhookId}`,
      async () =>
        (
          await db.query(
            `select d.status, d.attempts from ops_deliveries d join ops_events e on e.id = d.event_id
             where e.webhook_id = $1 and d.endpoint_id = $2`,
            [webhookId, endpointId],
          )
        ).rows[0],
      (row) => row !== undefined && row.attempts === 1 && row.status !== 'sending',
    );
  }

  it("gives the account's owner a task and the contact one notice, once; closes it on success; disables at five days", async () => {
    const endpoint = (
      await create(owner, { events: ['order.updated'], companyId: acme.id, noticeContactId: acme.noraId })
    ).json();
    receiver.status = 500;
    await deliverAt(endpoint.id, 0);
    await deliverAt(endpoint.id, 23 * hour);
    expect(await tasksOf(endpoint.id)).toEqual([]);
    expect(await noticeJobs()).toBe(0);

    // Past a day since the first failure: one task, to the workspace's owner (Nora has no owner of her own
    // in this workspace but the one who created her, who is the owner), and one notice to Nora.
    await deliverAt(endpoint.id, day + 60_000);
    const [task] = await tasksOf(endpoint.id);
    expect(task).toMatchObject({
      status: 'open',
      owner: owner.userId,
      company: acme.id,
      contact: acme.noraId,
      title: 'Webhook endpoint of Acme failing for 24 hours',
    });
    const notice = await smtp.nextMailTo('nora@acme.test');
    expect(notice.subject).toBe('Webhook deliveries to your endpoint are failing');
    expect(notice.text).toContain(`${base}/hook`);
    expect(notice.text).toContain('HTTP 500');

    // More failures the same run: no second task, no second notice.
    await deliverAt(endpoint.id, 30 * hour);
    expect(await tasksOf(endpoint.id)).toHaveLength(1);
    expect(await noticeJobs()).toBe(1);
    await until(
      'the notice job to finish',
      async () =>
        (await db.query(`select state from pgboss.job where name = 'webhooks.endpoint-notice'`)).rows[0]
          .state,
      (state) => state === 'completed',
    );
    expect(mailsTo('nora@acme.test')).toHaveLength(1);
    expect(mailsTo('bob@acme.test')).toHaveLength(0);

    // A success ends the run: the task is done, the endpoint is no longer failing.
    receiver.status = 200;
    await deliverAt(endpoint.id, 31 * hour);
    expect((await tasksOf(endpoint.id))[0].status).toBe('done');
    const healthy = (await owner.client.get(`/api/webhook-endpoints?companyId=${acme.id}`)).json();
    expect(healthy.find((e: { id: number }) => e.id === endpoint.id).failingSince).toBeNull();

    // A new run: a day later the same task reopens (no second one) and Nora is told again; five days after
    // the run's first failure the endpoint is disabled as before.
    receiver.status = 500;
    const run = 32 * hour;
    await deliverAt(endpoint.id, run);
    await deliverAt(endpoint.id, run + day + 60_000);
    const reopened = await tasksOf(endpoint.id);
    expect(reopened).toHaveLength(1);
    expect(reopened[0]).toMatchObject({ id: task.id, status: 'open' });
    await until(
      'the second notice',
      async () => mailsTo('nora@acme.test').length,
      (count) => count === 2,
    );
    await deliverAt(endpoint.id, run + 5 * day + 60_000);
    const [disabled] = (await owner.client.get(`/api/webhook-endpoints?companyId=${acme.id}`)).json();
    expect(disabled).toMatchObject({
      id: endpoint.id,
      disabled: true,
      disabledReason: 'The endpoint failed for five days without a success.',
    });
    expect(await noticeJobs()).toBe(2);
  });

  it('names no contact: the task alone, and no mail', async () => {
    const endpoint = (await create(owner, { events: ['order.updated'] })).json();
    const jobs = await noticeJobs();
    receiver.status = 500;
    offset = 40 * day;
    await deliverAt(endpoint.id, 40 * day);
    await deliverAt(endpoint.id, 41 * day + 60_000);
    const [task] = await tasksOf(endpoint.id);
    expect(task).toMatchObject({ status: 'open', owner: owner.userId, company: null, contact: null });
    expect(task.title).toBe('Webhook endpoint of Shop failing for 24 hours');
    expect(await noticeJobs()).toBe(jobs);
  });
});

describe('ordered delivery per entity', () => {
  it('sends 1,000 updates to one record strictly in order, a later one waiting while an earlier retries, other records in parallel', async () => {
    offset = 0;
    const endpoint = (
      await create(owner, { url: `${base}/ordered`, events: ['record.updated'], ordered: true })
    ).json();
    expect(endpoint.ordered).toBe(true);
    const seqOf = (body: string) => JSON.parse(body).data.event as { id: string; seq: number };
    // The record's first update fails (its retry is a day away) until the test lets it through.
    let holdFirst = true;
    receiver.answer = (body) => {
      const { id, seq } = seqOf(body);
      return id === 'rec-1' && seq === 0 && holdFirst ? 503 : 200;
    };
    const count = 1_000;
    for (let seq = 0; seq < count; seq++) {
      const res = await postEvent(
        t,
        appId,
        { type: 'record.updated', data: { id: 'rec-1', seq } },
        `msg_rec1_${seq}`,
      );
      expect(res.statusCode).toBe(202);
      if (seq % 100 === 0)
        await postEvent(
          t,
          appId,
          { type: 'record.updated', data: { id: `rec-other-${seq}`, seq } },
          `msg_other_${seq}`,
        );
    }
    const okFor = (id: string) =>
      receiver.received
        .filter((r) => r.path === '/ordered' && r.status === 200 && seqOf(r.body).id === id)
        .map((r) => seqOf(r.body).seq);
    // Other records are not held up by rec-1's retry: each of theirs arrives.
    await until(
      'the other records',
      async () => receiver.received.filter((r) => r.path === '/ordered' && r.status === 200).length,
      (n) => n === 10,
    );
    const rows = async () =>
      (
        await db.query(
          `select id::int, status, attempts, ordering_key from ops_deliveries where endpoint_id = $1 and ordering_key = 'rec-1'
           order by id`,
          [endpoint.id],
        )
      ).rows;
    const held = await rows();
    expect(held).toHaveLength(count);
    expect(held[0]).toMatchObject({ status: 'pending', attempts: 1 });
    // Every later update of rec-1 waits, never attempted, while the first is retrying.
    expect(held.slice(1).every((d) => d.status === 'pending' && d.attempts === 0)).toBe(true);
    expect(okFor('rec-1')).toEqual([]);

    // The retry is due and succeeds: the rest follow, one after another, in order.
    holdFirst = false;
    await db.query('update ops_deliveries set next_attempt_at = now() where id = $1', [held[0].id]);
    await attemptDelivery(t.app.deps, owner.workspaceId, held[0].id);
    await until(
      'every update of rec-1',
      async () => okFor('rec-1').length,
      (n) => n === count,
      // 1,000 deliveries one after another: minutes on a loaded CI machine, seconds alone.
      240,
    );
    expect(okFor('rec-1')).toEqual(Array.from({ length: count }, (_, i) => i));
    const done = await rows();
    expect(done.every((d) => d.status === 'succeeded')).toBe(true);
    // Each delivered once: as many distinct webhook ids as successful requests.
    const sent = receiver.received.filter((r) => r.path === '/ordered' && r.status === 200);
    expect(new Set(sent.map((r) => r.webhookId)).size).toBe(sent.length);
    receiver.answer = null;
  }, 300_000);
});
