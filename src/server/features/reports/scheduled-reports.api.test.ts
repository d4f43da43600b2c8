import type { Schedule } from '@domain/reports/schedule-schemas';
import type { ParsedMail } from 'mailparser';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalSmtpServer, startLocalSmtpServer } from '../../../../test/local-smtp-server.js';
import { addMember, type SignedUp, signUpOwner, useTestApp } from '../../../../test/test-app.js';
import {
  runScheduleTick,
  scheduleSendJobName,
  sendConfirmationMail,
  sendScheduledReport,
} from './schedules.js';

const hour = 3_600_000;
// Friday 2 May 2031, 08:00 UTC. The next Monday is 5 May: 08:00 in Berlin (CEST) is 06:00 UTC, in New York
// (EDT) 12:00 UTC.
const start = new Date('2031-05-02T08:00:00Z');
let current = start;
let smtp: LocalSmtpServer;
let db: pg.Client;

beforeAll(async () => {
  smtp = await startLocalSmtpServer();
});
// Its own database: the tick reads every workspace's schedules, and its jobs are read here.
const t = useTestApp(() => ({ clock: () => current, ownDatabase: true, env: { SMTP_URL: smtp.url } }));
beforeAll(async () => {
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await smtp?.close();
});

let owner: SignedUp;
let other: SignedUp;
let admin: Awaited<ReturnType<typeof addMember>>;
let member: Awaited<ReturnType<typeof addMember>> & { userId: number };
let viewer: Awaited<ReturnType<typeof addMember>>;
let sourcesReport: number;
let otherReport: number;

/** Contacts by source, hand-counted: 3 from "ads", 2 from "referral", 1 from "zzz-fair". */
async function fixture(workspaceId: number) {
  const sources = ['ads', 'ads', 'ads', 'referral', 'referral', 'zzz-fair'];
  for (const [i, source] of sources.entries())
    await db.query(
      `insert into contacts (workspace_id, first_name, email, source, created_at) values ($1, 'C', $2, $3, '2031-03-10T10:00Z')`,
      [workspaceId, `sched${i}-${workspaceId}@example.test`, source],
    );
}

const report = (name: string) => ({
  name,
  source: 'contacts',
  measures: [{ fn: 'count' }],
  breakdown: { by: 'field', field: 'source' },
  range: { from: '2031-01-01', to: '2031-04-30' },
  chart: 'bar',
});

beforeAll(async () => {
  owner = await signUpOwner(t.app, { businessName: 'Scheduled Works', firstName: 'Rita', lastName: 'Roth' });
  other = await signUpOwner(t.app, { businessName: 'Elsewhere Schedules' });
  admin = await addMember(t.app, owner, 'admin');
  const m = await addMember(t.app, owner, 'member');
  member = { ...m, userId: (await m.client.get('/api/auth/user')).json().id };
  viewer = await addMember(t.app, owner, 'viewer');
  await fixture(owner.workspaceId);
  const saved = await owner.client.post('/api/reports', report('Contacts by source'));
  expect(saved.statusCode, saved.body).toBe(201);
  sourcesReport = saved.json().id;
  otherReport = (await other.client.post('/api/reports', report('Theirs'))).json().id;
});

/** Runs every send job the tick queued (as a worker would), twice: a retry must not mail again. */
async function runSends() {
  const { rows } = await db.query(`select data from pgboss.job where name = $1 and state = 'created'`, [
    scheduleSendJobName,
  ]);
  await db.query(`delete from pgboss.job where name = $1`, [scheduleSendJobName]);
  for (const { data } of rows) await sendScheduledReport(t.app.deps, data);
  for (const { data } of rows) await sendScheduledReport(t.app.deps, data);
  return rows.length;
}

const mailsTo = (email: string) =>
  smtp.received.filter((m) => JSON.stringify(m.to).toLowerCase().includes(email.toLowerCase()));

async function pdfText(mail: ParsedMail): Promise<string> {
  const attachment = mail.attachments.find((a) => a.contentType === 'application/pdf');
  expect(attachment, 'the PDF attachment').toBeDefined();
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(attachment?.content ?? []) }).promise;
  const texts: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return texts.join('\n');
}

/** A header as sent (mailparser folds the List-* headers into one parsed object). */
const headerOf = (mail: ParsedMail, key: string) =>
  mail.headerLines
    .find((h) => h.key === key)
    ?.line.slice(key.length + 1)
    .trim();

const unsubscribeUrl = (mail: ParsedMail) => {
  const header = headerOf(mail, 'list-unsubscribe') ?? '';
  const match = /<[^>]*?(\/api\/r\/u\/[^>]+)>/.exec(header);
  expect(match, header).not.toBeNull();
  return match?.[1] ?? '';
};

describe('scheduled reports', () => {
  it('mails each recipient at the time of day in their zone and their language, once, with the PDF', async () => {
    current = start;
    expect((await owner.client.patch('/api/auth/user', { locale: 'de' })).statusCode).toBe(200);
    const created = await owner.client.post('/api/reports/schedules', {
      reportId: sourcesReport,
      frequency: 'weekly',
      weekday: 1,
      timeOfDay: '08:00',
      recipients: [
        { userId: owner.userId, timeZone: 'Europe/Berlin' },
        { userId: member.userId, timeZone: 'America/New_York' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const schedule: Schedule = created.json();
    expect(schedule).toMatchObject({ name: 'Contacts by source', frequency: 'weekly', weekday: 1 });
    expect(schedule.recipients.map((r) => [r.email, r.locale, r.nextSendAt])).toEqual([
      [owner.email, 'de', '2031-05-05T06:00:00.000Z'],
      [member.email, null, '2031-05-05T12:00:00.000Z'],
    ]);

    current = new Date('2031-05-05T05:59:00Z');
    expect(await runScheduleTick(t.app.deps)).toBe(0);
    current = new Date('2031-05-05T06:00:00Z');
    expect(await runScheduleTick(t.app.deps)).toBe(1);
    expect(await runScheduleTick(t.app.deps)).toBe(0);
    expect(await runSends()).toBe(1);

    const [mail, ...more] = mailsTo(owner.email).filter((m) => m.subject?.includes('Contacts by source'));
    expect(more).toHaveLength(0);
    expect(mail.subject).toBe('Geplanter Bericht: Contacts by source');
    expect(mail.messageId).toMatch(/^<report-\d+-\d+@businesshub\.reports>$/);
    expect(headerOf(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // The HTML's table: each source's count, largest first, and the total.
    const cells = [...(mail.html || '').matchAll(/<t[hd][^>]*>([^<]*)<\/t[hd]>/g)].map((m) => m[1]);
    expect(cells).toEqual(['', 'Count', 'ads', '3', 'referral', '2', 'zzz-fair', '1', 'Gesamt', '6']);
    expect(mail.html).toContain('„Contacts by source“ mit Stand 5. Mai 2031.');
    const text = await pdfText(mail);
    expect(text).toContain('Contacts by source');
    expect(text.replace(/\s+/g, ' ')).toMatch(/ads 3 referral 2 zzz-fair 1 Gesamt 6/);

    // New York's 08:00 comes six hours later, in English (the member has no language; the workspace neither).
    current = new Date('2031-05-05T12:00:00Z');
    expect(await runScheduleTick(t.app.deps)).toBe(1);
    expect(await runSends()).toBe(1);
    const [theirs] = mailsTo(member.email);
    expect(theirs.subject).toBe('Scheduled report: Contacts by source');
    expect(theirs.text).toContain('ads: 3');

    const listed: Schedule = (await viewer.client.get('/api/reports/schedules')).json().schedules[0];
    expect(listed.recipients.map((r) => r.nextSendAt)).toEqual([
      '2031-05-12T06:00:00.000Z',
      '2031-05-12T12:00:00.000Z',
    ]);

    // One click on the mail's link (no session) stops the next week's mail to the owner, not the member's.
    const signedOut = await t.app.inject({
      method: 'POST',
      url: unsubscribeUrl(mail),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(signedOut.statusCode).toBe(200);
    const forged = await t.app.inject({ method: 'POST', url: `${unsubscribeUrl(mail).slice(0, -2)}xx` });
    expect(forged.statusCode).toBe(404);
    current = new Date('2031-05-12T13:00:00Z');
    expect(await runScheduleTick(t.app.deps)).toBe(1);
    expect(await runSends()).toBe(1);
    expect(mailsTo(owner.email).filter((m) => m.subject?.includes('Contacts by source'))).toHaveLength(1);
    expect(mailsTo(member.email)).toHaveLength(2);
  });

  it('mails an outside address only once it has confirmed, in the language chosen for it', async () => {
    current = start;
    const outside = 'partner@outside.example';
    const created = await admin.client.post('/api/reports/schedules', {
      reportId: sourcesReport,
      frequency: 'daily',
      timeOfDay: '09:30',
      recipients: [{ email: outside, locale: 'fr', timeZone: 'UTC' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const schedule: Schedule = created.json();
    expect(schedule.recipients[0]).toMatchObject({ confirmed: false, nextSendAt: null });
    const { rows } = await db.query(`select data from pgboss.job where name = 'reports.schedule-confirm'`);
    for (const { data } of rows) await sendConfirmationMail(t.app.deps, data);
    const confirmation = (await smtp.nextMailTo(outside)).text ?? '';
    expect(confirmation).toContain('Cette adresse a été ajoutée');
    const link = /\/api\/r\/confirm\/\S+/.exec(confirmation)?.[0] ?? '';

    current = new Date(start.getTime() + 2 * hour);
    expect(await runScheduleTick(t.app.deps)).toBe(0);
    // Opening the link only shows a button (mail scanners open links); its POST confirms.
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: link })).statusCode).toBe(200);
    const listed: Schedule = (await owner.client.get('/api/reports/schedules')).json().schedules.at(-1);
    expect(listed.recipients[0]).toMatchObject({ confirmed: true, nextSendAt: '2031-05-03T09:30:00.000Z' });
    current = new Date('2031-05-03T09:30:00Z');
    expect(await runScheduleTick(t.app.deps)).toBe(1);
    expect(await runSends()).toBe(1);
    const mail = mailsTo(outside).find((m) => m.subject?.startsWith('Rapport programmé'));
    expect(mail?.subject).toBe('Rapport programmé : Contacts by source');
    expect(await pdfText(mail as ParsedMail)).toContain('zzz-fair');
  });

  it('lets owners and admins schedule, a member subscribe only themselves, viewers read', async () => {
    current = start;
    const body = {
      reportId: sourcesReport,
      frequency: 'monthly',
      monthDay: 1,
      timeOfDay: '07:00',
      recipients: [],
    };
    expect((await member.client.post('/api/reports/schedules', body)).statusCode).toBe(403);
    expect((await viewer.client.post('/api/reports/schedules', body)).statusCode).toBe(403);
    const created = await admin.client.post('/api/reports/schedules', body);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect(
      (await viewer.client.put(`/api/reports/schedules/${id}/subscription`, { timeZone: 'UTC' })).statusCode,
    ).toBe(403);
    const mine = await member.client.put(`/api/reports/schedules/${id}/subscription`, {
      timeZone: 'Asia/Tokyo',
    });
    expect(mine.statusCode, mine.body).toBe(200);
    // 07:00 in Tokyo on 1 June is 22:00 UTC on 31 May.
    expect(mine.json().recipients).toMatchObject([
      { userId: member.userId, timeZone: 'Asia/Tokyo', nextSendAt: '2031-05-31T22:00:00.000Z' },
    ]);
    expect((await member.client.put(`/api/reports/schedules/${id}`, body)).statusCode).toBe(403);
    expect((await member.client.delete(`/api/reports/schedules/${id}`)).statusCode).toBe(403);
    const left = await member.client.delete(`/api/reports/schedules/${id}/subscription`);
    expect(left.json().recipients).toEqual([]);
    expect((await owner.client.delete(`/api/reports/schedules/${id}`)).statusCode).toBe(204);
    expect((await owner.client.delete(`/api/reports/schedules/${id}`)).statusCode).toBe(404);
  });

  it('keeps each workspace’s schedules its own', async () => {
    const mine = (await owner.client.get('/api/reports/schedules')).json().schedules as Schedule[];
    expect(mine.length).toBeGreaterThan(0);
    expect((await other.client.get('/api/reports/schedules')).json().schedules).toEqual([]);
    const id = mine[0].id;
    expect((await other.client.delete(`/api/reports/schedules/${id}`)).statusCode).toBe(404);
    const theirs = await other.client.post('/api/reports/schedules', {
      reportId: sourcesReport,
      frequency: 'daily',
      timeOfDay: '08:00',
      recipients: [{ userId: owner.userId, timeZone: 'UTC' }],
    });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().issues.map((i: { path: string }) => i.path)).toEqual(['reportId']);
    const stranger = await other.client.post('/api/reports/schedules', {
      reportId: otherReport,
      frequency: 'daily',
      timeOfDay: '08:00',
      recipients: [{ userId: owner.userId, timeZone: 'UTC' }],
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().issues.map((i: { path: string }) => i.path)).toEqual(['recipients.0.userId']);
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const before = (await owner.client.get('/api/reports/schedules')).json().schedules.length;
    const valid = {
      reportId: sourcesReport,
      frequency: 'weekly',
      weekday: 3,
      timeOfDay: '08:00',
      recipients: [{ userId: owner.userId, timeZone: 'UTC' }],
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ timeOfDay: '24:00' }, 'timeOfDay'],
      [{ weekday: undefined }, 'weekday'],
      [{ weekday: 8 }, 'weekday'],
      [{ frequency: 'hourly' }, 'frequency'],
      [{ frequency: 'monthly', monthDay: 31 }, 'monthDay'],
      [{ reportId: undefined }, 'reportId'],
      [{ recipients: [{ userId: owner.userId, timeZone: 'Mars/Olympus' }] }, 'recipients.0.timeZone'],
      [{ recipients: [{ email: 'not an address', timeZone: 'UTC' }] }, 'recipients.0.email'],
      [{ recipients: [{ timeZone: 'UTC' }] }, 'recipients.0.email'],
      [
        {
          recipients: [
            { userId: owner.userId, timeZone: 'UTC' },
            { userId: owner.userId, timeZone: 'UTC' },
          ],
        },
        'recipients.1',
      ],
    ];
    for (const [change, field] of cases) {
      const res = await owner.client.post('/api/reports/schedules', { ...valid, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(field);
    }
    expect((await owner.client.get('/api/reports/schedules')).json().schedules).toHaveLength(before);
  });

  it('sends nothing from a held (restored) workspace, and never a send a restore held', async () => {
    current = start;
    const created = await owner.client.post('/api/reports/schedules', {
      reportId: sourcesReport,
      frequency: 'daily',
      timeOfDay: '10:00',
      recipients: [{ userId: member.userId, timeZone: 'UTC' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const before = mailsTo(member.email).length;
    await db.query(`update workspaces set held_since = now() where id = $1`, [owner.workspaceId]);
    current = new Date('2031-05-02T10:00:00Z');
    try {
      expect(await runScheduleTick(t.app.deps)).toBe(0);
    } finally {
      await db.query(`update workspaces set held_since = null where id = $1`, [owner.workspaceId]);
    }
    // Released, the due send is recorded; a restore's hold (as backups' restore does to its copy) keeps it unsent.
    expect(await runScheduleTick(t.app.deps)).toBe(1);
    await db.query(`update report_sends set status = 'held' where workspace_id = $1 and status = 'pending'`, [
      owner.workspaceId,
    ]);
    expect(await runSends()).toBe(1);
    expect(mailsTo(member.email)).toHaveLength(before);
  });
});
