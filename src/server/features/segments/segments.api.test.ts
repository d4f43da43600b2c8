import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createTestApp,
  type SignedUp,
  signUpOwner,
  type TestApp,
  uniqueEmail,
  uniqueIp,
} from '../../../../test/test-app.js';

/** A clock the test moves by hand (a form's time-to-submit floor): nothing sleeps. */
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

let t: TestApp;
let owner: SignedUp;
let db: pg.Client;
beforeAll(async () => {
  // Its own database: its workers run every queue's jobs, with its clock.
  t = await createTestApp({ workers: true, clock, ownDatabase: true });
  owner = await signUpOwner(t.app);
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
});
afterAll(async () => {
  await db.end();
  await t?.close();
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface Segment {
  id: number;
  name: string;
  memberCount: number;
  status: string;
  built: number;
  toBuild: number;
}

async function contact(client: SignedUp['client'], body: Record<string, unknown>): Promise<number> {
  const res = await client.post('/api/contacts', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** Creates the segment and waits for its build. */
async function built(client: SignedUp['client'], body: Record<string, unknown>): Promise<Segment> {
  const res = await client.post('/api/segments', { name: 'Segment', match: 'all', ...body });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id;
  return until(
    async () => (await client.get(`/api/segments/${id}`)).json() as Segment,
    (s) => s.status === 'ready',
  );
}

async function memberIds(client: SignedUp['client'], id: number): Promise<number[]> {
  const res = await client.get(`/api/segments/${id}/members?limit=200`);
  expect(res.statusCode).toBe(200);
  return (res.json().members as { contactId: number }[]).map((m) => m.contactId).sort((a, b) => a - b);
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe('conditions, each against a hand-computed fixture', () => {
  let ann: number;
  let bob: number;
  let cid: number;
  let dee: number;
  let formId: number;
  let campaignId: number;
  let websiteId: number;

  beforeAll(async () => {
    const { client, workspaceId: ws } = owner;
    const site = await client.post('/api/websites', { name: 'Shop A', domain: 'shop-a.example' });
    expect(site.statusCode, site.body).toBe(201);
    websiteId = site.json().id;
    expect(
      (await client.post('/api/websites', { name: 'Blog B', domain: 'blog-b.example' })).statusCode,
    ).toBe(201);
    ann = await contact(client, {
      firstName: 'Ann',
      lastName: 'Alpha',
      email: 'ann@alpha.test',
      source: 'Blog B',
      tags: ['vip'],
      city: 'Berlin',
    });
    bob = await contact(client, {
      firstName: 'Bob',
      lastName: 'Beta',
      email: 'bob@beta.test',
      company: 'Acme Ltd',
    });
    cid = await contact(client, {
      firstName: 'Cid',
      lastName: 'Gamma',
      phone: '+15551230003',
      source: 'Shop A',
      tags: ['VIP', 'late'],
    });
    dee = await contact(client, {
      firstName: 'Dee',
      lastName: 'Delta',
      email: 'dee@delta.test',
      source: 'Blog B',
    });
    await db.query(`update contacts set properties = '{"Budget": "Large"}' where id = $1`, [dee]);
    // Deals: Bob's open proposal, Dee's won deal.
    for (const [contactId, stage] of [
      [bob, 'proposal'],
      [dee, 'won'],
    ] as const)
      expect((await client.post('/api/deals', { name: `Deal ${stage}`, contactId, stage })).statusCode).toBe(
        201,
      );
    // A form Ann sent.
    const form = await client.post('/api/forms', {
      name: 'Contact us',
      locale: 'en',
      fields: [{ key: 'email', label: 'Email', type: 'email', required: true, target: 'email' }],
      texts: {
        submit: 'Send',
        thankYou: 'Thanks',
        required: 'Required',
        invalid: 'Invalid',
        failed: 'Failed',
      },
    });
    expect(form.statusCode, form.body).toBe(201);
    formId = form.json().id;
    await db.query(
      `insert into form_submissions (workspace_id, form_id, contact_id, answers) values ($1, $2, $3, '[]')`,
      [ws, formId, ann],
    );
    // Page views: Ann three of /pricing, Bob one, Cid one blog post.
    await db.query(`select app_analytics_ensure_partition(now()::date)`);
    for (const [contactId, path] of [
      [ann, '/pricing'],
      [ann, '/pricing'],
      [ann, '/pricing'],
      [bob, '/pricing'],
      [cid, '/blog/a'],
    ] as const)
      await db.query(
        `insert into analytics_events (workspace_id, website_id, occurred_at, visitor_id, name, path, device, contact_id)
         values ($1, $2, now(), 1, 'pageview', $3, 'desktop', $4)`,
        [ws, websiteId, path, contactId],
      );
    // A campaign: Ann opened, Bob clicked, Dee's address bounced.
    const campaign = await db.query(
      `insert into campaigns (workspace_id, name, subject, body, status) values ($1, 'Spring', 's', 'b', 'sent') returning id`,
      [ws],
    );
    campaignId = Number(campaign.rows[0].id);
    for (const [contactId, email, opened, clicked] of [
      [ann, 'ann@alpha.test', true, false],
      [bob, 'bob@beta.test', true, true],
      [dee, 'dee@delta.test', false, false],
    ] as const)
      await db.query(
        `insert into marketing_messages (workspace_id, idempotency_key, campaign_id, contact_id, to_email, subject, body,
           status, token, sent_at, opened_at, clicked_at)
         values ($1, $2, $3, $4, $5, 's', 'b', 'sent', $6, now(),
           case when $7 then now() end, case when $8 then now() end)`,
        [
          ws,
          `campaign:${campaignId}:${contactId}`,
          campaignId,
          contactId,
          email,
          `tok${contactId}xxxxxxxxxxxxxxxxxxxx`,
          opened,
          clicked,
        ],
      );
    await db.query(
      `insert into marketing_suppressions (workspace_id, email, reason) values ($1, 'dee@delta.test', 'hard_bounce')`,
      [ws],
    );
    // Bob replied by email.
    const job = await db.query(
      `insert into email_processing_jobs (workspace_id, message_id, origin, from_email, to_email, direction, received_at, processed, contact_id)
       values ($1, 'm1@test', 'manual', 'bob@beta.test', 'us@test', 'inbound', now(), true, $2) returning id`,
      [ws, bob],
    );
    await db.query(
      `insert into email_conversations (workspace_id, job_id, contact_id, direction, from_email, to_email, received_at)
       values ($1, $2, $3, 'inbound', 'bob@beta.test', 'us@test', now())`,
      [ws, job.rows[0].id, bob],
    );
  });

  it('computes each kind’s membership and count', async () => {
    const cases: [string, unknown[], () => number[]][] = [
      ['city equals', [{ kind: 'field', field: 'city', op: 'equals', value: 'berlin' }], () => [ann]],
      ['email empty', [{ kind: 'field', field: 'email', op: 'empty' }], () => [cid]],
      ['company contains', [{ kind: 'field', field: 'company', op: 'contains', value: 'ACM' }], () => [bob]],
      [
        'property',
        [{ kind: 'field', field: 'property', property: 'Budget', op: 'equals', value: 'large' }],
        () => [dee],
      ],
      ['has tag', [{ kind: 'tag', op: 'has', tag: 'vip' }], () => [ann, cid]],
      ['has not tag', [{ kind: 'tag', op: 'has_not', tag: 'vip' }], () => [bob, dee]],
      ['source', [{ kind: 'source', op: 'is', value: 'blog b' }], () => [ann, dee]],
      ['website', [{ kind: 'website', websiteId }], () => [cid]],
      ['open deal in proposal', [{ kind: 'deal_stage', stage: 'proposal' }], () => [bob]],
      ['won deal', [{ kind: 'deal_stage', stage: 'won' }], () => [dee]],
      ['any form', [{ kind: 'form_submitted' }], () => [ann]],
      ['this form in 7 days', [{ kind: 'form_submitted', formId, withinDays: 7 }], () => [ann]],
      ['pricing twice', [{ kind: 'page_views', path: '/pricing', count: 2, withinDays: 30 }], () => [ann]],
      ['any blog page', [{ kind: 'page_views', path: '/blog/*' }], () => [cid]],
      ['received', [{ kind: 'campaign', event: 'received', campaignId }], () => [ann, bob, dee]],
      ['opened any', [{ kind: 'campaign', event: 'opened' }], () => [ann, bob]],
      ['clicked', [{ kind: 'campaign', event: 'clicked' }], () => [bob]],
      ['bounced', [{ kind: 'campaign', event: 'bounced' }], () => [dee]],
      ['replied', [{ kind: 'email_replied', withinDays: 1 }], () => [bob]],
    ];
    for (const [name, conditions, expected] of cases) {
      const segment = await built(owner.client, { name, conditions });
      expect(await memberIds(owner.client, segment.id), name).toEqual(sorted(expected()));
      expect(segment.memberCount, name).toBe(expected().length);
    }
  });

  it('combines conditions with and/or and one level of groups', async () => {
    const either = await built(owner.client, {
      match: 'any',
      conditions: [
        { kind: 'tag', op: 'has', tag: 'vip' },
        {
          kind: 'group',
          match: 'all',
          conditions: [
            { kind: 'source', op: 'is', value: 'unknown' },
            { kind: 'deal_stage', stage: 'proposal' },
          ],
        },
      ],
    });
    expect(await memberIds(owner.client, either.id)).toEqual(sorted([ann, bob, cid]));
    const both = await built(owner.client, {
      match: 'all',
      conditions: [
        { kind: 'source', op: 'is', value: 'Blog B' },
        { kind: 'tag', op: 'has_not', tag: 'vip' },
      ],
    });
    expect(await memberIds(owner.client, both.id)).toEqual([dee]);
  });

  it('keeps a value typed into a condition a value, never SQL', async () => {
    const segment = await built(owner.client, {
      conditions: [{ kind: 'field', field: 'city', op: 'equals', value: "x' or '1'='1" }],
    });
    expect(segment.memberCount).toBe(0);
  });
});

describe('live membership', () => {
  it('follows contact updates, deal stages and form submissions with entered and left rows', async () => {
    const boss = await signUpOwner(t.app);
    const { client } = boss;
    const eve = await contact(client, { firstName: 'Eve', email: uniqueEmail('eve'), city: 'Lyon' });
    const paris = await built(client, {
      name: 'Paris',
      conditions: [{ kind: 'field', field: 'city', op: 'equals', value: 'Paris' }],
    });
    const negotiating = await built(client, {
      name: 'Negotiating',
      conditions: [{ kind: 'deal_stage', stage: 'negotiation' }],
    });
    const proposals = await built(client, {
      name: 'Proposals',
      conditions: [{ kind: 'deal_stage', stage: 'proposal' }],
    });
    expect(paris.memberCount).toBe(0);

    expect((await client.patch(`/api/contacts/${eve}`, { city: 'Paris' })).statusCode).toBe(200);
    await until(
      () => memberIds(client, paris.id),
      (ids) => ids.includes(eve),
    );
    expect((await client.patch(`/api/contacts/${eve}`, { city: 'Nice' })).statusCode).toBe(200);
    await until(
      () => memberIds(client, paris.id),
      (ids) => ids.length === 0,
    );
    const history = (await client.get(`/api/segments/${paris.id}/history`)).json();
    expect(history.map((h: { change: string; contactId: number }) => [h.change, h.contactId])).toEqual([
      ['left', eve],
      ['entered', eve],
    ]);
    expect((await client.get(`/api/segments/${paris.id}`)).json().memberCount).toBe(0);

    const deal = (
      await client.post('/api/deals', { name: 'Big one', contactId: eve, stage: 'proposal' })
    ).json();
    await until(
      () => memberIds(client, proposals.id),
      (ids) => ids.includes(eve),
    );
    expect((await client.post(`/api/deals/${deal.id}/stage`, { stage: 'negotiation' })).statusCode).toBe(200);
    await until(
      () => memberIds(client, negotiating.id),
      (ids) => ids.includes(eve),
    );
    await until(
      () => memberIds(client, proposals.id),
      (ids) => ids.length === 0,
    );
    const left = (await client.get(`/api/segments/${proposals.id}/history`)).json();
    expect(left[0]).toMatchObject({ change: 'left', contactId: eve });

    // A form sent from the form's own page: the new contact enters.
    const form = (
      await client.post('/api/forms', {
        name: 'Demo request',
        locale: 'en',
        fields: [{ key: 'email', label: 'Email', type: 'email', required: true, target: 'email' }],
        texts: {
          submit: 'Send',
          thankYou: 'Thanks',
          required: 'Required',
          invalid: 'Invalid',
          failed: 'Failed',
        },
      })
    ).json();
    const sent = await built(client, {
      name: 'Asked for a demo',
      conditions: [{ kind: 'form_submitted', formId: form.id }],
    });
    const ip = uniqueIp();
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/forms/public/${form.key}`,
      remoteAddress: ip,
      headers: { host: 'localhost' },
    });
    offsetMs += 10_000;
    const email = uniqueEmail('visitor');
    const submitted = await t.app.inject({
      method: 'POST',
      url: `/api/forms/public/${form.key}/submissions`,
      remoteAddress: ip,
      headers: { host: 'localhost', origin: 'http://localhost', 'content-type': 'text/plain' },
      payload: JSON.stringify({ token: page.json().token, answers: { email } }),
    });
    expect(submitted.statusCode, submitted.body).toBeLessThan(300);
    const members = await until(
      async () => (await client.get(`/api/segments/${sent.id}/members`)).json(),
      (m) => m.total === 1,
    );
    expect(members.members[0].email).toBe(email);
  });

  it('evaluates the current truth, so a job run twice applies nothing twice', async () => {
    const boss = await signUpOwner(t.app);
    const fay = await contact(boss.client, { firstName: 'Fay', email: uniqueEmail('fay'), tags: ['gold'] });
    const gold = await built(boss.client, {
      name: 'Gold',
      conditions: [{ kind: 'tag', op: 'has', tag: 'gold' }],
    });
    expect(gold.memberCount).toBe(1);
    for (let i = 0; i < 3; i++)
      await t.queue.send('segments.evaluate', { workspaceId: boss.workspaceId, contactId: fay });
    await boss.client.patch(`/api/contacts/${fay}`, { notes: 'a change that changes no segment' });
    // The patch's job runs after the three (one queue, in order of arrival).
    await until(
      async () =>
        (
          await db.query(
            `select count(*)::int as n from pgboss.job where name = 'segments.evaluate' and state < 'completed'`,
          )
        ).rows[0].n,
      (n) => n === 0,
    );
    expect((await boss.client.get(`/api/segments/${gold.id}`)).json().memberCount).toBe(1);
    const { rows } = await db.query(`select count(*)::int as n from segment_history where segment_id = $1`, [
      gold.id,
    ]);
    expect(rows[0].n).toBe(1); // entered once, by the build
  });

  it('lets a member whose window has passed leave at the daily sweep, with a left row', async () => {
    const boss = await signUpOwner(t.app);
    const ivy = await contact(boss.client, { firstName: 'Ivy', email: uniqueEmail('ivy') });
    const job = await db.query(
      `insert into email_processing_jobs (workspace_id, message_id, origin, from_email, to_email, direction, received_at, processed, contact_id)
       values ($1, $2, 'manual', 'ivy@test', 'us@test', 'inbound', now(), true, $3) returning id`,
      [boss.workspaceId, `ivy-${ivy}@test`, ivy],
    );
    await db.query(
      `insert into email_conversations (workspace_id, job_id, contact_id, direction, from_email, to_email, received_at)
       values ($1, $2, $3, 'inbound', 'ivy@test', 'us@test', now() - interval '6 days')`,
      [boss.workspaceId, job.rows[0].id, ivy],
    );
    const recent = await built(boss.client, { conditions: [{ kind: 'email_replied', withinDays: 7 }] });
    expect(await memberIds(boss.client, recent.id)).toEqual([ivy]);
    // Two days pass with nothing happening to Ivy.
    await db.query(
      `update email_conversations set received_at = received_at - interval '2 days' where contact_id = $1`,
      [ivy],
    );
    await t.queue.send('segments.sweep-windows', {});
    await until(
      () => memberIds(boss.client, recent.id),
      (ids) => ids.length === 0,
    );
    const history = (await boss.client.get(`/api/segments/${recent.id}/history`)).json();
    expect(history[0]).toMatchObject({ change: 'left', contactId: ivy });
    expect((await boss.client.get(`/api/segments/${recent.id}`)).json().memberCount).toBe(0);
  });

  it('computes an edited segment again, with progress', async () => {
    const boss = await signUpOwner(t.app);
    const ids = [];
    for (const city of ['Rome', 'Rome', 'Oslo'])
      ids.push(await contact(boss.client, { firstName: city, email: uniqueEmail(city), city }));
    const segment = await built(boss.client, {
      conditions: [{ kind: 'field', field: 'city', op: 'equals', value: 'Rome' }],
    });
    expect(segment).toMatchObject({ memberCount: 2, built: 3, toBuild: 3 });
    const edited = await boss.client.patch(`/api/segments/${segment.id}`, {
      conditions: [{ kind: 'field', field: 'city', op: 'equals', value: 'Oslo' }],
    });
    expect(edited.json().status).toBe('building');
    const done = await until(
      async () => (await boss.client.get(`/api/segments/${segment.id}`)).json() as Segment,
      (s) => s.status === 'ready',
    );
    expect(done.memberCount).toBe(1);
    expect(await memberIds(boss.client, segment.id)).toEqual([ids[2]]);
    // The rebuild wrote the difference: the two in Rome left, the one in Oslo entered, each once.
    const { rows } = await db.query<{ contact_id: number; changes: string[] }>(
      `select contact_id::float8 as contact_id, array_agg(change order by id) as changes from segment_history
       where segment_id = $1 group by contact_id order by contact_id`,
      [segment.id],
    );
    expect(rows.map((r) => [Number(r.contact_id), r.changes])).toEqual([
      [ids[0], ['entered', 'left']],
      [ids[1], ['entered', 'left']],
      [ids[2], ['entered']],
    ]);
  });

  it('evaluates a change against the other segments while one is being built, and against that one after', async () => {
    const boss = await signUpOwner(t.app);
    const kim = await contact(boss.client, { firstName: 'Kim', email: uniqueEmail('kim') });
    const conditions = [{ kind: 'tag', op: 'has', tag: 'alpha' }];
    const free = await built(boss.client, { name: 'Free', conditions });
    const building = await built(boss.client, { name: 'Building', conditions });
    // A build holds its segment's lock (space 32_402, store.ts) for its whole statement; this one stands in.
    const holder = new pg.Client({ connectionString: t.ownerUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select pg_advisory_xact_lock(32402, $1::int)', [building.id]);
      expect((await boss.client.patch(`/api/contacts/${kim}`, { tags: ['alpha'] })).statusCode).toBe(200);
      await until(
        () => memberIds(boss.client, free.id),
        (ids) => ids.includes(kim),
      );
      expect(await memberIds(boss.client, building.id)).toEqual([]);
      await holder.query('commit');
    } finally {
      await holder.end();
    }
    await until(
      () => memberIds(boss.client, building.id),
      (ids) => ids.includes(kim),
    );
    const history = (await boss.client.get(`/api/segments/${building.id}/history`)).json();
    expect(history).toMatchObject([{ change: 'entered', contactId: kim }]);
    expect(history).toHaveLength(1);
  });
});

describe('uses', () => {
  it('sends a campaign to a segment’s members only', async () => {
    const boss = await signUpOwner(t.app);
    const inside = await contact(boss.client, { firstName: 'In', email: uniqueEmail('in'), tags: ['news'] });
    await contact(boss.client, { firstName: 'Out', email: uniqueEmail('out') });
    const segment = await built(boss.client, { conditions: [{ kind: 'tag', op: 'has', tag: 'news' }] });
    const preview = await boss.client.post('/api/campaigns/preview', {
      subject: 'Hi {{firstName}}',
      body: 'b',
      audience: { segmentId: segment.id },
    });
    expect(preview.json()).toMatchObject({ audienceSize: 1, subject: 'Hi In' });
    const created = await boss.client.post('/api/campaigns', {
      name: 'To the segment',
      subject: 's',
      body: 'b',
      audience: { segmentId: segment.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect((await boss.client.post(`/api/campaigns/${id}/send`)).statusCode).toBe(200);
    await until(
      async () => (await boss.client.get(`/api/campaigns/${id}`)).json(),
      (c) => c.status === 'sent',
    );
    const { rows } = await db.query(
      `select contact_id::int as id from marketing_messages where campaign_id = $1`,
      [id],
    );
    expect(rows.map((r) => r.id)).toEqual([inside]);
    // Another workspace's segment, or none, is a 400 naming the field.
    const other = await signUpOwner(t.app);
    const refused = await other.client.post('/api/campaigns', {
      name: 'x',
      subject: 's',
      body: 'b',
      audience: { segmentId: segment.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues[0].path).toBe('audience.segmentId');
  });

  it('starts a workflow when a contact enters a segment, and another when it leaves', async () => {
    const boss = await signUpOwner(t.app);
    const hal = await contact(boss.client, { firstName: 'Hal', email: uniqueEmail('hal') });
    const segment = await built(boss.client, { conditions: [{ kind: 'tag', op: 'has', tag: 'trial' }] });
    for (const [type, tag] of [
      ['segment_entered', 'welcomed'],
      ['segment_left', 'farewelled'],
    ])
      expect(
        (
          await boss.client.post('/api/workflows', {
            name: type,
            description: '',
            status: 'active',
            trigger: { type, segmentId: segment.id },
            conditions: [],
            steps: [{ type: 'add_tag', tag }],
          })
        ).statusCode,
      ).toBe(201);
    const tagsOf = async () =>
      (await boss.client.get(`/api/contacts/${hal}`)).json().contact.tags as string[];
    await boss.client.patch(`/api/contacts/${hal}`, { tags: ['trial'] });
    await until(tagsOf, (tags) => tags.includes('welcomed'));
    await boss.client.patch(`/api/contacts/${hal}`, { tags: ['welcomed'] });
    await until(tagsOf, (tags) => tags.includes('farewelled'));
    const bad = await boss.client.post('/api/workflows', {
      name: 'x',
      description: '',
      status: 'active',
      trigger: { type: 'segment_entered' },
      conditions: [],
      steps: [{ type: 'add_tag', tag: 'x' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('trigger.segmentId');
  });
});

describe('access', () => {
  it('lets owners and admins write, members and viewers read; 400s name the field and change nothing', async () => {
    const boss = await signUpOwner(t.app);
    const admin = await addMember(t.app, boss, 'admin');
    const member = await addMember(t.app, boss, 'member');
    const viewer = await addMember(t.app, boss, 'viewer');
    const body = { name: 'VIPs', match: 'all', conditions: [{ kind: 'tag', op: 'has', tag: 'vip' }] };
    for (const who of [member, viewer]) {
      expect((await who.client.post('/api/segments', body)).statusCode).toBe(403);
    }
    const created = await admin.client.post('/api/segments', body);
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    for (const who of [member, viewer]) {
      expect((await who.client.get('/api/segments')).json().map((s: Segment) => s.id)).toEqual([id]);
      expect((await who.client.get(`/api/segments/${id}/members`)).statusCode).toBe(200);
      expect((await who.client.get(`/api/segments/${id}/history`)).statusCode).toBe(200);
      expect((await who.client.patch(`/api/segments/${id}`, { name: 'x' })).statusCode).toBe(403);
      expect((await who.client.delete(`/api/segments/${id}`)).statusCode).toBe(403);
    }
    const cases: [unknown, string][] = [
      [
        { ...body, conditions: [{ kind: 'field', field: 'password', op: 'equals', value: 'x' }] },
        'conditions.0.field',
      ],
      [{ ...body, conditions: [{ kind: 'field', field: 'city', op: 'equals' }] }, 'conditions.0.value'],
      [{ ...body, conditions: [{ kind: 'page_views', path: 'pricing' }] }, 'conditions.0.path'],
      [
        {
          ...body,
          conditions: [{ kind: 'group', match: 'any', conditions: [{ kind: 'campaign', event: 'sent' }] }],
        },
        'conditions.0.conditions.0.event',
      ],
      [{ ...body, conditions: [{ kind: 'form_submitted', formId: 987654 }] }, 'conditions.0.formId'],
      [{ ...body, conditions: [] }, 'conditions'],
      [{ ...body, name: ' ' }, 'name'],
    ];
    for (const [input, path] of cases) {
      const res = await boss.client.post('/api/segments', input);
      expect(res.statusCode, path).toBe(400);
      expect(
        res.json().issues.map((i: { path: string }) => i.path),
        path,
      ).toContain(path);
    }
    expect((await boss.client.get('/api/segments')).json()).toHaveLength(1);
    // Another workspace sees none of it.
    const other = await signUpOwner(t.app);
    expect((await other.client.get('/api/segments')).json()).toEqual([]);
    expect((await other.client.get(`/api/segments/${id}`)).statusCode).toBe(404);
    expect((await other.client.get(`/api/segments/${id}/members`)).statusCode).toBe(404);
    expect((await other.client.patch(`/api/segments/${id}`, { name: 'mine' })).statusCode).toBe(404);
    expect((await other.client.delete(`/api/segments/${id}`)).statusCode).toBe(404);
    expect((await boss.client.delete(`/api/segments/${id}`)).statusCode).toBe(204);
  });
});
