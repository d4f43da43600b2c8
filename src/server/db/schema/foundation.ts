import { sql } from 'drizzle-orm';
import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Tenant tables default workspace_id to the transaction's workspace (see app_current_workspace()). */
export const workspaceIdColumn = () =>
  bigint('workspace_id', { mode: 'number' }).notNull().default(sql`app_current_workspace()`);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  email: text('email').notNull(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  profileImageUrl: text('profile_image_url'),
  passwordHash: text('password_hash'),
  oidcSubject: text('oidc_subject'),
  locale: text('locale'),
  createdAt: createdAt(),
});

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  workspaceId: bigint('active_workspace_id', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const authThrottles = pgTable('auth_throttles', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  lastHitAt: timestamp('last_hit_at', { withTimezone: true }).notNull().defaultNow(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});

export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const workspaces = pgTable('workspaces', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  plan: text('plan').$type<'starter' | 'professional' | 'enterprise'>().notNull().default('professional'),
  addons: text('addons').array().notNull().default(sql`'{}'`),
  seats: integer('seats').notNull().default(1),
  subscriptionStatus: text('subscription_status').notNull().default('trialing'),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  renewsAt: timestamp('renews_at', { withTimezone: true }),
  defaultLocale: text('default_locale'),
  captureToken: text('capture_token').notNull().default(sql`encode(gen_random_bytes(9), 'hex')`),
  createdAt: createdAt(),
});

export const memberships = pgTable(
  'memberships',
  {
    workspaceId: bigint('workspace_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    role: text('role').$type<'owner' | 'admin' | 'member' | 'viewer'>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] })],
);

export const invites = pgTable('invites', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  workspaceId: workspaceIdColumn(),
  email: text('email').notNull(),
  role: text('role').$type<'admin' | 'member' | 'viewer'>().notNull(),
  tokenHash: text('token_hash').notNull(),
  invitedBy: bigint('invited_by', { mode: 'number' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  createdAt: createdAt(),
});

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
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

export const activities = pgTable('activities', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  workspaceId: workspaceIdColumn(),
  type: text('type').notNull(),
  description: text('description').notNull(),
  createdAt: createdAt(),
});
