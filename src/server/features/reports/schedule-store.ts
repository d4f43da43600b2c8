import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.js';

export interface ScheduleRow {
  id: number;
  reportId: number | null;
  dashboardId: number | null;
  name: string;
  frequency: 'daily' | 'weekly' | 'monthly';
  weekday: number | null;
  monthDay: number | null;
  timeOfDay: string;
  createdBy: number | null;
}

export interface RecipientRow {
  id: number;
  scheduleId: number;
  userId: number | null;
  /** The member's address (read now) or the outside address. */
  email: string;
  name: string | null;
  /** The member's language, else the workspace's (null: English), or the outside address's. */
  locale: string | null;
  timeZone: string;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
  nextRunAt: Date;
}

const scheduleColumns = sql`s.id::int as id, s.report_id::int as "reportId", s.dashboard_id::int as "dashboardId",
  coalesce(r.name, d.name) as name, s.frequency, s.weekday::int as weekday, s.month_day::int as "monthDay",
  s.time_of_day as "timeOfDay", s.created_by::int as "createdBy"`;
const scheduleFrom = sql`report_schedules s left join reports r on r.id = s.report_id
  left join dashboards d on d.id = s.dashboard_id`;

export async function listScheduleRows(tx: Tx, ids?: number[]): Promise<ScheduleRow[]> {
  const where = ids ? sql`where s.id = any(${sql.param(ids)}::bigint[])` : sql``;
  const { rows } = await tx.execute<ScheduleRow & Record<string, unknown>>(
    sql`select ${scheduleColumns} from ${scheduleFrom} ${where} order by s.id`,
  );
  return rows;
}

const recipientColumns = sql`x.id::int as id, x.schedule_id::int as "scheduleId", x.user_id::int as "userId",
  coalesce(u.email, x.email)::text as email,
  nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as name,
  case when x.user_id is null then x.locale else coalesce(u.locale, w.default_locale) end as locale,
  x.time_zone as "timeZone", x.confirmed_at as "confirmedAt", x.unsubscribed_at as "unsubscribedAt",
  x.next_run_at as "nextRunAt"`;
const recipientFrom = sql`report_schedule_recipients x left join users u on u.id = x.user_id
  join workspaces w on w.id = x.workspace_id`;

type RawRecipient = Omit<RecipientRow, 'confirmedAt' | 'unsubscribedAt' | 'nextRunAt'> & {
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  nextRunAt: string;
};
const toRecipient = (r: RawRecipient): RecipientRow => ({
  ...r,
  confirmedAt: r.confirmedAt ? new Date(r.confirmedAt) : null,
  unsubscribedAt: r.unsubscribedAt ? new Date(r.unsubscribedAt) : null,
  nextRunAt: new Date(r.nextRunAt),
});

export async function recipientsOf(tx: Tx, scheduleIds: number[]): Promise<RecipientRow[]> {
  const { rows } = await tx.execute<RawRecipient & Record<string, unknown>>(
    sql`select ${recipientColumns} from ${recipientFrom}
        where x.schedule_id = any(${sql.param(scheduleIds)}::bigint[]) order by x.id`,
  );
  return rows.map(toRecipient);
}

export async function findRecipient(tx: Tx, id: number): Promise<RecipientRow | undefined> {
  const { rows } = await tx.execute<RawRecipient & Record<string, unknown>>(
    sql`select ${recipientColumns} from ${recipientFrom} where x.id = ${id}`,
  );
  return rows.map(toRecipient)[0];
}

export async function insertSchedule(
  tx: Tx,
  input: {
    reportId: number | null;
    dashboardId: number | null;
    frequency: string;
    weekday: number | null;
    monthDay: number | null;
    timeOfDay: string;
  },
  createdBy: number,
): Promise<number> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    insert into report_schedules (report_id, dashboard_id, frequency, weekday, month_day, time_of_day, created_by)
    values (${input.reportId}, ${input.dashboardId}, ${input.frequency}, ${input.weekday}, ${input.monthDay},
            ${input.timeOfDay}, ${createdBy})
    returning id`);
  return Number(rows[0].id);
}

export async function updateSchedule(
  tx: Tx,
  id: number,
  input: {
    reportId: number | null;
    dashboardId: number | null;
    frequency: string;
    weekday: number | null;
    monthDay: number | null;
    timeOfDay: string;
  },
): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    update report_schedules set report_id = ${input.reportId}, dashboard_id = ${input.dashboardId},
      frequency = ${input.frequency}, weekday = ${input.weekday}, month_day = ${input.monthDay},
      time_of_day = ${input.timeOfDay}
    where id = ${id} returning id`);
  return rows.length > 0;
}

export async function deleteSchedule(tx: Tx, id: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`delete from report_schedules where id = ${id} returning id`);
  return rows.length > 0;
}

/**
 * Adds or updates a recipient (by member or address): its time zone and next send are set anew; an address
 * keeps its confirmation, a member is confirmed by being one. Returns the id and whether it is new.
 */
export async function upsertRecipient(
  tx: Tx,
  scheduleId: number,
  r: {
    userId: number | null;
    email: string | null;
    locale: string | null;
    timeZone: string;
    nextRunAt: Date;
  },
): Promise<{ id: number; created: boolean }> {
  const confirmed = r.userId === null ? null : sql`now()`;
  const conflict =
    r.userId === null ? sql`(workspace_id, schedule_id, email)` : sql`(workspace_id, schedule_id, user_id)`;
  const { rows } = await tx.execute<{ id: string; created: boolean }>(sql`
    insert into report_schedule_recipients (schedule_id, user_id, email, locale, time_zone, confirmed_at, next_run_at)
    values (${scheduleId}, ${r.userId}, ${r.email}, ${r.locale}, ${r.timeZone}, ${confirmed},
            ${r.nextRunAt.toISOString()}::timestamptz)
    on conflict ${conflict} do update set locale = excluded.locale, time_zone = excluded.time_zone,
      next_run_at = excluded.next_run_at
    returning id, (xmax = 0) as created`);
  return { id: Number(rows[0].id), created: rows[0].created };
}

/** Removes the schedule's recipients other than `keep`. */
export async function removeRecipientsExcept(tx: Tx, scheduleId: number, keep: number[]): Promise<void> {
  await tx.execute(sql`delete from report_schedule_recipients
    where schedule_id = ${scheduleId} and id <> all(${sql.param(keep)}::bigint[])`);
}

export async function removeMemberRecipient(tx: Tx, scheduleId: number, userId: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`delete from report_schedule_recipients
    where schedule_id = ${scheduleId} and user_id = ${userId} returning id`);
  return rows.length > 0;
}

/** Members of the workspace among `userIds`. */
export async function memberIds(tx: Tx, userIds: number[]): Promise<Set<number>> {
  const { rows } = await tx.execute<{ id: string }>(sql`select user_id as id from memberships
    where workspace_id = app_current_workspace() and user_id = any(${sql.param(userIds)}::bigint[])`);
  return new Set(rows.map((r) => Number(r.id)));
}

export async function reportExists(tx: Tx, id: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`select 1 from reports where id = ${id}`);
  return rows.length > 0;
}

/** Whether the dashboard exists and is shared with the workspace (a private one is mailed to no one). */
export async function sharedDashboardExists(tx: Tx, id: number): Promise<boolean> {
  const { rows } = await tx.execute(
    sql`select 1 from dashboards where id = ${id} and visibility = 'workspace'`,
  );
  return rows.length > 0;
}

/** Confirms an outside address (once: a second click changes nothing) from its next send. */
export async function confirmRecipient(tx: Tx, id: number, nextRunAt: Date): Promise<void> {
  await tx.execute(sql`update report_schedule_recipients set confirmed_at = now(),
    next_run_at = ${nextRunAt.toISOString()}::timestamptz where id = ${id} and confirmed_at is null`);
}

/** A member who subscribes again after unsubscribing by a mail's link. */
export async function resubscribe(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`update report_schedule_recipients set unsubscribed_at = null where id = ${id}`);
}

export async function unsubscribeRecipient(tx: Tx, id: number, at: Date): Promise<boolean> {
  const { rows } = await tx.execute(sql`update report_schedule_recipients
    set unsubscribed_at = coalesce(unsubscribed_at, ${at.toISOString()}::timestamptz) where id = ${id} returning id`);
  return rows.length > 0;
}

// ---- the send round ----

/** Workspaces with a recipient due at `at`, held ones left out (migration 1310). */
export async function dueWorkspaces(db: Db | Tx, at: Date): Promise<number[]> {
  const { rows } = await db.execute<{ id: string }>(
    sql`select app_due_report_workspaces(${at.toISOString()}::timestamptz) as id`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * The workspace's due recipients, locked; rows another tick holds are skipped (that tick sends them), so
 * two ticks never claim one recipient.
 */
export async function claimDueRecipients(tx: Tx, at: Date, limit: number) {
  const { rows } = await tx.execute<{
    id: string;
    timeZone: string;
    nextRunAt: string;
    frequency: 'daily' | 'weekly' | 'monthly';
    weekday: number | null;
    monthDay: number | null;
    timeOfDay: string;
  }>(sql`
    select x.id, x.time_zone as "timeZone", x.next_run_at as "nextRunAt", s.frequency, s.weekday::int as weekday,
      s.month_day::int as "monthDay", s.time_of_day as "timeOfDay"
    from report_schedule_recipients x join report_schedules s on s.id = x.schedule_id
    where x.next_run_at <= ${at.toISOString()}::timestamptz and x.confirmed_at is not null
      and x.unsubscribed_at is null
    order by x.next_run_at limit ${limit}
    for update of x skip locked`);
  return rows.map((r) => ({ ...r, id: Number(r.id), nextRunAt: new Date(r.nextRunAt) }));
}

export async function moveNextRun(tx: Tx, recipientId: number, nextRunAt: Date): Promise<void> {
  await tx.execute(sql`update report_schedule_recipients set next_run_at = ${nextRunAt.toISOString()}::timestamptz
    where id = ${recipientId}`);
}

/** Records the send of `period` to the recipient; undefined when that period was recorded already. */
export async function insertSend(tx: Tx, recipientId: number, period: string): Promise<number | undefined> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    insert into report_sends (recipient_id, period) values (${recipientId}, ${period})
    on conflict (workspace_id, recipient_id, period) do nothing returning id`);
  return rows[0] ? Number(rows[0].id) : undefined;
}

/** The send, locked until its transaction ends: a second run of its job waits, then finds it sent. */
export async function lockSend(tx: Tx, sendId: number) {
  const { rows } = await tx.execute<{ recipientId: string; period: string; status: string }>(sql`
    select recipient_id as "recipientId", period, status from report_sends where id = ${sendId} for update`);
  return rows[0] ? { ...rows[0], recipientId: Number(rows[0].recipientId) } : undefined;
}

export async function markSent(tx: Tx, sendId: number, at: Date): Promise<void> {
  await tx.execute(sql`update report_sends set status = 'sent', sent_at = ${at.toISOString()}::timestamptz
    where id = ${sendId}`);
}

export async function holdSend(tx: Tx, sendId: number): Promise<void> {
  await tx.execute(sql`update report_sends set status = 'held' where id = ${sendId}`);
}

/** Unsent mails everywhere (ids only), for the workers' recovery at start. */
export async function pendingSendsEverywhere(db: Db | Tx) {
  const { rows } = await db.execute<{ workspace_id: string; id: string }>(
    sql`select workspace_id, id from app_pending_report_sends()`,
  );
  return rows.map((r) => ({ workspaceId: Number(r.workspace_id), sendId: Number(r.id) }));
}

/** A restored copy's unsent mails stay unsent: its original mails them (or did). */
export async function holdPendingSends(tx: Tx): Promise<void> {
  await tx.execute(sql`update report_sends set status = 'held' where status = 'pending'`);
}
