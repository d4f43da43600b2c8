import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, workspaceIdColumn } from './columns.js';

/** Mirror of 0950_backups_and_succession.sql (one plan per workspace). */
export const successionPlans = pgTable('succession_plans', {
  workspaceId: workspaceIdColumn().primaryKey(),
  ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
  successorId: bigint('successor_id', { mode: 'number' }).notNull(),
  inactivityDays: integer('inactivity_days').notNull(),
  status: text('status').$type<'active' | 'notified' | 'claimed' | 'cancelled'>().notNull().default('active'),
  notifiedAt: timestamp('notified_at', { withTimezone: true }),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  createdAt: createdAtColumn(),
});
