import type { MessageRef } from '@domain/messages';
import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, tenantIdentityColumn, workspaceIdColumn } from './columns.js';

export type PhoneSyncType = 'contacts' | 'calls' | 'messages';

export const phoneSyncTokens = pgTable(
  'phone_sync_tokens',
  {
    id: tenantIdentityColumn(),
    workspaceId: workspaceIdColumn(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    tokenHint: text('token_hint').notNull(),
    plainToken: text('plain_token'),
    /** A testing token (migration 1040): its value is readable by members, and it sends test syncs only. */
    testOnly: boolean('test_only').notNull().default(false),
    createdBy: bigint('created_by', { mode: 'number' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

export const phoneSyncRecords = pgTable(
  'phone_sync_records',
  {
    id: tenantIdentityColumn(),
    workspaceId: workspaceIdColumn(),
    tokenId: bigint('token_id', { mode: 'number' }),
    syncType: text('sync_type').$type<PhoneSyncType>().notNull(),
    itemCount: integer('item_count').notNull(),
    payload: jsonb('payload').$type<unknown[]>().notNull(),
    processed: boolean('processed').notNull().default(false),
    contactsCreated: integer('contacts_created').notNull().default(0),
    contactsUpdated: integer('contacts_updated').notNull().default(0),
    errorMessage: text('error_message'),
    errorMessageRef: jsonb('error_message_ref').$type<MessageRef>(),
    isTest: boolean('is_test').notNull().default(false),
    createdAt: createdAtColumn(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);
