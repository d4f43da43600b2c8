import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, tenantIdentityColumn, workspaceIdColumn } from './columns.js';

/** Migration 1020: one row per subscription of a workspace (ADR 0013). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: tenantIdentityColumn(),
    workspaceId: workspaceIdColumn(),
    kind: text('kind').$type<'platform' | 'reoss' | 'local_business'>().notNull(),
    plan: text('plan').notNull(),
    addons: text('addons').array().notNull().default(sql`'{}'`),
    seats: integer('seats'),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    interval: text('interval').$type<'month' | 'year'>().notNull().default('month'),
    status: text('status')
      .$type<'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'incomplete'>()
      .notNull(),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    creditCents: bigint('credit_cents', { mode: 'number' }).notNull().default(0),
    provider: text('provider').$type<'stripe' | 'offline'>(),
    providerSubscriptionId: text('provider_subscription_id'),
    orderId: text('order_id'),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);
