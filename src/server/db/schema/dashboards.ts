import { bigint, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, tenantIdentityColumn, workspaceIdColumn } from './columns.js';

export const dashboards = pgTable(
  'dashboards',
  {
    id: tenantIdentityColumn(),
    workspaceId: workspaceIdColumn(),
    name: text('name').notNull(),
    visibility: text('visibility', { enum: ['workspace', 'private'] }).notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    createdAt: createdAtColumn(),
    // Kept current by the app_touch_updated_at trigger.
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.id] })],
);

export const dashboardTiles = pgTable(
  'dashboard_tiles',
  {
    id: tenantIdentityColumn(),
    workspaceId: workspaceIdColumn(),
    dashboardId: bigint('dashboard_id', { mode: 'number' }).notNull(),
    reportId: bigint('report_id', { mode: 'number' }).notNull(),
    x: smallint('x').notNull(),
    y: smallint('y').notNull(),
    w: smallint('w').notNull(),
    h: smallint('h').notNull(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.id] })],
);

export const dashboardHomes = pgTable(
  'dashboard_homes',
  {
    workspaceId: workspaceIdColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    dashboardId: bigint('dashboard_id', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.userId] })],
);
