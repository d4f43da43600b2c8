import {
  bigint,
  boolean,
  customType,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { workspaceIdColumn } from './columns.js';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** Mirror of 0500_analytics.sql; partitions are created by app_analytics_ensure_partition. */
export const analyticsEvents = pgTable('analytics_events', {
  workspaceId: workspaceIdColumn(),
  websiteId: integer('website_id').notNull(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  visitorId: bigint('visitor_id', { mode: 'number' }).notNull(),
  name: text('name').notNull(),
  path: text('path').notNull(),
  source: text('source').notNull().default(''),
  utmMedium: text('utm_medium').notNull().default(''),
  utmCampaign: text('utm_campaign').notNull().default(''),
  country: text('country').notNull().default(''),
  device: text('device').$type<'mobile' | 'tablet' | 'desktop'>().notNull(),
  props: jsonb('props').$type<Record<string, string | number | boolean>>(),
  /** The contact the visitor had identified as that day on that site (1102_identified_page_views.sql). */
  contactId: bigint('contact_id', { mode: 'number' }),
  /** Made before the visitor identified themselves that day, attached afterwards (1210_visitor_identity.sql). */
  beforeIdentification: boolean('before_identification').notNull().default(false),
});

/** The workspace's switch for linking visitors to contacts; no row = on (1210_visitor_identity.sql). */
export const analyticsSettings = pgTable('analytics_settings', {
  workspaceId: workspaceIdColumn().primaryKey(),
  linkVisitors: boolean('link_visitors').notNull().default(true),
});

/** A visitor (site, UTC day, daily hash) who identified themselves as a contact. */
export const analyticsVisitorContacts = pgTable(
  'analytics_visitor_contacts',
  {
    workspaceId: workspaceIdColumn(),
    websiteId: integer('website_id').notNull(),
    day: date('day').notNull(),
    visitorId: bigint('visitor_id', { mode: 'number' }).notNull(),
    contactId: bigint('contact_id', { mode: 'number' }).notNull(),
    identifiedAt: timestamp('identified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.websiteId, t.day, t.visitorId] })],
);

export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    workspaceId: workspaceIdColumn(),
    websiteId: integer('website_id').notNull(),
    day: date('day').notNull(),
    dimension: text('dimension').notNull(),
    value: text('value').notNull(),
    visitors: integer('visitors').notNull(),
    pageviews: integer('pageviews').notNull(),
    events: integer('events').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.dimension, t.day, t.websiteId, t.value] })],
);

export const analyticsDirtyDays = pgTable(
  'analytics_dirty_days',
  {
    workspaceId: workspaceIdColumn(),
    day: date('day').notNull(),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.day] })],
);

export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day').primaryKey(),
  salt: bytea('salt').notNull(),
});
