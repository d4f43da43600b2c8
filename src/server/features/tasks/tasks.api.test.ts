import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalSmtpServer, startLocalSmtpServer } from '../../../../test/local-smtp-server.js';
import { addMember, type SignedUp, signUpOwner, useTestApp } from '../../../../test/test-app.js';
import {
  closeTasksForCauses,
  ensureTaskForCause,
  fireDueReminders,
  reminderMailJobName,
  sendReminderMail,
} from './service.js';

const hour = 3_600_000;
const start = new Date('2031-05-02T08:00:00Z');
let current = start;
let smtp: LocalSmtpServer;
let db: pg.Client;

beforeAll(async () => {
  smtp = await startLocalSmtpServer();
});
// Its own database: the reminder sweep reads every workspace's tasks, and its jobs are counted here.
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
let member: Awaited<ReturnType<typeof addMember>> & { userId: number };
let viewer: Awaited<ReturnType<typeof addMember>>;
let admin: Awaited<ReturnType<typeof addMember>>;
let contactId: number;

beforeAll(async () => {
  owner = await signUpOwner(t.app, { businessName: 'Task Works' });
  other = await signUpOwner(t.app, { businessName: 'Elsewhere Ltd' });
  const m = await addMember(t.app, owner, 'member');
  member = { ...m, userId: (await m.client.get('/api/auth/user')).json().id };
  viewer = await addMember(t.app, owner, 'viewer');
  admin = await addMember(t.app, owner, 'admin');
  const contact = await owner.client.post('/api/contacts', { firstName: 'Ann', lastName: 'Lee' });
  expect(contact.statusCode, contact.body).toBe(201);
  contactId = contact.json().id;
});

const rowOf = async (id: number) => (await db.query('select * from tasks where id = $1', [id])).rows[0];

describe('tasks', () => {
  it('creates, reads, updates and deletes a task, with roles', async () => {
    const dueAt = new Date(start.getTime() + 5 * hour).toISOString();
    const created = await owner.client.post('/api/tasks', { title: '  Call Ann back ', dueAt, contactId });
    expect(created.statusCode, created.body).toBe(201);
    const task = created.json();
    expect(task).toMatchObject({
      title: 'Call Ann back',
      status: 'open',
      dueAt,
      remindAt: dueAt,
      reminderState: 'pending',
      ownerId: owner.userId,
      ownerName: 'Olive Owner',
      createdBy: owner.userId,
      contactId,
      contactName: 'Ann Lee',
      commentCount: 0,
      closedAt: null,
    });
    // It is on the contact's timeline, and the contact's tasks list it.
    const timeline = (await owner.client.get(`/api/contacts/${contactId}`)).json().timeline;
    expect(timeline.map((e: { title: string }) => e.title)).toContain('Task: Call Ann back');
    const ofContact = (await viewer.client.get(`/api/tasks?owner=all&contactId=${contactId}`)).json();
    expect(ofContact.tasks.map((x: { id: number }) => x.id)).toEqual([task.id]);

    // Viewers read, never write.
    expect((await viewer.client.get(`/api/tasks/${task.id}`)).statusCode).toBe(200);
    expect((await viewer.client.post('/api/tasks', { title: 'Nope' })).statusCode).toBe(403);
    expect((await viewer.client.patch(`/api/tasks/${task.id}`, { status: 'done' })).statusCode).toBe(403);
    expect((await viewer.client.delete(`/api/tasks/${task.id}`)).statusCode).toBe(403);

    // A member changes only the tasks they created or own.
    const notYours = await member.client.patch(`/api/tasks/${task.id}`, { title: 'Mine now' });
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().messageId).toBe('tasks.notYours');
    expect((await member.client.delete(`/api/tasks/${task.id}`)).statusCode).toBe(403);
    const assigned = await owner.client.patch(`/api/tasks/${task.id}`, { ownerId: member.userId });
    expect(assigned.json().ownerId).toBe(member.userId);
    const done = await member.client.patch(`/api/tasks/${task.id}`, { status: 'done' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'done', closedAt: start.toISOString() });
    const reopened = await admin.client.patch(`/api/tasks/${task.id}`, { status: 'open', dueAt: null });
    expect(reopened.json()).toMatchObject({ status: 'open', closedAt: null, dueAt: null });
    const activities = (await owner.client.get('/api/activities')).json() as { description: string }[];
    expect(activities.map((a) => a.description)).toEqual(
      expect.arrayContaining(['New task: Call Ann back', 'Task done: Call Ann back']),
    );

    // The member's own task, and the lists: mine by default, soonest due first, undated last.
    const own = await member.client.post('/api/tasks', { title: 'Write the proposal', dueAt });
    expect(own.json()).toMatchObject({ ownerId: member.userId, createdBy: member.userId });
    const mine = (await member.client.get('/api/tasks')).json();
    expect(mine.tasks.map((x: { title: string }) => x.title)).toEqual([
      'Write the proposal',
      'Call Ann back',
    ]);
    expect((await owner.client.get('/api/tasks')).json().tasks).toEqual([]);
    expect(
      (await owner.client.get(`/api/tasks?owner=${member.userId}&q=PROPOSAL`)).json().tasks,
    ).toHaveLength(1);

    expect((await member.client.delete(`/api/tasks/${own.json().id}`)).statusCode).toBe(204);
    expect((await member.client.get(`/api/tasks/${own.json().id}`)).statusCode).toBe(404);
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const task = (await owner.client.post('/api/tasks', { title: 'Keep me' })).json();
    const before = await rowOf(task.id);
    const cases: [unknown, string][] = [
      [{ title: '' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ dueAt: 'tomorrow' }, 'dueAt'],
      [{ remindAt: '2031-13-01T00:00:00Z' }, 'remindAt'],
      [{ status: 'closed' }, 'status'],
      [{ ownerId: 'me' }, 'ownerId'],
      [{ contactId: -1 }, 'contactId'],
    ];
    for (const [body, field] of cases) {
      const res = await owner.client.patch(`/api/tasks/${task.id}`, body);
      expect(`${JSON.stringify(body)} ${res.statusCode}`).toBe(`${JSON.stringify(body)} 400`);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(field);
    }
    // Only causes set a cause key (through the area's index), never a request.
    const cause = await owner.client.patch(`/api/tasks/${task.id}`, { causeKey: 'x' });
    expect(cause.statusCode).toBe(400);
    expect(cause.json().message).toContain('causeKey');
    const missing = await owner.client.post('/api/tasks', { dueAt: start.toISOString() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues[0].path).toBe('title');
    expect(await rowOf(task.id)).toEqual(before);
  });

  it('takes only members as owners and only records of the same workspace as related', async () => {
    const count = async () => (await db.query('select count(*)::int as n from tasks')).rows[0].n;
    const before = await count();
    const foreignOwner = await owner.client.post('/api/tasks', { title: 'X', ownerId: other.userId });
    expect(foreignOwner.statusCode).toBe(400);
    expect(foreignOwner.json().issues[0].path).toBe('ownerId');

    const theirContact = (await other.client.post('/api/contacts', { firstName: 'Zed' })).json();
    const theirDeal = (
      await other.client.post('/api/deals', { name: 'Their deal', contactId: theirContact.id })
    ).json();
    const theirCompany = (
      await db.query(`insert into companies (workspace_id, name) values ($1, 'Their Co') returning id`, [
        other.workspaceId,
      ])
    ).rows[0];
    const theirApp = (
      await db.query(
        `insert into ecosystem_apps (workspace_id, name, category, url) values ($1, 'Their app', 'core', 'https://app.example') returning id`,
        [other.workspaceId],
      )
    ).rows[0];
    for (const [field, id] of [
      ['contactId', theirContact.id],
      ['dealId', theirDeal.id],
      ['companyId', Number(theirCompany.id)],
      ['appId', Number(theirApp.id)],
    ] as const) {
      const res = await owner.client.post('/api/tasks', { title: 'X', [field]: id });
      expect(`${field} ${res.statusCode}`).toBe(`${field} 400`);
      expect(res.json().issues[0].path).toBe(field);
    }
    expect(await count()).toBe(before);

    // Its own deal is fine, and named.
    const deal = (await owner.client.post('/api/deals', { name: 'Big one', contactId })).json();
    const withDeal = await owner.client.post('/api/tasks', { title: 'Send the quote', dealId: deal.id });
    expect(withDeal.json()).toMatchObject({ dealId: deal.id, dealName: 'Big one' });
  });

  it('keeps each workspace’s tasks to itself', async () => {
    const task = (await owner.client.post('/api/tasks', { title: 'Private matter' })).json();
    expect((await other.client.get(`/api/tasks/${task.id}`)).statusCode).toBe(404);
    expect((await other.client.patch(`/api/tasks/${task.id}`, { title: 'Taken' })).statusCode).toBe(404);
    expect((await other.client.delete(`/api/tasks/${task.id}`)).statusCode).toBe(404);
    expect((await other.client.post(`/api/tasks/${task.id}/comments`, { body: 'Hi' })).statusCode).toBe(404);
    const theirs = (await other.client.get('/api/tasks?owner=all&status=all')).json();
    expect(JSON.stringify(theirs)).not.toContain('Private matter');
    expect((await rowOf(task.id)).title).toBe('Private matter');
  });

  it('keeps comments, oldest first, from members; viewers read them', async () => {
    const task = (await owner.client.post('/api/tasks', { title: 'Discuss' })).json();
    expect((await member.client.post(`/api/tasks/${task.id}/comments`, { body: 'First' })).statusCode).toBe(
      201,
    );
    const second = await owner.client.post(`/api/tasks/${task.id}/comments`, { body: 'Second' });
    expect(second.json()).toMatchObject({
      body: 'Second',
      authorId: owner.userId,
      authorName: 'Olive Owner',
    });
    expect((await viewer.client.post(`/api/tasks/${task.id}/comments`, { body: 'No' })).statusCode).toBe(403);
    const blank = await owner.client.post(`/api/tasks/${task.id}/comments`, { body: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().issues[0].path).toBe('body');
    const detail = (await viewer.client.get(`/api/tasks/${task.id}`)).json();
    expect(detail.comments.map((c: { body: string }) => c.body)).toEqual(['First', 'Second']);
    expect(detail.task.commentCount).toBe(2);
  });

  it('counts my open tasks and those due by the end of my day for the shell', async () => {
    const me = await signUpOwner(t.app, { businessName: 'Count Co' });
    const at = (hours: number) => new Date(start.getTime() + hours * hour).toISOString();
    for (const [title, dueAt] of [
      ['Overdue', at(-30)],
      ['Today', at(10)],
      ['Tomorrow', at(30)],
      ['Undated', undefined],
    ] as const)
      expect((await me.client.post('/api/tasks', { title, dueAt, remindAt: null })).statusCode).toBe(201);
    const done = (await me.client.post('/api/tasks', { title: 'Done', dueAt: at(-1) })).json();
    await me.client.patch(`/api/tasks/${done.id}`, { status: 'done' });
    expect((await me.client.get('/api/tasks/summary')).json()).toEqual({ open: 4, due: 2 });
    // A reader whose day ends 40 hours from now (a date line away) counts tomorrow's too.
    expect((await me.client.get(`/api/tasks/summary?dayEnd=${encodeURIComponent(at(40))}`)).json()).toEqual({
      open: 4,
      due: 3,
    });
    expect((await me.client.get('/api/tasks/summary?dayEnd=soon')).statusCode).toBe(400);
  });
});

describe('reminders', () => {
  it('fire once at their time: one mail to the owner in their language, and the shell counts the task', async () => {
    current = start;
    const me = await signUpOwner(t.app, { businessName: 'Reminded Co', firstName: 'Rita', lastName: 'Roth' });
    expect((await me.client.patch('/api/auth/user', { locale: 'de' })).statusCode).toBe(200);
    const dueAt = new Date(start.getTime() + 48 * hour).toISOString();
    const remindAt = new Date(start.getTime() + hour).toISOString();
    const task = (
      await me.client.post('/api/tasks', { title: 'Renew the contract', dueAt, remindAt })
    ).json();
    expect((await me.client.get('/api/tasks/summary')).json()).toEqual({ open: 1, due: 0 });

    expect(await fireDueReminders(t.app.deps)).toBe(0);
    current = new Date(start.getTime() + 2 * hour);
    expect(await fireDueReminders(t.app.deps)).toBe(1);
    expect(await fireDueReminders(t.app.deps)).toBe(0);
    const jobs = await db.query(
      `select data from pgboss.job where name = $1 and (data->>'taskId')::bigint = $2`,
      [reminderMailJobName, task.id],
    );
    expect(jobs.rows).toEqual([{ data: { workspaceId: me.workspaceId, taskId: task.id } }]);
    // Fired: in the shell at once, though due only in two days.
    expect((await me.client.get('/api/tasks/summary')).json()).toEqual({ open: 1, due: 1 });
    expect((await me.client.get(`/api/tasks/${task.id}`)).json().task).toMatchObject({
      reminderState: 'sent',
      remindedAt: current.toISOString(),
    });

    // The mail job run twice (a retry after a crash) mails once.
    await sendReminderMail(t.app.deps, jobs.rows[0].data);
    await sendReminderMail(t.app.deps, jobs.rows[0].data);
    const mails = smtp.received.filter((m) => m.text?.includes('Renew the contract'));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Erinnerung: Renew the contract');
    expect(mails[0].text).toContain('Hallo Rita Roth,');
    expect(mails[0].text).toContain('Fällig: Sonntag, 4. Mai 2031 um 08:00 (UTC)');
    expect(JSON.stringify(mails[0].to)).toContain(me.email);

    // Saved again as it was (an edit of something else), the fired reminder stays fired.
    const resaved = await me.client.patch(`/api/tasks/${task.id}`, { remindAt, dueAt });
    expect(resaved.json().reminderState).toBe('sent');
    expect(await fireDueReminders(t.app.deps)).toBe(0);

    // Set to a new time, it fires (and mails) again once.
    const later = new Date(current.getTime() + hour).toISOString();
    expect((await me.client.patch(`/api/tasks/${task.id}`, { remindAt: later })).json().reminderState).toBe(
      'pending',
    );
    current = new Date(current.getTime() + 2 * hour);
    expect(await fireDueReminders(t.app.deps)).toBe(1);
    await sendReminderMail(t.app.deps, jobs.rows[0].data);
    expect(smtp.received.filter((m) => m.text?.includes('Renew the contract'))).toHaveLength(2);
  });

  it('sends nothing for a task done since, nor for a restored copy’s held reminder until it is set again', async () => {
    current = start;
    const me = await signUpOwner(t.app, { businessName: 'Held Co' });
    const remindAt = new Date(start.getTime() + hour).toISOString();
    const doneSince = (await me.client.post('/api/tasks', { title: 'Finished early', remindAt })).json();
    const held = (await me.client.post('/api/tasks', { title: 'Held after restore', remindAt })).json();
    // What a restore leaves (backups' restore holds pending reminders in the copy it makes).
    await db.query(`update tasks set reminder_state = 'held' where id = $1`, [held.id]);
    current = new Date(start.getTime() + 2 * hour);
    expect(await fireDueReminders(t.app.deps)).toBe(1);
    await me.client.patch(`/api/tasks/${doneSince.id}`, { status: 'done' });
    await sendReminderMail(t.app.deps, { workspaceId: me.workspaceId, taskId: doneSince.id });
    await sendReminderMail(t.app.deps, { workspaceId: me.workspaceId, taskId: held.id });
    expect(smtp.received.filter((m) => JSON.stringify(m.to).includes(me.email))).toHaveLength(0);
    expect((await rowOf(held.id)).reminder_state).toBe('held');

    expect(
      (await me.client.patch(`/api/tasks/${held.id}`, { remindAt: current.toISOString() })).json()
        .reminderState,
    ).toBe('pending');
    expect(await fireDueReminders(t.app.deps)).toBe(1);
    await sendReminderMail(t.app.deps, { workspaceId: me.workspaceId, taskId: held.id });
    expect((await smtp.nextMailTo(me.email)).subject).toBe('Reminder: Held after restore');
  });
});

describe('tasks of a cause (findings, incidents)', () => {
  it('creates a cause’s task once, closes it when the cause is gone, and reopens it if it comes back', async () => {
    const within = <T>(fn: Parameters<typeof t.database.withWorkspace<T>>[1]) =>
      t.database.withWorkspace(owner.workspaceId, fn);
    const input = { title: 'Fix the broken link on /pricing', description: '' };
    const first = await within((tx) => ensureTaskForCause(tx, 'crawl:broken-link:/pricing', input));
    const again = await within((tx) => ensureTaskForCause(tx, 'crawl:broken-link:/pricing', input));
    expect(first.created).toBe(true);
    expect(again).toMatchObject({ created: false, task: { id: first.task.id } });
    expect(first.task).toMatchObject({ causeKey: 'crawl:broken-link:/pricing', ownerId: owner.userId });

    expect(
      await within((tx) => closeTasksForCauses(t.app.deps, tx, ['crawl:broken-link:/pricing', 'other'])),
    ).toBe(1);
    expect((await rowOf(first.task.id)).status).toBe('done');
    const back = await within((tx) => ensureTaskForCause(tx, 'crawl:broken-link:/pricing', input));
    expect(back).toMatchObject({
      created: false,
      task: { id: first.task.id, status: 'open', closedAt: null },
    });
  });
});
