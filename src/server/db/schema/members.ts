import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, tenantIdentityColumn, workspaceIdColumn } from './columns.js';

export const memberships = pgTable(
  'memberships',
  {
    workspaceId: bigint('workspace_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    role: text('role').$type<'owner' | 'admin' | 'member' | 'viewer'>().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] })],
);

export const invites = pgTable(
  'invites',
  {
    id: tenantIdentityColumn(),
    workspaceId: workspaceIdColumn(),
    email: text('email').notNull(),
    role: text('role').$type<'admin' | 'member' | 'viewer'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: bigint('invited_by', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);
