import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, workspaceIdColumn } from './columns.js';

export const activities = pgTable('activities', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  workspaceId: workspaceIdColumn(),
  type: text('type').notNull(),
  description: text('description').notNull(),
  createdAt: createdAtColumn(),
});
