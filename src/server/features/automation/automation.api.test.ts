import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  addMember,
  createTestApp,
  type SignedUp,
  signUpOwner,
  type TestApp,
  uniqueEmail,
} from '../../../../test/test-app.js';
import { identifyVisitor } from '../analytics/index.js';
import { signedHeaders } from '../webhooks/signing.js';
import { sweepAutomation } from './jobs.js';

const day = 86_400_000;
/** A clock the test moves by hand: the app and its workers read it, nothing sleeps. */
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

let t: TestApp;
let owner: SignedUp;
let db: pg.Client;
beforeAll(async () => {
  // Its own database: its workers run every queue's jobs with a clock 30 days ahead, which in the shared
  // database would publish other files' scheduled content and fire their waits early.
  t = await createTestApp({ workers: true, clock, ownDatabase: true });
  owner = await signUpOwner(t.app);
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
});
afterAll(async () => {
  await db.end();
  await t?.close();
});

/** The owner's session, now talking to the current app. */
function reconnectOwner() {
  const client = new ApiClient(t.app, owner.client.ip);
  client.cookie = owner.client.cookie;
  owner.client = client;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const runsOf = async (client: SignedUp['client'], workflowId: number) =>
  (await client.get(`/api/workflows/${workflowId}/runs`)).json() as {
    id: number;
    contactId: number | null;
    status: string;
    version: number;
    failureReason: string | null;
    steps: { type: string; status: string; detail: string | null }[];
  }[];

const nurture = {
  name: 'Nurture new leads',
  description: 'Tags, waits 30 days, then qualifies',
  status: 'active',
  trigger: { type: 'contact_created' },
  conditions: [{ field: 'status', op: 'is', value: 'lead' }],
  steps: [
    { type: 'add_tag', tag: 'nurtured' },
    { type: 'wait', amount: 30, unit: 'days' },
    { type: 'create_note', body: 'Thirty days on' },
    { type: 'update_field', field: 'status', value: 'qualified' },
  ],
};

describe('workflows API', () => {
  it('lists id, name, description and status; admins and owners write, members and viewers only read', async () => {
    const member = await addMember(t.app, owner, 'member');
    const admin = await addMember(t.app, owner, 'admin');
    const denied = await member.client.post('/api/workflows', { ...nurture, status: 'draft' });
    expect(denied.statusCode).toBe(403);
    const created = await admin.client.post('/api/workflows', {
      ...nurture,
      name: 'Draft one',
      status: 'draft',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const list = (await member.client.get('/api/workflows')).json();
    expect(list).toContainEqual({ id, name: 'Draft one', description: nurture.description, status: 'draft' });
    expect((await member.client.patch(`/api/workflows/${id}`, { status: 'active' })).statusCode).toBe(403);
    expect((await member.client.delete(`/api/workflows/${id}`)).statusCode).toBe(403);
    expect((await admin.client.delete(`/api/workflows/${id}`)).statusCode).toBe(204);
    expect((await admin.client.get(`/api/workflows/${id}`)).statusCode).toBe(404);
  });

  it('refuses a bad definition with a 400 naming the field, and stores nothing', async () => {
    const before = (await owner.client.get('/api/workflows')).json().length;
    const noSteps = await owner.client.post('/api/workflows', { ...nurture, steps: [] });
    expect(noSteps.statusCode).toBe(400);
    expect(noSteps.json().message).toContain('steps');
    const badStatus = await owner.client.post('/api/workflows', {
      ...nurture,
      steps: [{ type: 'update_field', field: 'status', value: 'vip' }],
    });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().issues[0].path).toBe('steps.0.value');
    const badWait = await owner.client.post('/api/workflows', {
      ...nurture,
      steps: [{ type: 'wait', amount: -1, unit: 'days' }],
    });
    expect(badWait.statusCode).toBe(400);
    expect((await owner.client.get('/api/workflows')).json().length).toBe(before);
  });

  it('runs a 30-day wait to the end under a controlled clock across a restart, once per contact', async () => {
    const workflow = (await owner.client.post('/api/workflows', nurture)).json();
    const email = uniqueEmail('lead');
    const contact = (
      await owner.client.post('/api/contacts', { firstName: 'Lea', lastName: 'Lead', email })
    ).json();
    // A contact that does not meet the condition starts nothing.
    await owner.client.post('/api/contacts', {
      firstName: 'Cus',
      email: uniqueEmail('c'),
      status: 'customer',
    });

    const [waiting] = await until(
      () => runsOf(owner.client, workflow.id),
      (runs) => runs[0]?.status === 'waiting',
    );
    expect((await runsOf(owner.client, workflow.id)).length).toBe(1);
    // The wait is a scheduled job in the queue, due in 30 days, not a timer.
    const wake = await db.query(
      `select start_after from pgboss.job where name = 'automation.wake' and data->>'runId' = $1`,
      [String(waiting.id)],
    );
    expect(wake.rowCount).toBe(1);
    expect(new Date(wake.rows[0].start_after).getTime() - Date.now()).toBeGreaterThan(29 * day);
    const tagged = (await owner.client.get(`/api/contacts/${contact.id}`)).json();
    expect(tagged.contact.tags).toContain('nurtured');

    // Editing the active workflow makes version 2; the waiting run stays on version 1.
    const edited = await owner.client.patch(`/api/workflows/${workflow.id}`, {
      steps: [...nurture.steps, { type: 'add_tag', tag: 'v2' }],
    });
    expect(edited.json().version).toBe(2);

    // Restart: a new process whose clock is 30 days later; its sweep finds the wait due.
    await t.close();
    offsetMs = 30 * day + 60_000;
    t = await createTestApp({ workers: true, clock, databaseUrl: t.ownerUrl });
    reconnectOwner();
    await sweepAutomation(t.app.deps);
    const [done] = await until(
      () => runsOf(owner.client, workflow.id),
      (runs) => runs[0]?.status === 'completed',
    );
    expect(done.version).toBe(1);
    expect(done.steps.map((s) => s.type)).toEqual(['add_tag', 'wait', 'create_note', 'update_field']);
    const detail = (await owner.client.get(`/api/contacts/${contact.id}`)).json();
    expect(detail.contact.status).toBe('qualified');
    expect(detail.contact.tags).not.toContain('v2');
    const titles = detail.timeline.map((e: { title: string }) => e.title);
    expect(titles).toContain('Thirty days on');
    expect(titles).toContain('Workflow “Nurture new leads” completed');
    const contactRuns = (await owner.client.get(`/api/contacts/${contact.id}/workflow-runs`)).json();
    expect(contactRuns.map((r: { id: number }) => r.id)).toEqual([done.id]);
    // The workflow's own status change started nothing else (no loops), and figures now measure it.
    const metrics = (await owner.client.get('/api/automation/metrics')).json();
    expect(metrics.overall).toBe(100);
    expect(metrics.performance.runs).toEqual({ done: 1, total: 1 });
    expect(metrics.leadProcessing).toBeNull(); // both contacts were created 30 days before this clock
    expect((await owner.client.get('/api/dashboard/stats')).json().automationScore).toBe(100);
    await owner.client.patch(`/api/workflows/${workflow.id}`, { status: 'paused' });
  });

  it('starts status-change and tag workflows once per event, and calls a webhook through the guarded client', async () => {
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    try {
      const onCustomer = (
        await owner.client.post('/api/workflows', {
          name: 'Welcome customers',
          status: 'active',
          trigger: { type: 'status_changed', to: 'customer' },
          steps: [
            { type: 'webhook', url },
            { type: 'notify_member', message: '{{firstName}} became a customer' },
          ],
        })
      ).json();
      const onTag = (
        await owner.client.post('/api/workflows', {
          name: 'VIP',
          status: 'active',
          trigger: { type: 'tag_added', tag: 'vip' },
          steps: [{ type: 'create_note', body: 'VIP treatment' }],
        })
      ).json();
      const contact = (
        await owner.client.post('/api/contacts', { firstName: 'Cam', email: uniqueEmail('cam') })
      ).json();
      await owner.client.patch(`/api/contacts/${contact.id}`, { status: 'customer', tags: ['vip'] });
      await owner.client.patch(`/api/contacts/${contact.id}`, { notes: 'unrelated edit' });
      const [run] = await until(
        () => runsOf(owner.client, onCustomer.id),
        (runs) => runs[0]?.status === 'completed',
      );
      expect(run.steps.map((s) => s.type)).toEqual(['webhook', 'notify_member']);
      expect(received).toHaveLength(1);
      expect(received[0].headers['idempotency-key']).toBe(`run-${run.id}-0`);
      expect(JSON.parse(received[0].body).contact.id).toBe(contact.id);
      await until(
        () => runsOf(owner.client, onTag.id),
        (runs) => runs[0]?.status === 'completed',
      );
      expect(await runsOf(owner.client, onTag.id)).toHaveLength(1);
      const activities = (await owner.client.get('/api/activities')).json();
      expect(activities.map((a: { description: string }) => a.description)).toContain(
        'Welcome customers: Cam became a customer',
      );
    } finally {
      server.close();
    }
  });

  it('starts workflows when an email is received or a date is reached, and creates tasks', async () => {
    const onEmail = (
      await owner.client.post('/api/workflows', {
        name: 'Answer emails',
        status: 'active',
        trigger: { type: 'email_received' },
        steps: [{ type: 'create_task', title: 'Answer {{firstName}}', dueInDays: 2 }],
      })
    ).json();
    const onDate = (
      await owner.client.post('/api/workflows', {
        name: 'Three days after the last contact',
        status: 'active',
        trigger: { type: 'date_reached', field: 'lastContactedAt', days: 3 },
        steps: [{ type: 'add_tag', tag: 'follow-up' }],
      })
    ).json();
    const badDate = await owner.client.post('/api/workflows', {
      name: 'Bad',
      trigger: { type: 'date_reached', field: 'birthday', days: 3 },
      steps: [{ type: 'add_tag', tag: 'x' }],
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().issues[0].path).toBe('trigger.field');

    // An inbound email (the one processing path of typed, IMAP and captured mail) starts one run.
    const from = uniqueEmail('wren');
    const email = {
      messageId: `<question-${from}>`,
      fromEmail: from,
      toEmail: owner.email,
      subject: 'A question',
      body: 'Hello',
      direction: 'inbound',
      receivedAt: clock().toISOString(),
    };
    expect((await owner.client.post('/api/emails/process', email)).statusCode).toBe(202);
    const [run] = await until(
      () => runsOf(owner.client, onEmail.id),
      (runs) => runs[0]?.status === 'completed',
    );
    expect(run.steps.map((s) => [s.type, s.status])).toEqual([['create_task', 'completed']]);
    // The step made a real task about the contact, for the workspace's owner (the contact has none).
    const made = (await owner.client.get('/api/tasks?owner=all&q=Answer')).json().tasks;
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      status: 'open',
      ownerId: owner.userId,
      contactName: expect.any(String),
      reminderState: 'pending',
    });
    expect(made[0].contactId).toBe(run.contactId);
    expect(Date.parse(made[0].dueAt) - clock().getTime()).toBeGreaterThan(2 * day - 60_000);
    expect(run.steps[0].detail).toBe(`task ${made[0].id}, due ${made[0].dueAt.slice(0, 10)}`);
    // The same email again is the same email: no second run.
    expect((await owner.client.post('/api/emails/process', email)).statusCode).toBe(202);
    await sweepAutomation(t.app.deps);
    expect(await runsOf(owner.client, onEmail.id)).toHaveLength(1);

    // Its sender was last contacted now; three days later the sweep enters them, once.
    expect(await runsOf(owner.client, onDate.id)).toHaveLength(0);
    offsetMs += 3 * day + 60_000;
    await sweepAutomation(t.app.deps);
    await sweepAutomation(t.app.deps);
    const dated = await until(
      () => runsOf(owner.client, onDate.id),
      (runs) => runs.length > 0 && runs.every((r) => r.status === 'completed'),
    );
    expect(dated).toHaveLength(1);
    expect(dated[0].steps.map((s) => s.type)).toEqual(['add_tag']);
    await owner.client.patch(`/api/workflows/${onEmail.id}`, { status: 'paused' });
    await owner.client.patch(`/api/workflows/${onDate.id}`, { status: 'paused' });
  });

  it('starts a workflow when a connected app sends an event naming a contact by email', async () => {
    const onForm = (
      await owner.client.post('/api/workflows', {
        name: 'Form filled in',
        status: 'active',
        trigger: { type: 'app_event', eventType: 'form.submitted' },
        steps: [{ type: 'add_tag', tag: 'form-lead' }],
      })
    ).json();
    const email = uniqueEmail('former');
    const contact = (await owner.client.post('/api/contacts', { firstName: 'For', email })).json();
    const app = (
      await owner.client.post('/api/ecosystem/apps', {
        name: 'Forms App',
        category: 'business',
        url: 'https://forms.example/site',
        type: 'B2C',
        pricing: { free: true },
        features: [],
      })
    ).json();
    const { signing_secret: secret } = (
      await owner.client.get(`/api/webhook-config/${app.id}/download`)
    ).json();
    const send = async (webhookId: string, type: string, data: Record<string, unknown>) => {
      const body = JSON.stringify({ type, data });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/webhooks/in/${app.id}`,
        headers: {
          'content-type': 'application/json',
          ...signedHeaders(secret, webhookId, body, new Date()),
        },
        payload: body,
      });
      return res.statusCode;
    };
    expect(await send('msg_form_1', 'form.submitted', { email: email.toUpperCase() })).toBe(202);
    // The same delivery again is answered as a duplicate and starts nothing.
    expect(await send('msg_form_1', 'form.submitted', { email })).toBe(200);
    expect(await send('msg_other_1', 'order.paid', { email })).toBe(202); // another event type
    expect(await send('msg_form_2', 'form.submitted', { email: uniqueEmail('nobody') })).toBe(202); // no such contact
    const [run] = await until(
      () => runsOf(owner.client, onForm.id),
      (runs) => runs[0]?.status === 'completed',
    );
    expect(await runsOf(owner.client, onForm.id)).toHaveLength(1);
    expect(run.steps.map((s) => s.type)).toEqual(['add_tag']);
    expect((await owner.client.get(`/api/contacts/${contact.id}`)).json().contact.tags).toContain(
      'form-lead',
    );
    await owner.client.patch(`/api/workflows/${onForm.id}`, { status: 'paused' });
  });

  it('follows a branch and an A/B split to the end, recording each step, the arm taken and the variant', async () => {
    const split = (
      await owner.client.post('/api/workflows', {
        name: 'Branch and split',
        status: 'active',
        trigger: { type: 'tag_added', tag: 'branchy' },
        steps: [
          {
            type: 'branch',
            condition: { field: 'tag', op: 'has', value: 'branchy' },
            yes: [{ type: 'add_tag', tag: 'went-yes' }],
            no: [{ type: 'add_tag', tag: 'went-no' }],
          },
          {
            type: 'ab_split',
            variants: [
              { weight: 1, steps: [{ type: 'add_tag', tag: 'variant-1' }] },
              { weight: 1, steps: [{ type: 'add_tag', tag: 'variant-2' }] },
            ],
          },
          { type: 'create_note', body: 'Split done' },
        ],
      })
    ).json();
    const contact = (
      await owner.client.post('/api/contacts', { firstName: 'Bran', email: uniqueEmail('bran') })
    ).json();
    await owner.client.patch(`/api/contacts/${contact.id}`, { tags: ['branchy'] });
    const [run] = await until(
      () => runsOf(owner.client, split.id),
      (runs) => runs[0]?.status === 'completed',
    );
    expect(run.steps.map((s) => [s.type, s.status])).toEqual([
      ['branch', 'completed'],
      ['add_tag', 'completed'],
      ['ab_split', 'completed'],
      ['add_tag', 'completed'],
      ['create_note', 'completed'],
    ]);
    expect(run.steps[0].detail).toBe('yes');
    const variant = Number(/^variant (\d)$/.exec(run.steps[2].detail ?? '')?.[1]);
    expect([1, 2]).toContain(variant);
    const { rows } = await db.query(
      'select choices, step_attempts, deadline_at from workflow_runs where id = $1',
      [run.id],
    );
    expect(rows[0]).toEqual({ choices: { '1': variant - 1 }, step_attempts: 0, deadline_at: null });
    const tags = (await owner.client.get(`/api/contacts/${contact.id}`)).json().contact.tags;
    expect(tags).toEqual(expect.arrayContaining(['branchy', 'went-yes', `variant-${variant}`]));
    expect(tags).not.toContain('went-no');
    expect(tags).not.toContain(`variant-${3 - variant}`);
    // The steps' own tags started no second run (no loops).
    expect(await runsOf(owner.client, split.id)).toHaveLength(1);
    await owner.client.patch(`/api/workflows/${split.id}`, { status: 'paused' });
  });

  it("starts a 'visited a page' workflow from page views of an identified visitor, once the count is reached", async () => {
    const site = (
      await owner.client.post('/api/websites', { name: 'Pricing site', domain: 'prices.example' })
    ).json();
    const { trackingKey } = (await owner.client.get(`/api/analytics/sites/${site.id}/snippet`)).json();
    const workflow = async (name: string, trigger: Record<string, unknown>) =>
      (
        await owner.client.post('/api/workflows', {
          name,
          status: 'active',
          trigger,
          steps: [{ type: 'add_tag', tag: 'pricing-reader' }],
        })
      ).json().id as number;
    const thrice = await workflow('Read pricing three times', {
      type: 'page_visited',
      path: '/pricing*',
      count: 3,
    });
    const once = await workflow('Read any plan', { type: 'page_visited', path: '/pricing/*' });
    const elsewhere = await workflow('Read the blog', { type: 'page_visited', path: '/blog/*' });
    const contact = (
      await owner.client.post('/api/contacts', { firstName: 'Vic', email: uniqueEmail('visitor') })
    ).json();
    const browser = {
      ip: '198.51.100.23',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/147.0.0.0 Safari/537.36',
    };
    const view = async (path: string, who = browser) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/analytics/event',
        remoteAddress: who.ip,
        headers: {
          'content-type': 'text/plain',
          'user-agent': who.userAgent,
          origin: 'https://prices.example',
        },
        payload: JSON.stringify({ s: trackingKey, u: `https://prices.example${path}` }),
      });
      expect(res.statusCode).toBe(202);
    };
    // Anonymous until identified: nothing starts, and those views are not counted as the contact's.
    await view('/pricing');
    expect(await runsOf(owner.client, thrice)).toEqual([]);
    // What a form or a signed link will do (issue 32 §2): today's visitor of this site is the contact. The
    // ingest's day is the real one, so the identification uses the real time too.
    await t.database.withWorkspace(owner.workspaceId, (tx) =>
      identifyVisitor(tx, { websiteId: site.id, ...browser, at: new Date(), contactId: contact.id }),
    );
    await view('/pricing/pro');
    expect((await runsOf(owner.client, once)).map((r) => r.contactId)).toEqual([contact.id]);
    expect(await runsOf(owner.client, thrice)).toEqual([]);
    await view('/pricing');
    // Another browser is another visitor: its views are nobody's.
    await view('/pricing', { ip: '198.51.100.24', userAgent: browser.userAgent });
    expect(await runsOf(owner.client, thrice)).toEqual([]);
    await view('/pricing/team');
    expect((await runsOf(owner.client, thrice)).map((r) => r.contactId)).toEqual([contact.id]);
    // Once per contact: reading on starts nothing more.
    await view('/pricing');
    expect(await runsOf(owner.client, thrice)).toHaveLength(1);
    expect(await runsOf(owner.client, once)).toHaveLength(1);
    expect(await runsOf(owner.client, elsewhere)).toEqual([]);

    const bad = await owner.client.post('/api/workflows', {
      name: 'Bad path',
      trigger: { type: 'page_visited', path: 'pricing', count: 0 },
      steps: [{ type: 'add_tag', tag: 'x' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['trigger.count', 'trigger.path']);
    for (const id of [thrice, once, elsewhere])
      await owner.client.patch(`/api/workflows/${id}`, { status: 'paused' });
  });

  it('lets the watchdog fail a run stuck past its deadline, with the reason', async () => {
    const workflow = (
      await owner.client.post('/api/workflows', {
        name: 'Stuck',
        status: 'active',
        trigger: { type: 'tag_added', tag: 'stuck' },
        steps: [{ type: 'create_note', body: 'never' }],
      })
    ).json();
    // A process without workers: the run's job is never taken, so it stays running past its deadline.
    await t.close();
    t = await createTestApp({ clock, databaseUrl: t.ownerUrl });
    reconnectOwner();
    const contact = (
      await owner.client.post('/api/contacts', { firstName: 'Stu', email: uniqueEmail('stu') })
    ).json();
    await owner.client.patch(`/api/contacts/${contact.id}`, { tags: ['stuck'] });
    offsetMs += 16 * 60_000;
    await sweepAutomation(t.app.deps);
    const [run] = await runsOf(owner.client, workflow.id);
    expect(run.status).toBe('failed');
    expect(run.failureReason).toContain('did not finish by its deadline');
  });
});
