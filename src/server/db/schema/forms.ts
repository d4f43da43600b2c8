import type { FormConsent, FormField, FormTexts } from '@domain/forms/form-schemas';
import type { Locale } from '@domain/locales';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, tenantIdentityColumn, workspaceIdColumn } from './columns.js';

/** Mirror of 1100_forms.sql. */
export const forms = pgTable(
  'forms',
  {
    id: tenantIdentityColumn(),
    workspaceId: workspaceIdColumn(),
    key: text('key').notNull().default(sql`encode(gen_random_bytes(12), 'hex')`),
    name: text('name').notNull(),
    locale: text('locale').$type<Locale>().notNull(),
    websiteId: integer('website_id'),
    fields: jsonb('fields').$type<FormField[]>().notNull(),
    consent: jsonb('consent').$type<FormConsent | null>(),
    texts: jsonb('texts').$type<FormTexts>().notNull(),
    redirectUrl: text('redirect_url'),
    createdAt: createdAtColumn(),
    // Kept current by the app_touch_updated_at trigger.
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

export interface StoredAnswer {
  key: string;
  label: string;
  value: string;
}

export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: tenantIdentityColumn(),
    workspaceId: workspaceIdColumn(),
    formId: bigint('form_id', { mode: 'number' }).notNull(),
    contactId: bigint('contact_id', { mode: 'number' }),
    answers: jsonb('answers').$type<StoredAnswer[]>().notNull(),
    consentText: text('consent_text'),
    consentGiven: boolean('consent_given'),
    websiteId: integer('website_id'),
    pageUrl: text('page_url'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    /** The hosted page's A/B test and the variant the visitor saw (migration 1330). */
    abTestId: bigint('ab_test_id', { mode: 'number' }),
    abVariant: smallint('ab_variant'),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

export const formDailyStats = pgTable(
  'form_daily_stats',
  {
    workspaceId: workspaceIdColumn(),
    formId: bigint('form_id', { mode: 'number' }).notNull(),
    day: date('day').notNull(),
    views: integer('views').notNull().default(0),
    refusedHoneypot: integer('refused_honeypot').notNull().default(0),
    refusedTooFast: integer('refused_too_fast').notNull().default(0),
    refusedRateLimited: integer('refused_rate_limited').notNull().default(0),
    refusedInvalid: integer('refused_invalid').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.formId, t.day] })],
);
