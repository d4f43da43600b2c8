import { z } from 'zod';
import { idParamSchema, idSchema } from '../ids.js';
import { validationMessage } from '../validation-messages.js';

/** Open until someone marks it done (or its cause is gone); done can be reopened. */
export const taskStatuses = ['open', 'done'] as const;
export type TaskStatus = (typeof taskStatuses)[number];

/**
 * none: no reminder; pending: it fires at `remindAt`; sent: it fired (the owner was mailed and the shell
 * counts the task); held: restored from a backup with a reminder still to come, which waits for its owner
 * to set it again, so a restored copy never sends what the original already sent or will send.
 */
export const reminderStates = ['none', 'pending', 'sent', 'held'] as const;
export type ReminderState = (typeof reminderStates)[number];

/** The records a task can be about; each id must be one of the workspace's own. */
export const taskRelations = ['contactId', 'companyId', 'dealId', 'appId'] as const;
export type TaskRelation = (typeof taskRelations)[number];

const text = (label: string, max: number) =>
  z
    .string(validationMessage(/*i18n*/ '{label} is required', { label }))
    .trim()
    .min(1, validationMessage(/*i18n*/ '{label} is required', { label }))
    .max(max, validationMessage(/*i18n*/ '{label} must be at most {max} characters', { label, max }));
const instant = z.iso.datetime({ offset: true, message: /*i18n*/ 'A date and time (ISO 8601)' });

const taskFields = {
  title: text(/*i18n*/ 'Title', 200),
  description: z
    .string()
    .trim()
    .max(
      5000,
      validationMessage(/*i18n*/ '{label} must be at most {max} characters', {
        label: /*i18n*/ 'Description',
        max: 5000,
      }),
    ),
  dueAt: instant.nullable(),
  /** When the owner is reminded (by mail and in the shell); null for no reminder. */
  remindAt: instant.nullable(),
  ownerId: idSchema.nullable(),
  contactId: idSchema.nullable(),
  companyId: idSchema.nullable(),
  dealId: idSchema.nullable(),
  appId: idSchema.nullable(),
};

/** POST /api/tasks. The owner defaults to the caller; the reminder to the due time. */
export const taskCreateSchema = z
  .object({
    ...taskFields,
    description: taskFields.description.default(''),
  })
  .partial({
    dueAt: true,
    remindAt: true,
    ownerId: true,
    contactId: true,
    companyId: true,
    dealId: true,
    appId: true,
  })
  .strict();
export type TaskCreateInput = z.input<typeof taskCreateSchema>;
export type TaskCreate = z.output<typeof taskCreateSchema>;

/** PATCH /api/tasks/:id: only the fields present change; null clears an optional one. */
export const taskUpdateSchema = z
  .object({ ...taskFields, status: z.enum(taskStatuses, /*i18n*/ 'Status must be open or done') })
  .partial()
  .strict();
export type TaskUpdateInput = z.input<typeof taskUpdateSchema>;
export type TaskUpdate = z.output<typeof taskUpdateSchema>;

export const taskIdParamsSchema = z.object({ id: idParamSchema });

export const taskCommentCreateSchema = z.object({ body: text(/*i18n*/ 'Comment', 5000) }).strict();
export type TaskCommentCreate = z.input<typeof taskCommentCreateSchema>;

/** Whose tasks a list shows: the caller's (default), everyone's, or one member's. */
export const taskOwnerFilters = ['me', 'all'] as const;

/** GET /api/tasks: soonest due first, undated last. */
export const taskListQuerySchema = z.object({
  owner: z.union([z.enum(taskOwnerFilters), idParamSchema]).default('me'),
  status: z.enum([...taskStatuses, 'all'], /*i18n*/ 'Status must be open, done or all').default('open'),
  contactId: idParamSchema.optional(),
  companyId: idParamSchema.optional(),
  dealId: idParamSchema.optional(),
  appId: idParamSchema.optional(),
  /** Title contains (any case). */
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number(/*i18n*/ 'Limit must be a number').int().min(1).max(500).default(200),
});
export type TaskListQuery = z.input<typeof taskListQuerySchema>;

/** GET /api/tasks/summary: `dayEnd` is the end of the caller's today in their time zone (default: the end of the UTC day). */
export const taskSummaryQuerySchema = z.object({ dayEnd: instant.optional() });

// ---- answers ----

export const taskSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  status: z.enum(taskStatuses),
  dueAt: z.string().nullable(),
  remindAt: z.string().nullable(),
  reminderState: z.enum(reminderStates),
  remindedAt: z.string().nullable(),
  ownerId: z.number().nullable(),
  ownerName: z.string().nullable(),
  createdBy: z.number().nullable(),
  contactId: z.number().nullable(),
  contactName: z.string().nullable(),
  companyId: z.number().nullable(),
  companyName: z.string().nullable(),
  dealId: z.number().nullable(),
  dealName: z.string().nullable(),
  appId: z.number().nullable(),
  appName: z.string().nullable(),
  /** Set on tasks a cause made (a finding, an incident): it closes the task when it is gone. */
  causeKey: z.string().nullable(),
  commentCount: z.number(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

export const taskListSchema = z.object({
  tasks: z.array(taskSchema),
  /** More tasks match than `limit`. */
  hasMore: z.boolean(),
});
export type TaskList = z.infer<typeof taskListSchema>;

export const taskCommentSchema = z.object({
  id: z.number(),
  taskId: z.number(),
  authorId: z.number().nullable(),
  authorName: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type TaskComment = z.infer<typeof taskCommentSchema>;

export const taskDetailSchema = z.object({ task: taskSchema, comments: z.array(taskCommentSchema) });
export type TaskDetail = z.infer<typeof taskDetailSchema>;

/** The shell's count: the caller's open tasks, and those due by the end of their day or whose reminder fired. */
export const taskSummarySchema = z.object({ open: z.number(), due: z.number() });
export type TaskSummary = z.infer<typeof taskSummarySchema>;

/** A task is due (shown with the due badge and counted in the shell) by the end of the reader's day. */
export function isTaskDue(task: Pick<Task, 'status' | 'dueAt' | 'reminderState'>, dayEnd: Date): boolean {
  if (task.status !== 'open') return false;
  return task.reminderState === 'sent' || (task.dueAt !== null && new Date(task.dueAt) <= dayEnd);
}
