import type { ContactStatus, ContactType, TimelineKind } from '@domain/contacts/contact-schemas';
import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { tenantIdentityColumn, workspaceIdColumn } from './columns.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
// Kept current by the app_touch_updated_at trigger; the default covers inserts.
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const companies = pgTable(
  'companies',
  {
    id: tenantIdentityColumn(),
    workspaceId: workspaceIdColumn(),
    name: text('name').notNull(),
    domain: text('domain'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

/** Fresh column builders for the contacts table and its workspace view (a builder belongs to one table). */
const contactColumns = () => ({
  id: tenantIdentityColumn(),
  workspaceId: workspaceIdColumn(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  /** citext in the database: comparisons and the unique index ignore case. */
  email: text('email'),
  /** E.164, e.g. +15551234567. */
  phone: text('phone'),
  company: text('company'),
  companyId: bigint('company_id', { mode: 'number' }),
  source: text('source').notNull().default('Unknown'),
  status: text('status').$type<ContactStatus>().notNull().default('lead'),
  valueCents: bigint('value_cents', { mode: 'number' }).notNull().default(0),
  lastContactedAt: timestamp('last_contacted_at', { withTimezone: true }),
  address: text('address'),
  city: text('city'),
  state: text('state'),
  zip: text('zip'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  contactType: text('contact_type').$type<ContactType>(),
  tags: text('tags').array().notNull().default(sql`'{}'`),
  notes: text('notes'),
  ownerId: bigint('owner_id', { mode: 'number' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** Custom properties (name -> text), e.g. filled by a lead form's fields (1101_contact_properties.sql). */
  properties: jsonb('properties').$type<Record<string, string>>().notNull().default({}),
  /** Generated: lower(first last email company) — the trigram-indexed search haystack. */
  searchText: text('search_text').generatedAlwaysAs(
    sql`lower(first_name || ' ' || last_name || ' ' || coalesce(email::text, '') || ' ' || coalesce(company, ''))`,
  ),
  /** Generated: lower(btrim(first last)) — the "name" sort key. */
  nameKey: text('name_key').generatedAlwaysAs(sql`lower(btrim(first_name || ' ' || last_name))`),
});

/** Writes go to the table (row-level security applies). */
export const contacts = pgTable('contacts', contactColumns(), (t) => [
  primaryKey({ columns: [t.workspaceId, t.id] }),
]);

/**
 * Searches, keyset pages and radius queries read this view: the same rows of the current
 * workspace, but with trigram, row-comparison and cube index conditions usable (see 0101_contacts_reads.sql).
 */
export const contactsInWorkspace = pgView('contacts_in_workspace', contactColumns()).existing();

/** Per-workspace counters kept by triggers on contacts, split over 32 rows (`shard`, migration 1331): sum them. */
export const contactStats = pgTable(
  'contact_stats',
  {
    workspaceId: workspaceIdColumn(),
    shard: smallint('shard').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    lead: bigint('lead', { mode: 'number' }).notNull(),
    qualified: bigint('qualified', { mode: 'number' }).notNull(),
    customer: bigint('customer', { mode: 'number' }).notNull(),
    lost: bigint('lost', { mode: 'number' }).notNull(),
    leadValueCents: bigint('lead_value_cents', { mode: 'number' }).notNull(),
    qualifiedValueCents: bigint('qualified_value_cents', { mode: 'number' }).notNull(),
    customerValueCents: bigint('customer_value_cents', { mode: 'number' }).notNull(),
    lostValueCents: bigint('lost_value_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.shard] })],
);

export const contactTimeline = pgTable(
  'contact_timeline',
  {
    id: tenantIdentityColumn(),
    workspaceId: workspaceIdColumn(),
    contactId: bigint('contact_id', { mode: 'number' }).notNull(),
    kind: text('kind').$type<TimelineKind>().notNull(),
    title: text('title').notNull(),
    body: text('body'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);
