import type { ProfileImageType } from '@domain/auth/profile-image';
import { sql } from 'drizzle-orm';
import { bigint, customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns.js';

export const users = pgTable('users', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  email: text('email').notNull(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  profileImageUrl: text('profile_image_url'),
  passwordHash: text('password_hash'),
  oidcSubject: text('oidc_subject'),
  locale: text('locale'),
  createdAt: createdAtColumn(),
  /** Set at each sign-in (0950); succession measures the owner's absence from it. */
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
});

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  workspaceId: bigint('active_workspace_id', { mode: 'number' }).notNull(),
  createdAt: createdAtColumn(),
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
  createdAt: createdAtColumn(),
});

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** A user's uploaded profile image (1031): the only kind `users.profile_image_url` points at. */
export const userProfileImages = pgTable('user_profile_images', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  contentType: text('content_type').$type<ProfileImageType>().notNull(),
  bytes: bytea('bytes').notNull(),
  sha256: text('sha256').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A sign-up waiting for its emailed link (1200): the account exists only once the link is opened. */
export const pendingSignUps = pgTable('pending_sign_ups', {
  tokenHash: text('token_hash').primaryKey(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  businessName: text('business_name').notNull().default(''),
  locale: text('locale'),
  plan: text('plan').$type<'starter' | 'professional' | 'enterprise'>(),
  addons: text('addons').array().notNull().default(sql`'{}'`),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAtColumn(),
});

/** The product's mail kept when no mail transport is set (1200). */
export const mailOutbox = pgTable('mail_outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  toEmail: text('to_email').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: createdAtColumn(),
});
