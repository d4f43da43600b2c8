import type { ReportDefinition } from '@domain/reports/report-schemas';
import { bigint, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, tenantIdentityColumn, workspaceIdColumn } from './columns.js';

export const reports = pgTable(
  'reports',
  {
    id: tenantIdentityColumn(),
    workspaceId: workspaceIdColumn(),
    name: text('name').notNull(),
    definition: jsonb('definition').$type<ReportDefinition>().notNull(),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAtColumn(),
    // Kept current by the app_touch_updated_at trigger.
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.id] })],
);
