import type { MessageRef } from '@domain/messages';
import { date, integer, jsonb, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaceIdColumn } from './columns.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Mirror of 0701_search_console.sql. */
export const searchConsoleConnections = pgTable('search_console_connections', {
  workspaceId: workspaceIdColumn().primaryKey(),
  clientEmail: text('client_email').notNull(),
  sealedPrivateKey: text('sealed_private_key').notNull(),
  connectedAt: at('connected_at').notNull().defaultNow(),
});

export const searchConsoleSites = pgTable(
  'search_console_sites',
  {
    workspaceId: workspaceIdColumn(),
    websiteId: integer('website_id').notNull(),
    property: text('property').notNull(),
    status: text('status')
      .$type<'pending' | 'ok' | 'unauthorized' | 'forbidden' | 'rate_limited' | 'failed'>()
      .notNull()
      .default('pending'),
    error: text('error'),
    /** `error`'s catalogued message (migration 0702). */
    errorMessage: jsonb('error_message').$type<MessageRef>(),
    syncedAt: at('synced_at'),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.websiteId] })],
);

export const searchConsoleRanks = pgTable(
  'search_console_ranks',
  {
    workspaceId: workspaceIdColumn(),
    websiteId: integer('website_id').notNull(),
    path: text('path').notNull(),
    keyword: text('keyword').notNull(),
    position: real('position').notNull(),
    clicks: integer('clicks').notNull(),
    impressions: integer('impressions').notNull(),
    measuredOn: date('measured_on', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.websiteId, t.path, t.keyword] })],
);
