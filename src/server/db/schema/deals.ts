import type { DealStage } from '@domain/deals/deal-schemas';
import {
  bigint,
  date,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { tenantIdentityColumn, workspaceIdColumn } from './columns.js';

const stamp = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** Fresh column builders for the deals table and its workspace view (a builder belongs to one table). */
const dealColumns = () => ({
  id: tenantIdentityColumn(),
  workspaceId: workspaceIdColumn(),
  name: text('name').notNull(),
  valueCents: bigint('value_cents', { mode: 'number' }).notNull().default(0),
  currency: text('currency').notNull().default('USD'),
  stage: text('stage').$type<DealStage>().notNull().default('leads'),
  /** YYYY-MM-DD. */
  expectedCloseDate: date('expected_close_date', { mode: 'string' }),
  ownerId: bigint('owner_id', { mode: 'number' }),
  contactId: bigint('contact_id', { mode: 'number' }).notNull(),
  /** The contact's display name, kept by triggers (1010_deal_contact_name.sql); never written by the app. */
  contactName: text('contact_name').notNull().default(''),
  companyId: bigint('company_id', { mode: 'number' }),
  websiteId: integer('website_id'),
  lostReason: text('lost_reason'),
  notes: text('notes'),
  stageEnteredAt: stamp('stage_entered_at').notNull().defaultNow(),
  closedAt: stamp('closed_at'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // Kept current by the app_touch_updated_at trigger.
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Writes go to the table (row-level security applies). */
export const deals = pgTable('deals', dealColumns(), (t) => [primaryKey({ columns: [t.workspaceId, t.id] })]);

/** Keyset pages read this view: the same rows, with row-comparison index conditions usable (0400_deals.sql). */
export const dealsInWorkspace = pgView('deals_in_workspace', dealColumns()).existing();

export const dealTimeline = pgTable(
  'deal_timeline',
  {
    id: tenantIdentityColumn(),
    workspaceId: workspaceIdColumn(),
    dealId: bigint('deal_id', { mode: 'number' }).notNull(),
    kind: text('kind').$type<'created' | 'stage_change' | 'updated' | 'import'>().notNull(),
    title: text('title').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdBy: bigint('created_by', { mode: 'number' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

export const dealStageSettings = pgTable(
  'deal_stage_settings',
  {
    workspaceId: workspaceIdColumn(),
    stage: text('stage').$type<DealStage>().notNull(),
    probability: smallint('probability').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.stage] })],
);

/** Per-stage count and value, kept by triggers on deals. */
export const dealStageTotals = pgTable(
  'deal_stage_totals',
  {
    workspaceId: workspaceIdColumn(),
    stage: text('stage').$type<DealStage>().notNull(),
    dealCount: bigint('deal_count', { mode: 'number' }).notNull(),
    valueCents: bigint('value_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.stage] })],
);

/** Count and value per stage, website and owner (null = none), kept by the same triggers. */
export const dealSegmentTotals = pgTable('deal_segment_totals', {
  workspaceId: workspaceIdColumn(),
  stage: text('stage').$type<DealStage>().notNull(),
  websiteId: integer('website_id'),
  ownerId: bigint('owner_id', { mode: 'number' }),
  dealCount: bigint('deal_count', { mode: 'number' }).notNull(),
  valueCents: bigint('value_cents', { mode: 'number' }).notNull(),
});
