import { lookAt, mixingFor } from '@domain/marketing/sequential-test';
import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalSmtpServer, startLocalSmtpServer } from '../../../../test/local-smtp-server.js';
import { directoryDifference } from '../../../../test/public-token-directory.js';
import {
  addMember,
  createTestApp,
  type SignedUp,
  signUpOwner,
  type TestApp,
  uniqueEmail,
  uniqueIp,
} from '../../../../test/test-app.js';
import { startDueCampaigns } from './jobs.js';
import { runCampaignSend, sendCampaignJobName } from './service.js';
import * as store from './store.js';

/** A clock the test moves past attribution windows by hand; nothing sleeps for them. */
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
const dayMs = 86_400_000;
let smtp: LocalSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startLocalSmtpServer();
  t = await createTestApp({
    workers: true,
    clock,
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://hub.test' },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const mailsTo = (email: string) =>
  smtp.received.filter((m) =>
    (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).some((a) => a.value.some((v) => v.address === email)),
  );

/** A tagged audience of `size` contacts, and a campaign to it with an A/B test of two variants. */
async function abCampaign(owner: SignedUp, size: number, test: Record<string, unknown>, body = 'Hello') {
  const tag = `ab-${Math.random().toString(36).slice(2, 8)}`;
  const emails: string[] = [];
  for (let i = 0; i < size; i += 1) {
    const email = uniqueEmail(`ab${i}`);
    emails.push(email);
    const res = await owner.client.post('/api/contacts', { firstName: `N${i}`, email, tags: [tag] });
    expect(res.statusCode, res.body).toBe(201);
  }
  const created = await owner.client.post('/api/campaigns', {
    name: 'Outcome test',
    subject: 'Plain',
    body,
    audience: { tag },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  const set = await owner.client.put(`/api/campaigns/${id}/ab-test`, {
    variants: [
      { subject: 'Variant A', body },
      { subject: 'Variant B', body },
    ],
    testPercent: 50,
    ...test,
  });
  expect(set.statusCode, set.body).toBe(200);
  return { id, emails };
}

type Recipient = {
  contactId: number;
  email: string;
  variant: number | null;
  sentAt: string;
};

/** Sends the campaign and waits until its test share is out; answers each test recipient with its variant. */
async function sendTestShare(owner: SignedUp, id: number, testSize: number): Promise<Recipient[]> {
  expect((await owner.client.post(`/api/campaigns/${id}/send`)).statusCode).toBe(200);
  await until(
    async () => (await owner.client.get(`/api/campaigns/${id}`)).json(),
    (c) => c.sent === testSize,
  );
  return t.database.withWorkspace(owner.workspaceId, async (tx) => {
    const { rows } = await tx.execute<Recipient>(
      sql`select contact_id::int as "contactId", to_email::text as email, variant, sent_at::text as "sentAt"
          from marketing_messages where campaign_id = ${id} and variant is not null order by id`,
    );
    return rows;
  });
}

const sentPlus = (r: Recipient, ms: number) => new Date(new Date(r.sentAt).getTime() + ms).toISOString();

async function lookNow(owner: SignedUp, id: number) {
  await startDueCampaigns(t.app.deps);
  return (await owner.client.get(`/api/campaigns/${id}`)).json();
}

/** Every address got one message, the test share its own variant, and the rest (no variant) the winner's. */
function expectEachOnce(emails: string[], recipients: Recipient[], winner: string) {
  const tested = new Map(recipients.map((r) => [r.email, r.variant === 0 ? 'Variant A' : 'Variant B']));
  for (const email of emails) {
    const mails: ParsedMail[] = mailsTo(email);
    expect(mails, email).toHaveLength(1);
    expect(mails[0].subject).toBe(tested.get(email) ?? winner);
  }
}

describe('A/B tests judged on outcomes (issue 33 §5)', () => {
  it('counts form submissions within the window for the variant each contact received, declares at the target confidence and sends the winner only to the rest', async () => {
    const owner = await signUpOwner(t.app);
    const formBody = {
      locale: 'en',
      fields: [{ key: 'email', label: 'Email', type: 'email', required: true, target: 'email' }],
      texts: {
        submit: 'Send',
        thankYou: 'Thanks',
        required: 'Required',
        invalid: 'Invalid',
        failed: 'Failed',
      },
    };
    const form = (await owner.client.post('/api/forms', { name: 'Demo request', ...formBody })).json();
    const otherForm = (await owner.client.post('/api/forms', { name: 'Newsletter', ...formBody })).json();
    const { id, emails } = await abCampaign(owner, 40, {
      metric: 'form',
      formId: form.id,
      attributionDays: 2,
    });
    const recipients = await sendTestShare(owner, id, 20);
    const a = recipients.filter((r) => r.variant === 0);
    const b = recipients.filter((r) => r.variant === 1);
    expect([a.length, b.length]).toEqual([10, 10]);
    expect(await directoryDifference(t.ownerUrl, owner.workspaceId)).toEqual([]);
    const restContact = await t.database.withWorkspace(owner.workspaceId, async (tx) => {
      const { rows } = await tx.execute<{ id: number }>(
        sql`select contact_id::int as id from marketing_messages where campaign_id = ${id} and variant is null limit 1`,
      );
      return rows[0].id;
    });
    const submit = (contactId: number, formId: number, at: string) =>
      t.database.withWorkspace(owner.workspaceId, (tx) =>
        tx.execute(sql`insert into form_submissions (form_id, contact_id, answers, submitted_at)
          values (${formId}, ${contactId}, '[]'::jsonb, ${at}::timestamptz)`),
      );
    // Nine of B's ten submit the form a day after their message; one of A's.
    for (const r of b.slice(0, 9)) await submit(r.contactId, form.id, sentPlus(r, dayMs));
    await submit(a[0].contactId, form.id, sentPlus(a[0], dayMs));
    // None of these count: after the window, before the message, another form, a contact who got no variant.
    await submit(a[1].contactId, form.id, sentPlus(a[1], 3 * dayMs));
    await submit(a[2].contactId, form.id, sentPlus(a[2], -60_000));
    await submit(a[3].contactId, otherForm.id, sentPlus(a[3], dayMs));
    await submit(restContact, form.id, new Date(clock().getTime() + dayMs).toISOString());

    const collecting = await lookNow(owner, id);
    expect(collecting.abTest).toMatchObject({ state: 'collecting', winner: null, confidence: null });
    expect(collecting.abTest.variants.map((v: { recipients: number }) => v.recipients)).toEqual([0, 0]);

    offsetMs += 2 * dayMs + 60_000;
    const decided = await lookNow(owner, id);
    expect(decided.abTest).toMatchObject({
      metric: 'form',
      formId: form.id,
      attributionDays: 2,
      phase: 'decided',
      winner: 1,
      stopReason: 'confidence',
    });
    expect(
      decided.abTest.variants.map((v: { recipients: number; outcomes: number; rate: number }) => [
        v.recipients,
        v.outcomes,
        v.rate,
      ]),
    ).toEqual([
      [10, 1, 0.1],
      [10, 9, 0.9],
    ]);
    const look = lookAt(
      [
        { sent: 10, hits: 1 },
        { sent: 10, hits: 9 },
      ],
      { target: 0.95, rho: mixingFor(10, 0.05) },
    );
    expect(decided.abTest.confidence).toBeCloseTo(look.confidence, 9);
    expect(decided.abTest.confidence).toBeGreaterThanOrEqual(0.95);
    expect(decided.abTest.variants[0].lift).toBeNull();
    const lift = decided.abTest.variants[1].lift;
    expect(lift.estimate).toBeCloseTo(8, 9); // 90% against 10%: eight times more
    expect(lift.low).toBeLessThan(8);
    expect(lift.high).toBeGreaterThan(8);

    const done = await until(
      async () => (await owner.client.get(`/api/campaigns/${id}`)).json(),
      (c) => c.status === 'sent',
    );
    expect(done).toMatchObject({ sent: 40, abTest: { state: 'winner_sent', winner: 1 } });
    expectEachOnce(emails, recipients, 'Variant B');
    // A later look (its job, or the sweep) decides nothing twice and sends nothing more.
    offsetMs += 2 * 3_600_000;
    await startDueCampaigns(t.app.deps);
    expect(emails.flatMap(mailsTo)).toHaveLength(40);
  });

  it('stops at the maximum sample when the target is not reached, and sends the leader: deals and payments', async () => {
    const owner = await signUpOwner(t.app);
    for (const metric of ['deal', 'payment'] as const) {
      const { id, emails } = await abCampaign(owner, 8, { metric, attributionDays: 1 });
      const recipients = await sendTestShare(owner, id, 4);
      const a = recipients.filter((r) => r.variant === 0);
      const b = recipients.filter((r) => r.variant === 1);
      await t.database.withWorkspace(owner.workspaceId, async (tx) => {
        for (const r of [b[0], b[1], a[0]])
          if (metric === 'deal')
            await tx.execute(sql`insert into deals (name, contact_id, created_at)
              values ('Deal', ${r.contactId}, ${sentPlus(r, 3_600_000)}::timestamptz)`);
          else
            await tx.execute(sql`insert into payments (description, amount_cents, one_time_cents, provider, customer_email, paid_at)
              values ('Order', 1000, 1000, 'offline', ${r.email.toUpperCase()}, ${sentPlus(r, 3_600_000)}::timestamptz)`);
        // A's second recipient pays or gets a deal two days later: outside the one-day window.
        if (metric === 'deal')
          await tx.execute(sql`insert into deals (name, contact_id, created_at)
            values ('Late', ${a[1].contactId}, ${sentPlus(a[1], 2 * dayMs)}::timestamptz)`);
      });
      offsetMs += dayMs + 60_000;
      await lookNow(owner, id);
      const done = await until(
        async () => (await owner.client.get(`/api/campaigns/${id}`)).json(),
        (c) => c.status === 'sent',
      );
      expect(done.abTest).toMatchObject({ state: 'winner_sent', stopReason: 'max_sample', winner: 1 });
      expect(done.abTest.confidence).toBeLessThan(0.95);
      expect(done.abTest.variants.map((v: { outcomes: number }) => v.outcomes)).toEqual([1, 2]);
      expectEachOnce(emails, recipients, 'Variant B');
    }
  });

  it('a send round that finds nothing left waits for a decision releasing the rest, then sends it', async () => {
    // Once in CI the test-share job's last round looked for queued messages, a decision then released the
    // held rest and committed, and the round counted nothing held: it paused the campaign for good.
    const owner = await signUpOwner(t.app);
    const { id, emails } = await abCampaign(owner, 4, { metric: 'deal', attributionDays: 1 });
    const recipients = await sendTestShare(owner, id, 2);
    const owned = new pg.Client({ connectionString: t.ownerUrl });
    await owned.connect();
    try {
      // The test share's job has ended (it stopped on the held rest).
      await until(
        async () =>
          (
            await owned.query(
              `select count(*)::int as n from pgboss.job where name = $1 and data->>'campaignId' = $2
                 and state in ('created', 'retry', 'active')`,
              [sendCampaignJobName, String(id)],
            )
          ).rows[0].n,
        (n) => n === 0,
      );
      let settled = false;
      let sending: Promise<void> = Promise.resolve();
      await t.database.withWorkspace(owner.workspaceId, async (tx) => {
        const row = await store.findCampaignRow(tx, id, true);
        expect(row?.status).toBe('sending');
        await store.releaseHeldMessages(tx, id, { subject: 'Variant B', body: 'Hello' });
        await store.recordAbDecision(tx, id, {
          winner: 1,
          confidence: null,
          stopReason: 'max_sample',
          at: clock(),
        });
        sending = runCampaignSend(t.app.deps, owner.workspaceId, id).finally(() => {
          settled = true;
        });
        // The decision commits once the round waits on its lock (or has given up without waiting).
        await until(
          async () =>
            settled ||
            (
              await owned.query(
                `select count(*)::int as n from pg_stat_activity
                 where datname = current_database() and wait_event_type = 'Lock'`,
              )
            ).rows[0].n > 0,
          (ready) => ready,
        );
      });
      await sending;
    } finally {
      await owned.end();
    }
    expect((await owner.client.get(`/api/campaigns/${id}`)).json()).toMatchObject({
      status: 'sent',
      sent: 4,
    });
    expectEachOnce(emails, recipients, 'Variant B');
  });

  it('counts a goal reached on the workspace website by a recipient identified through the link in their email', async () => {
    // The tracker's events are stamped by the wall clock: sending starts on it too, so the views follow the send.
    offsetMs = 0;
    const owner = await signUpOwner(t.app);
    const site = (await owner.client.post('/api/websites', { name: 'Shop', domain: 'shop.example' })).json();
    const { trackingKey } = (await owner.client.get(`/api/analytics/sites/${site.id}/snippet`)).json();
    const { id, emails } = await abCampaign(
      owner,
      4,
      { metric: 'goal', goal: '/thank-you', attributionDays: 1 },
      'See https://shop.example/offer',
    );
    const recipients = await sendTestShare(owner, id, 2);
    const b = recipients.find((r) => r.variant === 1) as Recipient;
    const mail = mailsTo(b.email)[0];
    const tracked = new URL(
      (/href="([^"]+\/api\/m\/c\/[^"]+)"/.exec(String(mail.html))?.[1] ?? 'http://missing').replaceAll(
        '&amp;',
        '&',
      ),
    );
    const clicked = await t.app.inject({ method: 'GET', url: tracked.pathname + tracked.search });
    expect(clicked.statusCode, clicked.body).toBe(302);
    const token = new URL(String(clicked.headers.location)).searchParams.get('hub_ct');
    expect(token).toBeTruthy();
    const browser = {
      ip: uniqueIp(),
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/147.0.1.0 Safari/537.36',
    };
    const view = async (path: string, c?: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/analytics/event',
        remoteAddress: browser.ip,
        headers: {
          'content-type': 'text/plain',
          'user-agent': browser.userAgent,
          origin: 'https://shop.example',
        },
        payload: JSON.stringify({ s: trackingKey, u: `https://shop.example${path}`, ...(c ? { c } : {}) }),
      });
      expect(res.statusCode, res.body).toBe(202);
    };
    await view('/offer', token ?? undefined);
    await view('/thank-you');
    offsetMs += dayMs + 60_000;
    await lookNow(owner, id);
    const done = await until(
      async () => (await owner.client.get(`/api/campaigns/${id}`)).json(),
      (c) => c.status === 'sent',
    );
    expect(done.abTest).toMatchObject({ goal: '/thank-you', winner: 1, stopReason: 'max_sample' });
    expect(done.abTest.variants.map((v: { outcomes: number }) => v.outcomes)).toEqual([0, 1]);
    expectEachOnce(emails, recipients, 'Variant B');
  });

  it('refuses bad outcome settings with a 400 naming the field, lets only admins set them, and keeps forms per workspace', async () => {
    const owner = await signUpOwner(t.app);
    const other = await signUpOwner(t.app);
    const otherForm = (
      await other.client.post('/api/forms', {
        name: 'Theirs',
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
    const id = (
      await owner.client.post('/api/campaigns', { name: 'Bad', subject: 'S', body: 'B', audience: {} })
    ).json().id;
    const variants = [
      { subject: 'A', body: 'B' },
      { subject: 'B', body: 'B' },
    ];
    const cases: [Record<string, unknown>, string][] = [
      [{ metric: 'goal' }, 'goal'],
      [{ metric: 'open', goal: '/x' }, 'goal'],
      [{ metric: 'open', formId: otherForm.id }, 'formId'],
      [{ metric: 'form', formId: otherForm.id }, 'formId'],
      [{ metric: 'deal', attributionDays: 0 }, 'attributionDays'],
      [{ metric: 'deal', attributionDays: 91 }, 'attributionDays'],
      [{ metric: 'deal', targetConfidence: 0.5 }, 'targetConfidence'],
      [{ metric: 'deal', targetConfidence: 1 }, 'targetConfidence'],
      [{ metric: 'revenue' }, 'metric'],
    ];
    for (const [settings, field] of cases) {
      const res = await owner.client.put(`/api/campaigns/${id}/ab-test`, { variants, ...settings });
      expect(res.statusCode, JSON.stringify(settings)).toBe(400);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(field);
    }
    expect((await owner.client.get(`/api/campaigns/${id}`)).json().abTest).toBeNull();
    const member = await addMember(t.app, owner, 'member');
    const good = { variants, metric: 'payment', attributionDays: 14, targetConfidence: 0.9 };
    expect((await member.client.put(`/api/campaigns/${id}/ab-test`, good)).statusCode).toBe(403);
    expect((await other.client.put(`/api/campaigns/${id}/ab-test`, good)).statusCode).toBe(404);
    const set = await owner.client.put(`/api/campaigns/${id}/ab-test`, good);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().abTest).toMatchObject({
      metric: 'payment',
      attributionDays: 14,
      targetConfidence: 0.9,
      state: 'ready',
      confidence: null,
    });
  });
});
