import type { StoredValues } from '@domain/messages';
import { jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, tenantIdentityColumn, workspaceIdColumn } from './columns.js';

export const activities = pgTable(
  'activities',
  {
    id: tenantIdentityColumn(),
    workspaceId: workspaceIdColumn(),
    type: text('type').notNull(),
    description: text('description').notNull(),
    messageId: text('message_id'),
    messageValues: jsonb('message_values').$type<StoredValues>(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);
