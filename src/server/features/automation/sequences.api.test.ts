import { createHmac } from 'node:crypto';
import nodemailer from 'nodemailer';
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
} from '../../../../test/test-app.js';
import { type CaptureServer, startCaptureServer } from '../email/capture-server.js';
import { sweepAutomation } from './jobs.js';

/** A clock the test moves by hand: waits end when it says so, nothing sleeps through them. */
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
const day = 86_400_000;

let t: TestApp;
let smtp: LocalSmtpServer;
let capture: CaptureServer;
let owner: SignedUp;
let captureAddress: string;
let db: pg.Client;

beforeAll(async () => {
  smtp = await startLocalSmtpServer();
  // Its own database: its workers run with a clock days ahead, which would fire other files' waits early.
  t = await createTestApp({
    workers: true,
    clock,
    ownDatabase: true,
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://hub.test' },
  });
  capture = await startCaptureServer(t.app.deps, { port: 0, host: '127.0.0.1' });
  owner = await signUpOwner(t.app);
  captureAddress = (await owner.client.get('/api/email/capture-address')).json().address;
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await capture?.close();
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

type Run = {
  id: number;
  contactId: number;
  status: string;
  exitReason: string | null;
  exitedAt: string | null;
};
const runsOf = async (client: SignedUp['client'], workflowId: number) =>
  (await client.get(`/api/workflows/${workflowId}/runs?limit=100`)).json() as Run[];

/** A sequence: an email, a two-day wait, a second email; the contacts tagged `tag` enter it. */
async function createSequence(client: SignedUp['client'], tag: string, exitRules: Record<string, unknown>) {
  const res = await client.post('/api/workflows', {
    name: `Follow-up ${tag}`,
    status: 'active',
    trigger: { type: 'tag_added', tag },
    steps: [
      { type: 'send_email', subject: 'Hello {{firstName}}', body: 'First touch' },
      { type: 'wait', amount: 2, unit: 'days' },
      { type: 'send_email', subject: 'Following up', body: 'Second touch' },
    ],
    exitRules,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; exitRules: unknown };
}

/** A new contact, then tagged: the tag starts the sequences. */
async function tagged(client: SignedUp['client'], email: string, tag: string, firstName: string) {
  const created = await client.post('/api/contacts', { firstName, lastName: 'Seq', email });
  expect(created.statusCode, created.body).toBe(201);
  const contactId = created.json().id as number;
  const patched = await client.patch(`/api/contacts/${contactId}`, { tags: [tag] });
  expect(patched.statusCode, patched.body).toBe(200);
  return contactId;
}

/** A contact enters the sequence and gets its first email; resolves when the run waits. */
async function enter(
  client: SignedUp['client'],
  workflowId: number,
  tag: string,
  email = uniqueEmail('seq'),
) {
  const contactId = await tagged(client, email, tag, 'Sam');
  await smtp.nextMailTo(email);
  const run = await until(
    async () => (await runsOf(client, workflowId)).find((r) => r.contactId === contactId),
    (r) => r?.status === 'waiting',
  );
  return { email, contactId, runId: (run as Run).id };
}

const runStatus = async (client: SignedUp['client'], workflowId: number, runId: number) =>
  (await runsOf(client, workflowId)).find((r) => r.id === runId) as Run;

/** Moves past the wait and lets every due step run: a run still going sends its second email now. */
async function passTheWait() {
  offsetMs += 3 * day;
  await sweepAutomation(t.app.deps);
}

const mailsTo = (email: string) =>
  smtp.received.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.includes(email)));

const replyFrom = (email: string, messageId: string) =>
  nodemailer
    .createTransport({ host: '127.0.0.1', port: capture.port, secure: false, ignoreTLS: true })
    .sendMail({
      from: `Sam Seq <${email}>`,
      to: 'owner@mybiz.test',
      bcc: captureAddress,
      subject: 'Re: Hello Sam',
      text: 'Thanks, let us talk.',
      messageId,
    });

// ---- the scheduling providers, signing exactly as they document ----

function calComHeaders(secret: string, body: string) {
  return {
    'content-type': 'application/json',
    'x-cal-signature-256': createHmac('sha256', secret).update(body).digest('hex'),
  };
}
function calendlyHeaders(secret: string, body: string, at = clock()) {
  const ts = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex');
  return { 'content-type': 'application/json', 'calendly-webhook-signature': `t=${ts},v1=${v1}` };
}
const calComBooking = (email: string) =>
  JSON.stringify({
    triggerEvent: 'BOOKING_CREATED',
    createdAt: clock().toISOString(),
    payload: {
      type: 'intro-call',
      title: 'Intro call between Olive and Sam',
      startTime: new Date(clock().getTime() + day).toISOString(),
      organizer: { email: 'olive@mybiz.test', name: 'Olive', timeZone: 'Europe/Berlin' },
      attendees: [{ email, name: 'Sam Seq', timeZone: 'Europe/Berlin' }],
      uid: 'bk-1',
    },
  });
const calendlyBooking = (email: string) =>
  JSON.stringify({
    event: 'invitee.created',
    created_at: clock().toISOString(),
    payload: {
      email,
      name: 'Sam Seq',
      status: 'active',
      uri: 'https://api.calendly.com/scheduled_events/ev1/invitees/in1',
      scheduled_event: { name: 'Intro call', start_time: new Date(clock().getTime() + day).toISOString() },
    },
  });

async function bookingWebhookOf(client: SignedUp['client']) {
  const res = await client.get('/api/sequences/booking-webhook');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { url: string; secret: string };
}
const postBooking = (url: string, body: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: new URL(url).pathname, payload: body, headers });

describe('sequences: exit rules', () => {
  it('ends the run on a reply captured over SMTP, says why, and sends nothing after it', async () => {
    const tag = 'seq-reply';
    const sequence = await createSequence(owner.client, tag, { replied: true });
    expect(sequence.exitRules).toEqual({
      replied: true,
      bookedMeeting: false,
      unsubscribed: false,
      dealStage: null,
      leftSegmentId: null,
    });
    // A second sequence that does not exit on replies keeps going.
    const other = await createSequence(owner.client, tag, { unsubscribed: true });
    const { email, contactId, runId } = await enter(owner.client, sequence.id, tag);
    const otherRun = (await runsOf(owner.client, other.id)).find((r) => r.contactId === contactId) as Run;
    await smtp.nextMailTo(email);

    await replyFrom(email, `<reply-${runId}@client.test>`);
    const exited = await until(
      () => runStatus(owner.client, sequence.id, runId),
      (r) => r.status === 'exited',
    );
    expect(exited.exitReason).toBe('replied');
    expect(exited.exitedAt).not.toBeNull();
    expect((await runStatus(owner.client, other.id, otherRun.id)).status).toBe('waiting');
    const detail = (await owner.client.get(`/api/workflows/${sequence.id}`)).json();
    expect(detail.runs.exited).toBe(1);

    await passTheWait();
    await until(
      () => runStatus(owner.client, other.id, otherRun.id),
      (r) => r.status === 'completed',
    );
    // The other sequence's second email goes out; the exited run never queued one.
    await until(
      async () => mailsTo(email).filter((m) => m.subject === 'Following up').length,
      (n) => n === 1,
    );
    const { rows } = await db.query('select subject from marketing_messages where run_id = $1', [runId]);
    expect(rows.map((r) => r.subject)).toEqual(['Hello Sam']);
    expect((await runStatus(owner.client, sequence.id, runId)).status).toBe('exited');
    // Each queued email's link token is in the directory, so its opens and clicks find the workspace.
    expect(await directoryDifference(t.ownerUrl, owner.workspaceId)).toEqual([]);
  });

  it('ends the run on a Cal.com booking and on a Calendly booking signed with the workspace secret', async () => {
    const tag = 'seq-book';
    const sequence = await createSequence(owner.client, tag, { bookedMeeting: true });
    const cal = await enter(owner.client, sequence.id, tag);
    const calendly = await enter(owner.client, sequence.id, tag);
    const { url, secret } = await bookingWebhookOf(owner.client);
    expect(url).toMatch(/^http:\/\/hub\.test\/api\/sequences\/bookings\/\d+$/);

    const calBody = calComBooking(cal.email.toUpperCase());
    const calRes = await postBooking(url, calBody, calComHeaders(secret, calBody));
    expect(calRes.statusCode, calRes.body).toBe(200);
    expect(calRes.json()).toEqual({ received: true, contactFound: true, runsExited: 1 });
    const calRun = await runStatus(owner.client, sequence.id, cal.runId);
    expect([calRun.status, calRun.exitReason]).toEqual(['exited', 'booked_meeting']);

    const body = calendlyBooking(calendly.email);
    const res = await postBooking(url, body, calendlyHeaders(secret, body));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().runsExited).toBe(1);
    const run = await runStatus(owner.client, sequence.id, calendly.runId);
    expect([run.status, run.exitReason]).toEqual(['exited', 'booked_meeting']);

    // Other event types are acknowledged and change nothing; a booking by a stranger finds no contact.
    const cancelled = JSON.stringify({ triggerEvent: 'BOOKING_CANCELLED', payload: {} });
    expect((await postBooking(url, cancelled, calComHeaders(secret, cancelled))).json()).toEqual({
      received: true,
      contactFound: false,
      runsExited: 0,
    });
    const stranger = calComBooking(uniqueEmail('stranger'));
    expect((await postBooking(url, stranger, calComHeaders(secret, stranger))).json().contactFound).toBe(
      false,
    );

    await passTheWait();
    expect(mailsTo(cal.email).map((m) => m.subject)).toEqual(['Hello Sam']);
  });

  it('refuses a missing, wrong or stale signature (401) and a payload without the invitee (400), changing nothing', async () => {
    const tag = 'seq-forged';
    const sequence = await createSequence(owner.client, tag, { bookedMeeting: true });
    const { email, runId } = await enter(owner.client, sequence.id, tag);
    const { url, secret } = await bookingWebhookOf(owner.client);
    const body = calComBooking(email);
    expect((await postBooking(url, body, { 'content-type': 'application/json' })).statusCode).toBe(401);
    expect((await postBooking(url, body, calComHeaders('not-the-secret', body))).statusCode).toBe(401);
    const tampered = calComHeaders(secret, body);
    expect((await postBooking(url, body.replace('Sam Seq', 'Eve'), tampered)).statusCode).toBe(401);
    const calendly = calendlyBooking(email);
    const stale = calendlyHeaders(secret, calendly, new Date(clock().getTime() - 10 * 60_000));
    expect((await postBooking(url, calendly, stale)).statusCode).toBe(401);
    expect((await postBooking(url, calendly, calendlyHeaders('wrong', calendly))).statusCode).toBe(401);

    const noInvitee = JSON.stringify({ triggerEvent: 'BOOKING_CREATED', payload: { attendees: [] } });
    const bad = await postBooking(url, noInvitee, calComHeaders(secret, noInvitee));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('payload.attendees.0.email');
    const notJson = 'not json';
    expect((await postBooking(url, notJson, calComHeaders(secret, notJson))).statusCode).toBe(400);
    expect((await runStatus(owner.client, sequence.id, runId)).status).toBe('waiting');
  });

  it('ends the run when the contact unsubscribes from the first email', async () => {
    const tag = 'seq-unsub';
    const sequence = await createSequence(owner.client, tag, { unsubscribed: true });
    const { email, runId } = await enter(owner.client, sequence.id, tag);
    const { rows } = await db.query<{ token: string }>(
      'select token from marketing_messages where run_id = $1',
      [runId],
    );
    const res = await t.app.inject({ method: 'POST', url: `/api/m/u/${rows[0].token}` });
    expect(res.statusCode).toBe(200);
    const run = await runStatus(owner.client, sequence.id, runId);
    expect([run.status, run.exitReason]).toEqual(['exited', 'unsubscribed']);
    await passTheWait();
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('ends the run when a deal of the contact reaches the chosen stage, not before', async () => {
    const tag = 'seq-deal';
    const sequence = await createSequence(owner.client, tag, { dealStage: 'proposal' });
    const { contactId, runId } = await enter(owner.client, sequence.id, tag);
    const deal = await owner.client.post('/api/deals', { name: 'Loft', contactId, stage: 'leads' });
    expect(deal.statusCode, deal.body).toBe(201);
    await owner.client.post(`/api/deals/${deal.json().id}/stage`, { stage: 'qualified' });
    expect((await runStatus(owner.client, sequence.id, runId)).status).toBe('waiting');
    await owner.client.post(`/api/deals/${deal.json().id}/stage`, { stage: 'proposal' });
    const run = await runStatus(owner.client, sequence.id, runId);
    expect([run.status, run.exitReason]).toEqual(['exited', 'deal_stage']);
  });

  it('ends the run when the contact leaves the chosen segment', async () => {
    const tag = 'seq-segment';
    const segment = await owner.client.post('/api/segments', {
      name: 'Sequence audience',
      match: 'all',
      conditions: [{ kind: 'tag', op: 'has', tag }],
    });
    expect(segment.statusCode, segment.body).toBe(201);
    const segmentId = segment.json().id as number;
    await until(
      async () => (await owner.client.get(`/api/segments/${segmentId}`)).json().status,
      (status) => status === 'ready',
    );
    const sequence = await createSequence(owner.client, tag, { leftSegmentId: segmentId });
    const { email, contactId, runId } = await enter(owner.client, sequence.id, tag);
    const isMember = async () =>
      (
        (await owner.client.get(`/api/segments/${segmentId}/members?limit=100`)).json().members as {
          contactId: number;
        }[]
      ).some((m) => m.contactId === contactId);
    await until(isMember, (member) => member);
    expect((await runStatus(owner.client, sequence.id, runId)).status).toBe('waiting');
    expect((await owner.client.patch(`/api/contacts/${contactId}`, { tags: [] })).statusCode).toBe(200);
    const run = await until(
      () => runStatus(owner.client, sequence.id, runId),
      (r) => r.status !== 'waiting',
    );
    expect([run.status, run.exitReason]).toEqual(['exited', 'left_segment']);
    expect(await isMember()).toBe(false);
    await passTheWait();
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('refuses bad exit rules with a 400 naming the field, and stores nothing', async () => {
    const before = (await owner.client.get('/api/workflows')).json().length;
    const res = await owner.client.post('/api/workflows', {
      name: 'Bad',
      trigger: { type: 'contact_created' },
      steps: [{ type: 'wait', amount: 1, unit: 'days' }],
      exitRules: { replied: 'yes', dealStage: 'signed' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { path: string }) => i.path)).toEqual(
      expect.arrayContaining(['exitRules.replied', 'exitRules.dealStage']),
    );
    expect((await owner.client.get('/api/workflows')).json().length).toBe(before);
  });

  it('shows the booking webhook to owners and admins only, one secret per workspace', async () => {
    const admin = await addMember(t.app, owner, 'admin');
    const member = await addMember(t.app, owner, 'member');
    expect((await bookingWebhookOf(admin.client)).secret).toBe((await bookingWebhookOf(owner.client)).secret);
    expect((await member.client.get('/api/sequences/booking-webhook')).statusCode).toBe(403);
    const other = await signUpOwner(t.app);
    const mine = await bookingWebhookOf(owner.client);
    const theirs = await bookingWebhookOf(other.client);
    expect(theirs.secret).not.toBe(mine.secret);
    expect(theirs.url).not.toBe(mine.url);

    // Isolation: a booking signed for this workspace is refused at another's address, and a booking at
    // the other workspace never reaches this workspace's contacts.
    const tag = 'seq-iso';
    const sequence = await createSequence(owner.client, tag, { bookedMeeting: true });
    const { email, runId } = await enter(owner.client, sequence.id, tag);
    const body = calComBooking(email);
    expect((await postBooking(theirs.url, body, calComHeaders(mine.secret, body))).statusCode).toBe(401);
    const there = await postBooking(theirs.url, body, calComHeaders(theirs.secret, body));
    expect(there.json()).toEqual({ received: true, contactFound: false, runsExited: 0 });
    expect((await runStatus(owner.client, sequence.id, runId)).status).toBe('waiting');
  });
});

describe('sequences: no send after the exit', () => {
  it('in 100 trials where the reply lands within a second of the next step, sends nothing after an exit', async () => {
    const tag = 'seq-race';
    const workflow = await owner.client.post('/api/workflows', {
      name: 'Race',
      status: 'active',
      trigger: { type: 'tag_added', tag },
      steps: [
        { type: 'wait', amount: 1, unit: 'hours' },
        { type: 'send_email', subject: 'Due now', body: 'The step that races the reply' },
      ],
      exitRules: { replied: true },
    });
    expect(workflow.statusCode, workflow.body).toBe(201);
    const workflowId = workflow.json().id as number;
    const rounds = 4;
    const perRound = 25;
    let exited = 0;
    let completed = 0;
    let extraSends = 0;
    for (let round = 0; round < rounds; round += 1) {
      const contacts: { email: string; contactId: number }[] = [];
      for (let i = 0; i < perRound; i += 1) {
        const email = uniqueEmail(`race${round}`);
        contacts.push({ email, contactId: await tagged(owner.client, email, tag, 'R') });
      }
      const ids = new Set(contacts.map((c) => c.contactId));
      await until(
        async () => (await runsOf(owner.client, workflowId)).filter((r) => ids.has(r.contactId)),
        (runs) => runs.length === perRound && runs.every((r) => r.status === 'waiting'),
      );
      // The step falls due and is woken a second from now; each reply lands up to a second before or after.
      offsetMs += 3_600_000;
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      await Promise.all([
        sleep(1000).then(() => sweepAutomation(t.app.deps)),
        ...contacts.map(async (c, i) => {
          await sleep(Math.floor(Math.random() * 2000));
          await replyFrom(c.email, `<race-${round}-${i}-${c.contactId}@client.test>`);
        }),
      ]);
      // Everything settles: every reply filed, every run ended, every message that will go out gone out.
      await until(
        async () =>
          (
            await db.query<{ pending: number }>(
              `select (select count(*) from email_processing_jobs j where j.processed = false and j.error_message is null)
                 + (select count(*) from marketing_messages m where m.status in ('queued', 'sending')
                      and m.contact_id = any($1::bigint[]))
                 + (select count(*) from workflow_runs r where r.contact_id = any($1::bigint[])
                      and r.status in ('running', 'waiting')) as pending`,
              [[...ids]],
            )
          ).rows[0],
        (r) => Number(r.pending) === 0,
      );
      const runs = (await runsOf(owner.client, workflowId)).filter((r) => ids.has(r.contactId));
      for (const run of runs) {
        const email = contacts.find((c) => c.contactId === run.contactId)?.email as string;
        const sent = mailsTo(email).filter((m) => m.subject === 'Due now').length;
        if (run.status === 'exited') {
          exited += 1;
          extraSends += sent;
        } else {
          expect(run.status).toBe('completed');
          // A step that ran before the reply sent its email, once.
          expect(sent).toBe(1);
          completed += 1;
        }
      }
    }
    console.log(JSON.stringify({ trials: rounds * perRound, exited, completed, extraSends }));
    expect(exited + completed).toBe(rounds * perRound);
    expect(extraSends).toBe(0);
  }, 240_000);
});
