import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantIdentityColumn, workspaceIdColumn } from './columns.js';

export const apiKeys = pgTable(
  'api_keys',
  {
    id: tenantIdentityColumn(),
    workspaceId: workspaceIdColumn(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    role: text('role').$type<'admin' | 'member' | 'viewer'>().notNull(),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);
