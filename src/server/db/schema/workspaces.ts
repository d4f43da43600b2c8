import { sql } from 'drizzle-orm';
import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns.js';

export const workspaces = pgTable('workspaces', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  // plan, addons, subscriptionStatus, trialEndsAt: the platform subscription's, copied by a trigger
  // (migration 1020); read here, written only through `subscriptions`.
  plan: text('plan').$type<'starter' | 'professional' | 'enterprise'>().notNull().default('professional'),
  addons: text('addons').array().notNull().default(sql`'{}'`),
  subscriptionStatus: text('subscription_status').notNull().default('trialing'),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  defaultLocale: text('default_locale'),
  /** Set when a restore created it (1030): nothing in it runs by itself until it is started. */
  heldSince: timestamp('held_since', { withTimezone: true }),
  captureToken: text('capture_token').notNull().default(sql`encode(gen_random_bytes(9), 'hex')`),
  createdAt: createdAtColumn(),
});
