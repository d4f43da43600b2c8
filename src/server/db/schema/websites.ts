import { sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, workspaceIdColumn } from './columns.js';

export const websites = pgTable(
  'websites',
  {
    workspaceId: workspaceIdColumn(),
    // Assigned per workspace by a trigger (1, 2, 3, ...); omitted on insert.
    id: integer('id').notNull().default(sql`null`),
    name: text('name').notNull(),
    domain: text('domain').notNull(),
    description: text('description').notNull().default(''),
    // Added by 0500_analytics.sql: the public key of the site's analytics tag.
    trackingKey: text('tracking_key').notNull().default(sql`encode(gen_random_bytes(12), 'hex')`),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);
