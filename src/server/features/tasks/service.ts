import { AppError } from '@domain/app-error';
import { shippedLocaleOrNull } from '@domain/locales';
import { type ServerMessageId, serverMessage } from '@domain/messages';
import { hasRole } from '@domain/roles';
import { reminderMail } from '@domain/tasks/reminder-mail';
import {
  type Task,
  type TaskComment,
  type TaskCreate,
  type TaskDetail,
  type TaskList,
  type TaskRelation,
  type TaskSummary,
  type TaskUpdate,
  type taskListQuerySchema,
  taskRelations,
} from '@domain/tasks/task-schemas';
import type { z } from 'zod';
import type { Tx } from '../../db/database.js';
import { type AppDeps, now } from '../../deps.js';
import type { Member } from '../../http/session.js';
import { createMailProvider } from '../../providers/mail/index.js';
import { recordActivity } from '../activities/index.js';
import { addTimelineEntry } from '../contacts/index.js';
import { listMembers } from '../members/index.js';
import * as store from './store.js';

export const reminderMailJobName = 'tasks.reminder-mail';

/** Who acts: a member (from a request) or the product itself (a workflow, a finding), which may change any task. */
type Actor = Pick<Member, 'userId' | 'role'> | null;

const notFound = () => new AppError('not_found', serverMessage('tasks.notFound'));

async function readTask(tx: Tx, id: number): Promise<Task> {
  const view = await store.findTaskView(tx, id);
  if (!view) throw notFound();
  return view;
}

// ---- reads ----

export async function listTasks(
  tx: Tx,
  member: Member,
  query: z.output<typeof taskListQuerySchema>,
): Promise<TaskList> {
  const ownerId = query.owner === 'me' ? member.userId : query.owner === 'all' ? undefined : query.owner;
  const rows = await store.listTaskViews(
    tx,
    {
      ownerId,
      status: query.status === 'all' ? undefined : query.status,
      contactId: query.contactId,
      companyId: query.companyId,
      dealId: query.dealId,
      appId: query.appId,
      titleContains: query.q || undefined,
    },
    query.limit + 1,
  );
  return { tasks: rows.slice(0, query.limit), hasMore: rows.length > query.limit };
}

export async function getTask(tx: Tx, id: number): Promise<TaskDetail> {
  const task = await readTask(tx, id);
  return { task, comments: await store.listCommentViews(tx, id) };
}

/** The end of the UTC day of `at`: the shell's "today" when the client does not say its own. */
const endOfUtcDay = (at: Date) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1) - 1);

export async function taskSummary(
  deps: Pick<AppDeps, 'clock'>,
  tx: Tx,
  member: Member,
  dayEnd?: string,
): Promise<TaskSummary> {
  return store.summaryOf(tx, member.userId, dayEnd ? new Date(dayEnd) : endOfUtcDay(now(deps)));
}

// ---- rules ----

const relationMissing: Record<TaskRelation, ServerMessageId> = {
  contactId: 'contacts.notFound',
  companyId: 'deals.companyNotFound',
  dealId: 'deals.notFound',
  appId: 'ecosystem.appNotFound',
};

/** Each related id must be a record of this workspace: a foreign key alone would accept another's. */
async function assertRelations(tx: Tx, input: Partial<Record<TaskRelation, number | null>>): Promise<void> {
  for (const relation of taskRelations) {
    const id = input[relation];
    if (id && !(await store.relatedExists(tx, relation, id)))
      throw AppError.badRequest(relation, serverMessage(relationMissing[relation]));
  }
}

async function isMember(tx: Tx, userId: number): Promise<boolean> {
  return (await listMembers(tx)).some((m) => m.userId === userId);
}

async function assertOwner(tx: Tx, ownerId: number | null | undefined): Promise<void> {
  if (ownerId && !(await isMember(tx, ownerId)))
    throw AppError.badRequest('ownerId', serverMessage('deals.ownerNotMember'));
}

/** Admins and owners change any task; members the ones they created or own; the product any. */
function assertCanChange(actor: Actor, row: store.TaskRow): void {
  if (!actor || hasRole(actor.role, 'admin')) return;
  if (row.createdBy === actor.userId || row.ownerId === actor.userId) return;
  throw new AppError('forbidden', serverMessage('tasks.notYours'));
}

/** A reminder set (or cleared) anew: it fires once at its time, mail included. */
const reminderAt = (remindAt: Date | null) => ({
  remindAt,
  reminderState: remindAt ? ('pending' as const) : ('none' as const),
  remindedAt: null,
  reminderMailedAt: null,
});

const toDate = (value: string | null | undefined) => (value ? new Date(value) : null);

// ---- writes ----

export interface CreateOptions {
  actor: Actor;
  /** Set by a cause (a finding, an incident) that closes the task when it is gone. */
  causeKey?: string;
}

/**
 * The one way a task is created: from the API, a workflow step or a cause. The owner defaults to the
 * member creating it; a task the product creates goes to the owner it names when that is a member
 * (a contact's owner may have left), else to the workspace's first owner. The reminder defaults to the
 * due time.
 */
export async function createTask(tx: Tx, input: TaskCreate, options: CreateOptions): Promise<Task> {
  await assertRelations(tx, input);
  let ownerId = input.ownerId === undefined ? (options.actor?.userId ?? null) : input.ownerId;
  if (options.actor) await assertOwner(tx, ownerId);
  else if (!ownerId || !(await isMember(tx, ownerId)))
    ownerId = (await listMembers(tx)).find((m) => m.role === 'owner')?.userId ?? null;
  const dueAt = toDate(input.dueAt);
  const row = await store.insertTaskRow(tx, {
    title: input.title,
    description: input.description,
    dueAt,
    ...reminderAt(input.remindAt === undefined ? dueAt : toDate(input.remindAt)),
    ownerId,
    createdBy: options.actor?.userId ?? null,
    contactId: input.contactId ?? null,
    companyId: input.companyId ?? null,
    dealId: input.dealId ?? null,
    appId: input.appId ?? null,
    causeKey: options.causeKey ?? null,
  });
  await recordActivity(tx, 'task_created', serverMessage('activity.taskAdded', { title: row.title }));
  if (row.contactId)
    await addTimelineEntry(tx, row.contactId, {
      kind: 'note',
      title: serverMessage('timeline.task', { title: row.title }),
      body: row.description || null,
      metadata: { taskId: row.id },
      createdBy: options.actor?.userId ?? null,
    });
  return readTask(tx, row.id);
}

/** Applies the fields present; null clears an optional one. Done stamps the close time, reopening clears it. */
export async function updateTask(
  deps: Pick<AppDeps, 'clock'>,
  tx: Tx,
  actor: Actor,
  id: number,
  input: TaskUpdate,
): Promise<Task> {
  const row = await store.lockTaskRow(tx, id);
  if (!row) throw notFound();
  assertCanChange(actor, row);
  if (input.ownerId !== undefined && input.ownerId !== row.ownerId) await assertOwner(tx, input.ownerId);
  await assertRelations(tx, input);
  const { dueAt, remindAt, status, ...rest } = input;
  const patch: store.TaskPatch = { ...rest };
  if (dueAt !== undefined) patch.dueAt = toDate(dueAt);
  // A new time arms the reminder anew; the same time leaves a fired one fired (a form saved again must
  // not mail twice), except a held one, which its owner resumes by saving it.
  const remind = remindAt === undefined ? undefined : toDate(remindAt);
  if (remind !== undefined && (remind?.getTime() !== row.remindAt?.getTime() || row.reminderState === 'held'))
    Object.assign(patch, reminderAt(remind));
  if (status !== undefined && status !== row.status) {
    patch.status = status;
    patch.closedAt = status === 'done' ? now(deps) : null;
  }
  if (Object.keys(patch).length === 0) return readTask(tx, id);
  const updated = await store.updateTaskRow(tx, id, patch);
  if (updated && patch.status === 'done')
    await recordActivity(tx, 'task_done', serverMessage('activity.taskDone', { title: updated.title }));
  return readTask(tx, id);
}

export async function deleteTask(tx: Tx, actor: Actor, id: number): Promise<void> {
  const row = await store.lockTaskRow(tx, id);
  if (!row) throw notFound();
  assertCanChange(actor, row);
  await store.deleteTaskRow(tx, id);
}

/** Any member may comment on a task of the workspace: a comment changes nothing of the task itself. */
export async function addComment(
  tx: Tx,
  authorId: number,
  taskId: number,
  body: string,
): Promise<TaskComment> {
  if (!(await store.lockTaskRow(tx, taskId))) throw notFound();
  const id = await store.insertCommentRow(tx, { taskId, authorId, body });
  const [comment] = await store.listCommentViews(tx, taskId, id);
  return comment;
}

// ---- causes (findings, incidents) ----

/**
 * The task of a cause, created once: a cause seen again finds its task (reopened if it was closed, as the
 * cause came back) instead of making another. Returns the task and whether it is new.
 */
export async function ensureTaskForCause(
  tx: Tx,
  causeKey: string,
  input: TaskCreate,
): Promise<{ task: Task; created: boolean }> {
  const existing = await store.lockTaskByCause(tx, causeKey);
  if (!existing) return { task: await createTask(tx, input, { actor: null, causeKey }), created: true };
  if (existing.status === 'done')
    await store.updateTaskRow(tx, existing.id, { status: 'open', closedAt: null });
  return { task: await readTask(tx, existing.id), created: false };
}

/** The causes are gone: their open tasks are done. */
export async function closeTasksForCauses(deps: Pick<AppDeps, 'clock'>, tx: Tx, causeKeys: string[]) {
  const closed = await store.closeTasksOfCauses(tx, causeKeys, now(deps));
  for (const task of closed)
    await recordActivity(tx, 'task_done', serverMessage('activity.taskDone', { title: task.title }));
  return closed.length;
}

/** The open tasks' cause keys under a prefix (a site's findings: which of them are open work). */
export function openCauseKeys(tx: Tx, prefix: string): Promise<string[]> {
  return store.openCauseKeys(tx, prefix);
}

/** Each cause's task (id and status), by cause key; causes without a task are absent. */
export async function tasksOfCauses(tx: Tx, causeKeys: string[]) {
  const rows = await store.tasksOfCauses(tx, causeKeys);
  return new Map(rows.map((r) => [r.causeKey as string, { id: Number(r.id), status: r.status }]));
}

// ---- reminders ----

/**
 * The minute sweep: every due reminder fires once — marked sent (the shell counts the task from then on)
 * and its mail queued in the same transaction, so a crash leaves either both or neither.
 */
export async function fireDueReminders(deps: AppDeps): Promise<number> {
  const at = now(deps);
  const due = await deps.database.withPlatform((tx) => store.dueRemindersEverywhere(tx, at));
  let fired = 0;
  for (const workspaceId of new Set(due.map((d) => d.workspaceId)))
    await deps.database.withWorkspace(workspaceId, async (tx) => {
      const taskIds = await store.fireDueReminders(tx, at);
      await deps.queue.sendMany(
        reminderMailJobName,
        taskIds.map((taskId) => ({ data: { workspaceId, taskId } })),
        { tx },
      );
      fired += taskIds.length;
    });
  return fired;
}

/**
 * Mails the owner a fired reminder, in their language, once: the row stays locked while the mail is
 * handed over and is marked mailed in the same transaction, so a second run of the job finds it mailed.
 * (Killed between the SMTP server's acceptance and the commit, the retry mails again: at least once.)
 * A task done, reset or left without a member owner since it fired mails nobody.
 */
export async function sendReminderMail(deps: AppDeps, data: { workspaceId: number; taskId: number }) {
  await deps.database.withWorkspace(data.workspaceId, async (tx) => {
    const task = await store.reminderMailData(tx, data.taskId);
    if (!task || task.mailedAt || task.status !== 'open' || task.reminderState !== 'sent' || !task.email)
      return;
    const mail = reminderMail(
      shippedLocaleOrNull(task.locale) ?? 'en',
      { title: task.title, dueAt: toDate(task.dueAt) },
      { name: task.name ?? task.email, link: `${deps.config.PUBLIC_URL ?? ''}/tasks` },
    );
    await createMailProvider(deps.config, deps.log).send({ to: task.email, ...mail });
    await store.markReminderMailed(tx, data.taskId, now(deps));
  });
}

/** After a restore (in its transaction, inside the new workspace): see `holdPendingReminders`. */
export async function holdRemindersAfterRestore(tx: Tx): Promise<void> {
  await store.holdPendingReminders(tx);
}
