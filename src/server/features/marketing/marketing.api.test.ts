import type { AddressInfo } from 'node:net';
import type { ParsedMail } from 'mailparser';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalSmtpServer, startLocalSmtpServer } from '../../../../test/local-smtp-server.js';
import { startServerProcess } from '../../../../test/server-process.js';
import {
  ApiClient,
  addMember,
  createTestApp,
  type SignedUp,
  signUpOwner,
  type TestApp,
  uniqueEmail,
} from '../../../../test/test-app.js';

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

describe('a campaign killed mid-send', () => {
  it('sends each message exactly once after kill -9 and a restart', { timeout: 180_000 }, async () => {
    // A sink that holds the third message unanswered: the server is killed while it waits for it.
    const accepted: string[] = [];
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
          const to = recipients([mail])[0] ?? '';
          if (accepted.length === 2 && !held) {
            held = () => callback(new Error('gone'));
            heldReached();
            return;
          }
          accepted.push(to);
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
      expect([...accepted].sort()).toEqual([...emails].sort());
    } finally {
      second.child.kill('SIGTERM');
      await new Promise((resolve) => second.child.once('exit', resolve));
      await new Promise<void>((resolve) => sink.close(() => resolve()));
    }
  });
});
