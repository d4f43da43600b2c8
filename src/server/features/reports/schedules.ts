import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '@domain/app-error';
import { type Locale, shippedLocaleOrNull } from '@domain/locales';
import { formatServerMessage, serverMessage } from '@domain/messages';
import { reportDefinitionSchema } from '@domain/reports/report-schemas';
import { scheduleMailWords } from '@domain/reports/schedule-mail';
import type { Schedule, ScheduleInput, ScheduleList } from '@domain/reports/schedule-schemas';
import type { Tx } from '../../db/database.js';
import { type AppDeps, now } from '../../deps.js';
import type { Member } from '../../http/session.js';
import { productMail } from '../auth/index.js';
import { tilesOf } from './dashboard-store.js';
import {
  figureTable,
  mailHtml,
  mailText,
  pdfLocaleOf,
  type RenderedReport,
  reportPdf,
} from './schedule-render.js';
import * as store from './schedule-store.js';
import { nextSendAfter, periodOf } from './schedule-time.js';
import { seriesOf } from './service.js';
import { findReportRow } from './store.js';

/*
 * Scheduled reports (issue 34 §3). Each recipient has its own next send time (its time zone's time of day).
 * The minute tick claims the due recipients (SKIP LOCKED), records one `report_sends` row per recipient and
 * period (unique), moves the next send on and queues the send job, all in one transaction; the job mails
 * and marks the row sent. See docs/areas/reports.md, "Scheduled reports", for what a kill -9 can leave.
 */

export const scheduleSendJobName = 'reports.schedule-send';
export const scheduleConfirmJobName = 'reports.schedule-confirm';

const notFound = () => new AppError('not_found', serverMessage('reports.scheduleNotFound'));

function toSchedules(rows: store.ScheduleRow[], recipients: store.RecipientRow[]): Schedule[] {
  return rows.map((row) => ({
    ...row,
    recipients: recipients
      .filter((r) => r.scheduleId === row.id)
      .map((r) => ({
        id: r.id,
        userId: r.userId,
        email: r.email,
        name: r.name,
        locale: r.locale,
        timeZone: r.timeZone,
        confirmed: r.confirmedAt !== null,
        unsubscribed: r.unsubscribedAt !== null,
        nextSendAt: r.confirmedAt && !r.unsubscribedAt ? r.nextRunAt.toISOString() : null,
      })),
  }));
}

export async function listSchedules(tx: Tx): Promise<ScheduleList> {
  const rows = await store.listScheduleRows(tx);
  return {
    schedules: toSchedules(
      rows,
      await store.recipientsOf(
        tx,
        rows.map((r) => r.id),
      ),
    ),
  };
}

async function getSchedule(tx: Tx, id: number): Promise<Schedule> {
  const rows = await store.listScheduleRows(tx, [id]);
  if (rows.length === 0) throw notFound();
  return toSchedules(rows, await store.recipientsOf(tx, [id]))[0];
}

const ruleOf = (input: Pick<ScheduleInput, 'frequency' | 'weekday' | 'monthDay' | 'timeOfDay'>) => ({
  frequency: input.frequency,
  weekday: input.frequency === 'weekly' ? (input.weekday ?? null) : null,
  monthDay: input.frequency === 'monthly' ? (input.monthDay ?? null) : null,
  timeOfDay: input.timeOfDay,
});

/** What is sent must be the workspace's: a report, or a dashboard shared with everyone (a 400 naming it). */
async function checkTarget(tx: Tx, input: ScheduleInput): Promise<void> {
  if (input.reportId !== undefined && !(await store.reportExists(tx, input.reportId)))
    throw AppError.badRequest('reportId', serverMessage('reports.notFound'));
  if (input.dashboardId !== undefined && !(await store.sharedDashboardExists(tx, input.dashboardId)))
    throw AppError.badRequest('dashboardId', serverMessage('reports.scheduleDashboardPrivate'));
  const userIds = input.recipients.flatMap((r) => (r.userId === undefined ? [] : [r.userId]));
  const members = await store.memberIds(tx, userIds);
  const stranger = input.recipients.findIndex((r) => r.userId !== undefined && !members.has(r.userId));
  if (stranger >= 0)
    throw AppError.badRequest(`recipients.${stranger}.userId`, serverMessage('reports.scheduleNotMember'));
}

/**
 * Writes the schedule's recipients: each one's next send from now in its own time zone. A new outside
 * address gets its confirmation mail (queued in this transaction) and nothing else until it confirms.
 */
async function writeRecipients(
  deps: AppDeps,
  tx: Tx,
  workspaceId: number,
  scheduleId: number,
  input: ScheduleInput,
) {
  const rule = ruleOf(input);
  const at = now(deps);
  const kept: number[] = [];
  const toConfirm: number[] = [];
  for (const r of input.recipients) {
    const written = await store.upsertRecipient(tx, scheduleId, {
      userId: r.userId ?? null,
      email: r.userId === undefined ? (r.email ?? null) : null,
      locale: r.userId === undefined ? (r.locale ?? 'en') : null,
      timeZone: r.timeZone,
      nextRunAt: nextSendAfter(rule, r.timeZone, at),
    });
    kept.push(written.id);
    if (written.created && r.userId === undefined) toConfirm.push(written.id);
  }
  await store.removeRecipientsExcept(tx, scheduleId, kept);
  await deps.queue.sendMany(
    scheduleConfirmJobName,
    toConfirm.map((recipientId) => ({ data: { workspaceId, recipientId } })),
    { tx },
  );
}

const targetOf = (input: ScheduleInput) => ({
  reportId: input.reportId ?? null,
  dashboardId: input.dashboardId ?? null,
  ...ruleOf(input),
});

export async function createSchedule(deps: AppDeps, tx: Tx, member: Member, input: ScheduleInput) {
  await checkTarget(tx, input);
  const id = await store.insertSchedule(tx, targetOf(input), member.userId);
  await writeRecipients(deps, tx, member.workspaceId, id, input);
  return getSchedule(tx, id);
}

export async function updateSchedule(
  deps: AppDeps,
  tx: Tx,
  member: Member,
  id: number,
  input: ScheduleInput,
) {
  if (!(await store.updateSchedule(tx, id, targetOf(input)))) throw notFound();
  await checkTarget(tx, input);
  await writeRecipients(deps, tx, member.workspaceId, id, input);
  return getSchedule(tx, id);
}

export async function deleteSchedule(tx: Tx, id: number): Promise<void> {
  if (!(await store.deleteSchedule(tx, id))) throw notFound();
}

/** A member adds themselves (in their time zone); adding again changes the zone and ends an unsubscription. */
export async function subscribe(deps: AppDeps, tx: Tx, member: Member, id: number, timeZone: string) {
  const schedule = await getSchedule(tx, id);
  const { id: recipientId } = await store.upsertRecipient(tx, id, {
    userId: member.userId,
    email: null,
    locale: null,
    timeZone,
    nextRunAt: nextSendAfter(schedule, timeZone, now(deps)),
  });
  await store.resubscribe(tx, recipientId);
  return getSchedule(tx, id);
}

export async function unsubscribeSelf(tx: Tx, member: Member, id: number) {
  await getSchedule(tx, id);
  await store.removeMemberRecipient(tx, id, member.userId);
  return getSchedule(tx, id);
}

// ---- signed links ----

type LinkPurpose = 'unsubscribe' | 'confirm';

const signature = (secret: string, purpose: LinkPurpose, workspaceId: number, recipientId: number) =>
  createHmac('sha256', secret).update(`report-${purpose}:${workspaceId}:${recipientId}`).digest('base64url');

export const linkToken = (secret: string, purpose: LinkPurpose, workspaceId: number, recipientId: number) =>
  `${workspaceId}.${recipientId}.${signature(secret, purpose, workspaceId, recipientId)}`;

/** The workspace and recipient a link names, when its signature holds. */
function readToken(secret: string, purpose: LinkPurpose, token: string) {
  const match = /^(\d{1,15})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const [workspaceId, recipientId] = [Number(match[1]), Number(match[2])];
  const expected = Buffer.from(signature(secret, purpose, workspaceId, recipientId));
  const given = Buffer.from(match[3]);
  return timingSafeEqual(expected, given) ? { workspaceId, recipientId } : undefined;
}

const linkUrl = (deps: AppDeps, path: string) => `${deps.config.PUBLIC_URL ?? ''}${path}`;

/** One click, no sign-in: the recipient gets no more mail of this schedule. False for a link not valid. */
export async function unsubscribeByLink(deps: AppDeps, token: string): Promise<boolean> {
  const named = readToken(deps.config.secretKey, 'unsubscribe', token);
  if (!named) return false;
  return deps.database.withWorkspace(named.workspaceId, (tx) =>
    store.unsubscribeRecipient(tx, named.recipientId, now(deps)),
  );
}

/** An outside address confirms: its sends start at the next time of day in its zone. */
export async function confirmByLink(deps: AppDeps, token: string): Promise<boolean> {
  const named = readToken(deps.config.secretKey, 'confirm', token);
  if (!named) return false;
  return deps.database.withWorkspace(named.workspaceId, async (tx) => {
    const recipient = await store.findRecipient(tx, named.recipientId);
    if (!recipient) return false;
    const [schedule] = await store.listScheduleRows(tx, [recipient.scheduleId]);
    await store.confirmRecipient(tx, recipient.id, nextSendAfter(schedule, recipient.timeZone, now(deps)));
    return true;
  });
}

const localeOf = (recipient: store.RecipientRow): Locale => shippedLocaleOrNull(recipient.locale) ?? 'en';

export async function sendConfirmationMail(
  deps: AppDeps,
  data: { workspaceId: number; recipientId: number },
) {
  const mail = await deps.database.withWorkspace(data.workspaceId, async (tx) => {
    const recipient = await store.findRecipient(tx, data.recipientId);
    if (!recipient || recipient.confirmedAt || recipient.userId !== null) return undefined;
    const [schedule] = await store.listScheduleRows(tx, [recipient.scheduleId]);
    const words = scheduleMailWords[localeOf(recipient)];
    const link = linkUrl(
      deps,
      `/api/r/confirm/${linkToken(deps.config.secretKey, 'confirm', data.workspaceId, recipient.id)}`,
    );
    const values = { name: schedule.name, link };
    return {
      to: recipient.email,
      subject: formatServerMessage(words.confirmSubject, values),
      text: `${formatServerMessage(words.confirmBody, values)}\n\n${words.confirmIgnore}`,
    };
  });
  if (mail) await productMail(deps).send(mail);
}

// ---- the send round ----

/** Recipients claimed per workspace transaction: a round of a large workspace takes several transactions. */
const claimBatch = 500;

/**
 * The minute tick: in each workspace with a recipient due (held ones are skipped), claims the due ones,
 * records the period's send (once: a unique key), moves the next send on past `at` (a server down for a
 * week sends the latest period once, not each missed one) and queues the send, in one transaction.
 */
export async function runScheduleTick(deps: AppDeps): Promise<number> {
  const at = now(deps);
  const workspaces = await deps.database.withPlatform((tx) => store.dueWorkspaces(tx, at));
  let queued = 0;
  for (const workspaceId of workspaces)
    for (;;) {
      const claimed = await deps.database.withWorkspace(workspaceId, async (tx) => {
        const due = await store.claimDueRecipients(tx, at, claimBatch);
        const sendIds: number[] = [];
        for (const r of due) {
          const sendId = await store.insertSend(tx, r.id, periodOf(r.timeZone, r.nextRunAt));
          if (sendId !== undefined) sendIds.push(sendId);
          await store.moveNextRun(tx, r.id, nextSendAfter(r, r.timeZone, at));
        }
        await deps.queue.sendMany(
          scheduleSendJobName,
          sendIds.map((sendId) => ({ data: { workspaceId, sendId } })),
          { tx },
        );
        queued += sendIds.length;
        return due.length;
      });
      if (claimed < claimBatch) break;
    }
  return queued;
}

/** The reports of a schedule, each run to its series now (a dashboard's tiles in its order). */
async function reportsOf(tx: Tx, schedule: store.ScheduleRow): Promise<RenderedReport[]> {
  const ids =
    schedule.reportId !== null
      ? [schedule.reportId]
      : (await tilesOf(tx, schedule.dashboardId === null ? [] : [schedule.dashboardId])).map(
          (t) => t.reportId,
        );
  const reports: RenderedReport[] = [];
  for (const id of ids) {
    const row = await findReportRow(tx, id);
    const parsed = reportDefinitionSchema.safeParse(row?.definition);
    // A report its catalogue no longer fits is left out, as the dashboard screen leaves it out.
    if (row && parsed.success) reports.push({ name: row.name, series: await seriesOf(tx, parsed.data, id) });
  }
  return reports;
}

/** The Message-ID of a send: the same on every attempt, so a copy sent twice is recognisably one message. */
export const sendMessageId = (workspaceId: number, sendId: number) =>
  `<report-${workspaceId}-${sendId}@businesshub.reports>`;

/**
 * Mails one recorded send, once: the row stays locked while the mail is handed over and is marked sent in
 * the same transaction, so a second run (a retry, the recovery after a restart) finds it sent. An
 * unsubscription that came between the claim and the send sends nothing (the row is held).
 */
export async function sendScheduledReport(deps: AppDeps, data: { workspaceId: number; sendId: number }) {
  await deps.database.withWorkspace(data.workspaceId, async (tx) => {
    const send = await store.lockSend(tx, data.sendId);
    if (send?.status !== 'pending') return;
    const recipient = await store.findRecipient(tx, send.recipientId);
    const [schedule] = recipient ? await store.listScheduleRows(tx, [recipient.scheduleId]) : [];
    if (!recipient || !schedule || recipient.unsubscribedAt) {
      await store.holdSend(tx, data.sendId);
      return;
    }
    const locale = localeOf(recipient);
    const reports = await reportsOf(tx, schedule);
    const date = (l: Locale) =>
      new Intl.DateTimeFormat(l, { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(`${send.period}T00:00:00Z`),
      );
    const words = scheduleMailWords[locale];
    const intro = formatServerMessage(words.intro, { name: schedule.name, date: date(locale) });
    const tables = reports.map((r) => figureTable(r, locale, words));
    const pdfLocale = pdfLocaleOf(locale);
    const pdfWords = scheduleMailWords[pdfLocale];
    const pdf = await reportPdf(
      schedule.name,
      formatServerMessage(pdfWords.intro, { name: schedule.name, date: date(pdfLocale) }),
      reports.map((r) => figureTable(r, pdfLocale, pdfWords)),
    );
    const unsubscribeUrl = linkUrl(
      deps,
      `/api/r/u/${linkToken(deps.config.secretKey, 'unsubscribe', data.workspaceId, recipient.id)}`,
    );
    await productMail(deps).send({
      to: recipient.email,
      subject: formatServerMessage(words.subject, { name: schedule.name }),
      text: mailText(intro, tables, words.unsubscribe, unsubscribeUrl),
      html: mailHtml(locale, intro, tables, unsubscribeUrl),
      messageId: sendMessageId(data.workspaceId, data.sendId),
      headers: {
        'List-Unsubscribe': `<${unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
      attachments: [{ filename: `report-${send.period}.pdf`, content: pdf, contentType: 'application/pdf' }],
    });
    await store.markSent(tx, data.sendId, now(deps));
  });
}

/** At start: queues again every send a stopped server left unsent (the job is idempotent). */
export async function recoverPendingSends(deps: AppDeps): Promise<number> {
  const pending = await deps.database.withPlatform((tx) => store.pendingSendsEverywhere(tx));
  await deps.queue.sendMany(
    scheduleSendJobName,
    pending.map((data) => ({ data })),
  );
  return pending.length;
}

/** After a restore (in its transaction, inside the new copy): its unsent mails are never sent. */
export async function holdSchedulesAfterRestore(tx: Tx): Promise<void> {
  await store.holdPendingSends(tx);
}
