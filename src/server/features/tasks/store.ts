import type { ReminderState, Task, TaskComment, TaskRelation, TaskStatus } from '@domain/tasks/task-schemas';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.js';
import { taskComments, tasks } from '../../db/schema/tasks.js';

export type TaskRow = typeof tasks.$inferSelect;
export type TaskInsert = typeof tasks.$inferInsert;
export type TaskPatch = Partial<Omit<TaskInsert, 'id' | 'workspaceId' | 'createdAt' | 'updatedAt'>>;

/** A task as the API answers it: with the names of its owner and related records, times as ISO text. */
export type TaskView = Task;

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const userName = (id: SQL) =>
  sql`(select coalesce(nullif(btrim(u.first_name || ' ' || u.last_name), ''), u.email::text) from users u where u.id = ${id})`;

// Each related name is a primary-key look-up in the same workspace (row-level security applies to each).
const viewColumns = sql`t.id::float8 as id, t.title, t.description, t.status,
  ${iso(sql`t.due_at`)} as "dueAt", ${iso(sql`t.remind_at`)} as "remindAt", t.reminder_state as "reminderState",
  ${iso(sql`t.reminded_at`)} as "remindedAt",
  t.owner_id::float8 as "ownerId", ${userName(sql`t.owner_id`)} as "ownerName", t.created_by::float8 as "createdBy",
  t.contact_id::float8 as "contactId",
  (select app_contact_display_name(c.first_name, c.last_name, c.email::text, c.phone) from contacts c where c.id = t.contact_id) as "contactName",
  t.company_id::float8 as "companyId", (select co.name from companies co where co.id = t.company_id) as "companyName",
  t.deal_id::float8 as "dealId", (select d.name from deals d where d.id = t.deal_id) as "dealName",
  t.app_id::float8 as "appId", (select a.name from ecosystem_apps a where a.id = t.app_id) as "appName",
  t.cause_key as "causeKey",
  (select count(*) from task_comments tc where tc.task_id = t.id)::float8 as "commentCount",
  ${iso(sql`t.closed_at`)} as "closedAt", ${iso(sql`t.created_at`)} as "createdAt", ${iso(sql`t.updated_at`)} as "updatedAt"`;

export interface TaskFilter {
  ownerId?: number;
  status?: TaskStatus;
  contactId?: number;
  companyId?: number;
  dealId?: number;
  appId?: number;
  titleContains?: string;
}

/** Tasks matching `filter`, soonest due first and undated last, then oldest first. */
export async function listTaskViews(tx: Tx, filter: TaskFilter, limit: number): Promise<TaskView[]> {
  const where: SQL[] = [];
  if (filter.ownerId) where.push(sql`t.owner_id = ${filter.ownerId}`);
  if (filter.status) where.push(sql`t.status = ${filter.status}`);
  if (filter.contactId) where.push(sql`t.contact_id = ${filter.contactId}`);
  if (filter.companyId) where.push(sql`t.company_id = ${filter.companyId}`);
  if (filter.dealId) where.push(sql`t.deal_id = ${filter.dealId}`);
  if (filter.appId) where.push(sql`t.app_id = ${filter.appId}`);
  if (filter.titleContains)
    where.push(sql`t.title ilike ${`%${filter.titleContains.replace(/[\\%_]/g, '\\$&')}%`}`);
  const { rows } = await tx.execute<TaskView>(sql`
    select ${viewColumns} from tasks t where ${and(...where) ?? sql`true`}
    order by t.due_at asc nulls last, t.id asc limit ${limit}`);
  return rows;
}

export async function findTaskView(tx: Tx, id: number): Promise<TaskView | undefined> {
  const { rows } = await tx.execute<TaskView>(sql`select ${viewColumns} from tasks t where t.id = ${id}`);
  return rows[0];
}

/** The row, locked until the transaction ends so two changes of one task take turns. */
export async function lockTaskRow(tx: Tx, id: number): Promise<TaskRow | undefined> {
  const [row] = await tx.select().from(tasks).where(eq(tasks.id, id)).for('update');
  return row;
}

export async function lockTaskByCause(tx: Tx, causeKey: string): Promise<TaskRow | undefined> {
  const [row] = await tx.select().from(tasks).where(eq(tasks.causeKey, causeKey)).for('update');
  return row;
}

export async function insertTaskRow(tx: Tx, values: TaskInsert): Promise<TaskRow> {
  const [row] = await tx.insert(tasks).values(values).returning();
  return row;
}

export async function updateTaskRow(tx: Tx, id: number, patch: TaskPatch): Promise<TaskRow | undefined> {
  const [row] = await tx.update(tasks).set(patch).where(eq(tasks.id, id)).returning();
  return row;
}

export async function deleteTaskRow(tx: Tx, id: number): Promise<void> {
  await tx.delete(tasks).where(eq(tasks.id, id));
}

/** Open tasks of these causes, closed now; returns their titles. */
export async function closeTasksOfCauses(tx: Tx, causeKeys: string[], at: Date) {
  if (causeKeys.length === 0) return [];
  return tx
    .update(tasks)
    .set({ status: 'done', closedAt: at })
    .where(and(inArray(tasks.causeKey, causeKeys), eq(tasks.status, 'open')))
    .returning({ id: tasks.id, title: tasks.title });
}

/** Cause keys starting with `prefix` whose task is open (a finder learns which of its causes are gone). */
export async function openCauseKeys(tx: Tx, prefix: string): Promise<string[]> {
  const pattern = `${prefix.replace(/[\\%_]/g, '\\$&')}%`;
  const rows = await tx
    .select({ causeKey: tasks.causeKey })
    .from(tasks)
    .where(and(sql`${tasks.causeKey} like ${pattern}`, eq(tasks.status, 'open')));
  return rows.map((r) => r.causeKey as string);
}

/** The tasks of these causes (any status), by cause key. */
export async function tasksOfCauses(tx: Tx, causeKeys: string[]) {
  if (causeKeys.length === 0) return [];
  return tx
    .select({ causeKey: tasks.causeKey, id: tasks.id, status: tasks.status })
    .from(tasks)
    .where(inArray(tasks.causeKey, causeKeys));
}

const relationTables: Record<TaskRelation, SQL> = {
  contactId: sql`contacts`,
  companyId: sql`companies`,
  dealId: sql`deals`,
  appId: sql`ecosystem_apps`,
};

/** Whether the record exists in the transaction's workspace (row-level security hides every other one). */
export async function relatedExists(tx: Tx, relation: TaskRelation, id: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`select 1 from ${relationTables[relation]} where id = ${id}`);
  return rows.length > 0;
}

// ---- comments ----

export type CommentView = TaskComment;

export async function insertCommentRow(tx: Tx, values: typeof taskComments.$inferInsert): Promise<number> {
  const [row] = await tx.insert(taskComments).values(values).returning({ id: taskComments.id });
  return row.id;
}

/** A task's comments, oldest first (a conversation reads down). */
export async function listCommentViews(tx: Tx, taskId: number, id?: number): Promise<CommentView[]> {
  const { rows } = await tx.execute<CommentView>(sql`
    select tc.id::float8 as id, tc.task_id::float8 as "taskId", tc.author_id::float8 as "authorId",
      ${userName(sql`tc.author_id`)} as "authorName", tc.body, ${iso(sql`tc.created_at`)} as "createdAt"
    from task_comments tc where tc.task_id = ${taskId} ${id ? sql`and tc.id = ${id}` : sql``}
    order by tc.created_at, tc.id`);
  return rows;
}

// ---- the shell's count ----

/** The member's open tasks, and those due by `dayEnd` or whose reminder fired. */
export async function summaryOf(tx: Tx, ownerId: number, dayEnd: Date) {
  const { rows } = await tx.execute<{ open: number; due: number }>(sql`
    select count(*)::int as open,
      count(*) filter (where due_at <= ${dayEnd.toISOString()}::timestamptz or reminder_state = 'sent')::int as due
    from tasks where owner_id = ${ownerId} and status = 'open'`);
  return rows[0];
}

// ---- reminders ----

/** Workspaces and tasks whose reminder is due at `at`, across workspaces (ids only, for the sweep). */
export async function dueRemindersEverywhere(db: Db | Tx, at: Date) {
  const { rows } = await db.execute<{ workspace_id: string; id: string }>(
    sql`select workspace_id, id from app_due_task_reminders(${at.toISOString()}::timestamptz)`,
  );
  return rows.map((r) => ({ workspaceId: Number(r.workspace_id), taskId: Number(r.id) }));
}

/**
 * Marks the workspace's due reminders fired and returns them; rows another sweep holds are skipped (it
 * fires them), and a row fired already no longer matches, so each reminder fires once.
 */
export async function fireDueReminders(tx: Tx, at: Date): Promise<number[]> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    update tasks set reminder_state = 'sent', reminded_at = ${at.toISOString()}::timestamptz
    where id in (
      select id from tasks
      where reminder_state = 'pending' and status = 'open' and remind_at <= ${at.toISOString()}::timestamptz
      order by remind_at for update skip locked)
    returning id`);
  return rows.map((r) => Number(r.id));
}

/** What the reminder mail needs: the task and its owner, who must still be a member of the workspace. */
export async function reminderMailData(tx: Tx, taskId: number) {
  const { rows } = await tx.execute<{
    title: string;
    dueAt: string | null;
    status: TaskStatus;
    reminderState: ReminderState;
    mailedAt: string | null;
    email: string | null;
    name: string | null;
    locale: string | null;
  }>(sql`
    select t.title, t.due_at as "dueAt", t.status, t.reminder_state as "reminderState", t.reminder_mailed_at as "mailedAt", u.email::text as email,
      coalesce(nullif(btrim(u.first_name || ' ' || u.last_name), ''), u.email::text) as name,
      coalesce(u.locale, w.default_locale) as locale
    from tasks t
    left join memberships m on m.user_id = t.owner_id
    left join users u on u.id = m.user_id
    left join workspaces w on w.id = t.workspace_id
    where t.id = ${taskId}
    for update of t`);
  return rows[0];
}

export async function markReminderMailed(tx: Tx, taskId: number, at: Date): Promise<void> {
  await tx.update(tasks).set({ reminderMailedAt: at }).where(eq(tasks.id, taskId));
}

/**
 * A restored copy's reminders still to come wait for their owners (restores bring no sending): the
 * original workspace sends them, and the copy's owner sets one again to have it.
 */
export async function holdPendingReminders(tx: Tx): Promise<void> {
  await tx.update(tasks).set({ reminderState: 'held' }).where(eq(tasks.reminderState, 'pending'));
}
