import type { StoredValues } from '@domain/messages';
import { bigint, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, workspaceIdColumn } from './columns.js';

export const activities = pgTable('activities', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  workspaceId: workspaceIdColumn(),
  type: text('type').notNull(),
  description: text('description').notNull(),
  messageId: text('message_id'),
  messageValues: jsonb('message_values').$type<StoredValues>(),
  createdAt: createdAtColumn(),
});
