import type { ReminderState, TaskStatus } from '@domain/tasks/task-schemas';
import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, tenantIdentityColumn, workspaceIdColumn } from './columns.js';

const stamp = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const reference = (name: string) => bigint(name, { mode: 'number' });

export const tasks = pgTable(
  'tasks',
  {
    id: tenantIdentityColumn(),
    workspaceId: workspaceIdColumn(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').$type<TaskStatus>().notNull().default('open'),
    dueAt: stamp('due_at'),
    remindAt: stamp('remind_at'),
    reminderState: text('reminder_state').$type<ReminderState>().notNull().default('none'),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    reminderMailedAt: timestamp('reminder_mailed_at', { withTimezone: true }),
    ownerId: reference('owner_id'),
    createdBy: reference('created_by'),
    contactId: reference('contact_id'),
    companyId: reference('company_id'),
    dealId: reference('deal_id'),
    appId: reference('app_id'),
    causeKey: text('cause_key'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    // Kept current by the app_touch_updated_at trigger.
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

export const taskComments = pgTable(
  'task_comments',
  {
    id: tenantIdentityColumn(),
    workspaceId: workspaceIdColumn(),
    taskId: reference('task_id').notNull(),
    authorId: reference('author_id'),
    body: text('body').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);
