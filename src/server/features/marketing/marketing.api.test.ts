import type { AddressInfo } from 'node:net';
import { lookAt, mixingFor } from '@domain/marketing/sequential-test';
import type { ParsedMail } from 'mailparser';
import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalSmtpServer, startLocalSmtpServer } from '../../../../test/local-smtp-server.js';
import { startServerProcess } from '../../../../test/server-process.js';
import { arf, dsn } from '../../../../test/support/delivery-reports.js';
import {
  ApiClient,
  addMember,
  createTestApp,
  type SignedUp,
  signUpOwner,
  type TestApp,
  uniqueEmail,
} from '../../../../test/test-app.js';
import { seedDemoWorkspace } from '../../seed/demo-workspace.js';
import { startCaptureServer } from '../email/capture-server.js';
import { startDueCampaigns } from './jobs.js';
import { decideAbTest } from './service.js';

let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
let smtp: LocalSmtpServer;
let t: TestApp;
let owner: SignedUp;
beforeAll(async () => {
  smtp = await startLocalSmtpServer();
  t = await createTestApp({
    workers: true,
    clock,
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://hub.test' },
  });
  owner = await signUpOwner(t.app);
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

const recipients = (mails: ParsedMail[]) =>
  mails.flatMap((m) =>
    (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address)),
  );
const mailsTo = (email: string) => smtp.received.filter((m) => recipients([m]).includes(email));

async function addContact(client: SignedUp['client'], fields: Record<string, unknown>) {
  const res = await client.post('/api/contacts', { firstName: 'C', ...fields });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json();
}

async function sendAndFinish(client: SignedUp['client'], body: Record<string, unknown>) {
  const created = await client.post('/api/campaigns', body);
  expect(created.statusCode).toBe(201);
  const id = created.json().id;
  expect((await client.post(`/api/campaigns/${id}/send`)).statusCode).toBe(200);
  return until(
    async () => (await client.get(`/api/campaigns/${id}`)).json(),
    (c) => c.status === 'sent' || c.status === 'paused',
  );
}

describe('email campaigns', () => {
  it('reaches exactly its audience, fills merge fields, and never mails an unsubscribed contact again', async () => {
    const tag = `news-${Date.now()}`;
    const ann = uniqueEmail('ann');
    const una = uniqueEmail('una');
    const notTagged = uniqueEmail('bob');
    const customer = uniqueEmail('cus');
    const annContact = await addContact(owner.client, { firstName: 'Ann', email: ann, tags: [tag] });
    await addContact(owner.client, { firstName: 'Una', email: una, tags: [tag] });
    await addContact(owner.client, { email: notTagged });
    await addContact(owner.client, { email: customer, tags: [tag], status: 'customer' });
    await addContact(owner.client, { phone: '+15555550123', tags: [tag] }); // no email: never in an audience

    const audience = { tag, status: 'lead' };
    const preview = (
      await owner.client.post('/api/campaigns/preview', {
        subject: 'Hi {{firstName}}',
        body: 'Body',
        audience,
      })
    ).json();
    expect(preview.audienceSize).toBe(2);
    expect(preview.subject).toBe('Hi Ann');

    const first = await sendAndFinish(owner.client, {
      name: 'Spring news',
      subject: 'Hello {{firstName}}',
      body: 'Read more at https://example.com/spring',
      audience,
    });
    expect(first).toMatchObject({ status: 'sent', subscribers: 2, sent: 2 });
    expect(mailsTo(ann)).toHaveLength(1);
    expect(mailsTo(una)).toHaveLength(1);
    expect(mailsTo(notTagged)).toHaveLength(0);
    expect(mailsTo(customer)).toHaveLength(0);
    const mail = mailsTo(ann)[0];
    expect(mail.subject).toBe('Hello Ann');
    const headerOf = (m: ParsedMail, key: string) => m.headerLines.find((h) => h.key === key)?.line ?? '';
    expect(headerOf(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // Una uses her mail client's one-click unsubscribe (RFC 8058): a signed-out POST to the header's URL.
    const header = headerOf(mailsTo(una)[0], 'list-unsubscribe');
    const unsubscribeUrl = new URL(/<([^>]+)>/.exec(header)?.[1] ?? 'http://missing');
    expect(unsubscribeUrl.origin).toBe('http://hub.test');
    const oneClick = await t.app.inject({
      method: 'POST',
      url: unsubscribeUrl.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);

    // Ann opens and clicks (tracked through the app's public URL), then becomes a customer: a conversion.
    const html = String(mail.html);
    const clickUrl = new URL(/href="([^"]+\/api\/m\/c\/[^"]+)"/.exec(html)?.[1].replace(/&amp;/g, '&') ?? '');
    const click = await t.app.inject({ method: 'GET', url: clickUrl.pathname + clickUrl.search });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('https://example.com/spring');
    const forged = await t.app.inject({ method: 'GET', url: `${clickUrl.pathname}?u=https://evil.test&s=x` });
    expect(forged.statusCode).toBe(400);
    await owner.client.patch(`/api/contacts/${annContact.id}`, { status: 'customer' });
    const figures = (await owner.client.get(`/api/campaigns/${first.id}`)).json();
    expect(figures).toMatchObject({ opens: 1, clicks: 1, conversions: 1 });

    const second = await sendAndFinish(owner.client, {
      name: 'Summer',
      subject: 'Summer',
      body: 'Hi',
      audience: { tag },
    });
    expect(second).toMatchObject({ status: 'sent', subscribers: 2 }); // Ann (now a customer) and the customer
    expect(mailsTo(una)).toHaveLength(1);
    expect(mailsTo(ann)).toHaveLength(2);
  });

  it('lets only admins and owners write campaigns and refuses bad input with a 400 naming the field', async () => {
    const member = await addMember(t.app, owner, 'member');
    expect(
      (await member.client.post('/api/campaigns', { name: 'x', subject: 's', body: 'b' })).statusCode,
    ).toBe(403);
    expect((await member.client.get('/api/campaigns')).statusCode).toBe(200);
    const bad = await owner.client.post('/api/campaigns', { name: 'x', subject: '', body: 'b' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('subject');
  });

  it('says why a state change is refused by message id, so the client reads it in the user’s language', async () => {
    const draft = (
      await owner.client.post('/api/campaigns', { name: 'Ids', subject: 's', body: 'b' })
    ).json();
    const resumed = await owner.client.post(`/api/campaigns/${draft.id}/resume`);
    expect(resumed.statusCode).toBe(409);
    expect(resumed.json()).toMatchObject({ code: 'conflict', messageId: 'marketing.notResumable' });
    const missing = await owner.client.get('/api/campaigns/999999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ messageId: 'marketing.campaignNotFound' });
  });

  it('pauses and resumes where it stopped, sending nobody twice (rate limit under a controlled clock)', async () => {
    const tag = `pause-${Date.now()}`;
    const emails = Array.from({ length: 5 }, () => uniqueEmail('p'));
    for (const email of emails) await addContact(owner.client, { email, tags: [tag] });
    await owner.client.patch('/api/automation/settings', { sendRatePerMinute: 2 });
    offsetMs += 2 * 60_000; // the earlier tests' messages are out of the rate window
    const id = (
      await owner.client.post('/api/campaigns', {
        name: 'Paced',
        subject: 'Paced',
        body: 'b',
        audience: { tag },
      })
    ).json().id;
    await owner.client.post(`/api/campaigns/${id}/send`);
    const sentCount = () => emails.filter((e) => mailsTo(e).length > 0).length;
    // Two a minute: the job sends two, then hands over to a job due a minute later.
    await until(
      async () => sentCount(),
      (n) => n === 2,
    );
    const paused = (await owner.client.post(`/api/campaigns/${id}/pause`)).json();
    expect(paused.status).toBe('paused');

    offsetMs += 2 * 60_000;
    expect((await owner.client.post(`/api/campaigns/${id}/resume`)).json().status).toBe('sending');
    await until(
      async () => sentCount(),
      (n) => n === 4,
    );
    expect((await owner.client.post(`/api/campaigns/${id}/pause`)).json().status).toBe('paused');
    offsetMs += 2 * 60_000;
    await owner.client.post(`/api/campaigns/${id}/resume`);
    const done = await until(
      async () => (await owner.client.get(`/api/campaigns/${id}`)).json(),
      (c) => c.status !== 'sending',
    );
    expect(done).toMatchObject({ status: 'sent', sent: 5, subscribers: 5 });
    for (const email of emails) expect(mailsTo(email)).toHaveLength(1);
  });
});

describe('A/B tests', () => {
  it('sends the variants to the test share, then the winner by open rate to the rest, each recipient once', async () => {
    await owner.client.patch('/api/automation/settings', { sendRatePerMinute: 0 });
    const tag = `ab-${Date.now()}`;
    const emails = Array.from({ length: 20 }, () => uniqueEmail('ab'));
    for (const [i, email] of emails.entries())
      await addContact(owner.client, { firstName: `N${i}`, email, tags: [tag] });
    const id = (
      await owner.client.post('/api/campaigns', {
        name: 'Subject test',
        subject: 'Plain',
        body: 'Plain',
        audience: { tag },
      })
    ).json().id;
    const oneVariant = await owner.client.put(`/api/campaigns/${id}/ab-test`, {
      variants: [{ subject: 'Only one', body: 'b' }],
    });
    expect(oneVariant.statusCode).toBe(400);
    expect(oneVariant.json().message).toContain('variants');
    const set = await owner.client.put(`/api/campaigns/${id}/ab-test`, {
      variants: [
        { subject: 'A for {{firstName}}', body: 'Body A' },
        { subject: 'B for {{firstName}}', body: 'Body B' },
      ],
      testPercent: 50,
      waitHours: 4,
      metric: 'open',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().abTest).toMatchObject({ phase: 'ready', testPercent: 50, winner: null });

    await owner.client.post(`/api/campaigns/${id}/send`);
    const received = () => emails.flatMap((e) => mailsTo(e));
    const bySubject = (prefix: string) => received().filter((m) => m.subject?.startsWith(prefix));
    await until(
      async () => received().length,
      (n) => n === 10,
    );
    const testing = await until(
      async () => (await owner.client.get(`/api/campaigns/${id}`)).json(),
      (c) => c.sent === 10,
    );
    expect(testing).toMatchObject({ status: 'sending', subscribers: 20, abTest: { phase: 'testing' } });
    expect(bySubject('A for ')).toHaveLength(5);
    expect(bySubject('B for ')).toHaveLength(5);

    // Four of B's five are opened, one of A's.
    const open = async (mail: ParsedMail) => {
      const pixel = new URL(
        /src="([^"]+\/api\/m\/o\/[^"]+)"/.exec(String(mail.html))?.[1] ?? 'http://missing',
      );
      expect((await t.app.inject({ method: 'GET', url: pixel.pathname })).statusCode).toBe(200);
    };
    for (const mail of bySubject('B for ').slice(0, 4)) await open(mail);
    await open(bySubject('A for ')[0]);
    await startDueCampaigns(t.app.deps); // the wait is not over: nothing is decided
    expect((await owner.client.get(`/api/campaigns/${id}`)).json().abTest.phase).toBe('testing');

    offsetMs += 4 * 3_600_000 + 60_000;
    await startDueCampaigns(t.app.deps);
    const done = await until(
      async () => (await owner.client.get(`/api/campaigns/${id}`)).json(),
      (c) => c.status !== 'sending',
    );
    expect(done).toMatchObject({ status: 'sent', sent: 20, abTest: { phase: 'decided', winner: 1 } });
    // 80% against 20% of five each is far from the always-valid boundary: the test stops at its
    // maximum sample (all ten counted) and the leader goes to the rest.
    const look = lookAt(
      [
        { sent: 5, hits: 1 },
        { sent: 5, hits: 4 },
      ],
      { target: 0.95, rho: mixingFor(5, 0.05) },
    );
    expect(done.abTest).toMatchObject({ state: 'winner_sent', stopReason: 'max_sample', leader: 1 });
    expect(done.abTest.confidence).toBeCloseTo(look.confidence, 9);
    expect(done.abTest.confidence).toBeLessThan(0.9422); // the fixed-horizon z-test's, which peeking would inflate
    expect(
      done.abTest.variants.map((v: { sent: number; opens: number; openRate: number }) => [
        v.sent,
        v.opens,
        v.openRate,
      ]),
    ).toEqual([
      [5, 1, 0.2],
      [5, 4, 0.8],
    ]);
    // Every recipient got exactly one message; the rest got the winner's, with their own name.
    for (const [i, email] of emails.entries()) {
      expect(mailsTo(email)).toHaveLength(1);
      expect(mailsTo(email)[0].subject).toMatch(new RegExp(`^[AB] for N${i}$`));
    }
    expect(bySubject('B for ')).toHaveLength(15);
    // The test's scheduled job or another sweep decides nothing twice and sends nothing more.
    await decideAbTest(t.app.deps, owner.workspaceId, id);
    await startDueCampaigns(t.app.deps);
    expect(received()).toHaveLength(20);
    const late = await owner.client.put(`/api/campaigns/${id}/ab-test`, set.json().abTest);
    expect(late.statusCode).toBe(409);
  });
});

describe('bounces and complaints', () => {
  it('marks the contact on a hard bounce or a complaint at the capture SMTP server; the next campaign skips it', async () => {
    const capture = await startCaptureServer(t.app.deps, { port: 0, host: '127.0.0.1' });
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: capture.port,
      secure: false,
      ignoreTLS: true,
    });
    const report = (to: string, raw: string) =>
      transport.sendMail({ envelope: { from: 'mailer-daemon@mx.example', to }, raw });
    try {
      const tag = `dsn-${Date.now()}`;
      const bounced = uniqueEmail('bounced');
      const complained = uniqueEmail('complained');
      const delayed = uniqueEmail('delayed');
      const bouncedContact = await addContact(owner.client, { email: bounced, tags: [tag] });
      await addContact(owner.client, { email: complained, tags: [tag] });
      await addContact(owner.client, { email: delayed, tags: [tag] });
      const campaign = { name: 'Bounce probe', subject: 'Probe', body: 'b', audience: { tag } };
      expect(await sendAndFinish(owner.client, campaign)).toMatchObject({ status: 'sent', sent: 3 });
      const tokenOf = (email: string) =>
        /^<([^@]+)@businesshub\.marketing>$/.exec(mailsTo(email)[0].messageId ?? '')?.[1] ?? '';
      const bounceAddress = (email: string) => `bounces-${tokenOf(email)}@capture.localhost`;
      const { address } = (await owner.client.get('/api/email/capture-address')).json();

      // The receiving server's DSN goes to the message's envelope sender, its bounce address.
      await report(bounceAddress(bounced), dsn(bounced, 'failed', '5.1.1', tokenOf(bounced)));
      // A feedback loop's complaint, forwarded to the workspace's capture address.
      await report(address, arf(complained, tokenOf(complained)));
      // A delay is no bounce; a report about an address this workspace never mailed changes nothing.
      await report(bounceAddress(delayed), dsn(delayed, 'delayed', '4.4.7', tokenOf(delayed)));
      await report(address, dsn(uniqueEmail('stranger'), 'failed', '5.1.1', 'x'.repeat(22)));
      await expect(
        report(
          `bounces-${'z'.repeat(30)}@capture.localhost`,
          dsn(bounced, 'failed', '5.1.1', 'z'.repeat(30)),
        ),
      ).rejects.toThrow(/550/);

      const second = await sendAndFinish(owner.client, { ...campaign, name: 'After the bounces' });
      expect(second).toMatchObject({ status: 'sent', subscribers: 1, sent: 1 });
      expect(mailsTo(bounced)).toHaveLength(1);
      expect(mailsTo(complained)).toHaveLength(1);
      expect(mailsTo(delayed)).toHaveLength(2);
      const detail = (await owner.client.get(`/api/contacts/${bouncedContact.id}`)).json();
      expect(detail.timeline.map((e: { title: string }) => e.title)).toContain(
        'Marketing email bounced (5.1.1): no more marketing mail',
      );
      // Reports are not filed as conversations, nor their senders as contacts.
      const conversations = (await owner.client.get('/api/email/conversations')).json();
      expect(conversations.map((c: { subject: string }) => c.subject)).not.toContain(
        'Undelivered Mail Returned to Sender',
      );
    } finally {
      transport.close();
      await capture.close();
    }
  });
});

describe('/marketing-demo', () => {
  it('shows the demo workspace’s campaigns to anyone, read-only, without an outbox', async () => {
    await seedDemoWorkspace(t.app.deps);
    const visitor = new ApiClient(t.app);
    const list = await visitor.get('/api/demo/marketing/campaigns');
    expect(list.statusCode).toBe(200);
    const campaigns = list.json() as { id: number; name: string; status: string; opens: number }[];
    const spring = campaigns.find((c) => c.name === 'Spring Newsletter');
    expect(spring).toMatchObject({ status: 'sent' });
    expect(spring?.opens).toBeGreaterThan(0);
    const webinar = campaigns.find((c) => c.name === 'Homebuyer Webinar Invitation');
    const detail = (await visitor.get(`/api/demo/marketing/campaigns/${webinar?.id}`)).json();
    expect(detail.abTest).toMatchObject({ phase: 'decided', winner: 1 });
    expect(detail.abTest.variants[1].openRate).toBeGreaterThan(detail.abTest.variants[0].openRate);
    // Seeding again adds nothing: the demo has campaigns.
    await seedDemoWorkspace(t.app.deps);
    expect((await visitor.get('/api/demo/marketing/campaigns')).json()).toHaveLength(campaigns.length);
    // Nothing to write and no outbox (the demo contacts' addresses) under the public prefix.
    for (const [method, url] of [
      ['POST', '/api/demo/marketing/campaigns'],
      ['POST', `/api/demo/marketing/campaigns/${spring?.id}/pause`],
      ['DELETE', `/api/demo/marketing/campaigns/${spring?.id}`],
      ['GET', `/api/demo/marketing/campaigns/${spring?.id}/messages`],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect([403, 404]).toContain(res.statusCode);
    }
    expect((await visitor.get('/api/demo/marketing/campaigns')).json()).toEqual(campaigns);
    // The signed-in API stays private: the visitor reads nothing of it.
    expect((await visitor.get(`/api/campaigns/${spring?.id}`)).statusCode).toBe(401);
    expect((await visitor.get('/api/demo/marketing/campaigns/abc')).statusCode).toBe(400);
  });
});

describe('a campaign killed mid-send', () => {
  it('sends each message once after kill -9 and a restart, but the one caught in the window', {
    timeout: 180_000,
  }, async () => {
    // A sink that holds the third message unanswered: the server is killed while it waits for it. The
    // sink then takes it anyway, as an SMTP server that got the final dot may: SMTP's one window.
    const accepted: { to: string; messageId: string }[] = [];
    let held: (() => void) | null = null;
    let heldReached: () => void = () => {};
    const reachedHold = new Promise<void>((resolve) => {
      heldReached = resolve;
    });
    const sink = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        simpleParser(stream).then((mail) => {
          const copy = { to: recipients([mail])[0] ?? '', messageId: mail.messageId ?? '' };
          if (accepted.length === 2 && !held) {
            held = () => {
              accepted.push(copy);
              callback();
            };
            heldReached();
            return;
          }
          accepted.push(copy);
          callback();
        }, callback);
      },
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    const url = `smtp://127.0.0.1:${(sink.server.address() as AddressInfo).port}`;
    const env = { SMTP_URL: url, OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8' };
    await owner.client.patch('/api/automation/settings', { sendRatePerMinute: 0 });
    const tag = `kill-${Date.now()}`;
    const emails = Array.from({ length: 6 }, () => uniqueEmail('k'));
    for (const email of emails) await addContact(owner.client, { email, tags: [tag] });
    const id = (
      await owner.client.post('/api/campaigns', {
        name: 'Killed',
        subject: 'K',
        body: 'b',
        audience: { tag },
      })
    ).json().id;
    // This test's app stops its workers, so the server processes do the sending.
    await t.close();
    t = await createTestApp({ clock, env: { SMTP_URL: url } });
    const client = new ApiClient(t.app, owner.client.ip);
    client.cookie = owner.client.cookie;

    const first = await startServerProcess(env);
    try {
      expect((await client.post(`/api/campaigns/${id}/send`)).statusCode).toBe(200);
      await reachedHold;
      first.child.kill('SIGKILL');
      await new Promise((resolve) => first.child.once('exit', resolve));
    } finally {
      first.child.kill('SIGKILL');
    }
    (held as (() => void) | null)?.();
    const second = await startServerProcess(env);
    try {
      const done = await until(
        async () => (await client.get(`/api/campaigns/${id}`)).json(),
        (c) => c.status === 'sent',
      );
      expect(done.sent).toBe(6);
      // Everyone once, the held recipient twice: both copies with the one Message-ID of its row.
      const twice = accepted.filter((a) => a.to === accepted[2].to);
      expect(twice).toHaveLength(2);
      expect(twice[1].messageId).toBe(twice[0].messageId);
      expect(twice[0].messageId).toMatch(/^<[^@]+@businesshub\.marketing>$/);
      expect([...new Set(accepted.map((a) => a.to))].sort()).toEqual([...emails].sort());
      expect(accepted).toHaveLength(7);
    } finally {
      second.child.kill('SIGTERM');
      await new Promise((resolve) => second.child.once('exit', resolve));
      await new Promise<void>((resolve) => sink.close(() => resolve()));
    }
  });
});
