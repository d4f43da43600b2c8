import {
  bigint,
  boolean,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { workspaceIdColumn } from './foundation.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

export type EmailProvider = 'gmail' | 'outlook' | 'godaddy';
export type EmailDirection = 'inbound' | 'outgoing';
export type EmailOrigin = 'manual' | 'imap' | 'capture';
export type PhoneSyncType = 'contacts' | 'calls' | 'messages';

export const emailAccounts = pgTable('email_accounts', {
  id: id(),
  workspaceId: workspaceIdColumn(),
  provider: text('provider').$type<EmailProvider>().notNull(),
  email: text('email').notNull(),
  imapHost: text('imap_host').notNull(),
  imapPort: integer('imap_port').notNull(),
  imapSecure: boolean('imap_secure').notNull(),
  smtpHost: text('smtp_host').notNull(),
  smtpPort: integer('smtp_port').notNull(),
  sealedPassword: text('sealed_password').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  lastError: text('last_error'),
  lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
  createdBy: bigint('created_by', { mode: 'number' }),
  createdAt: createdAt(),
});

export const emailMailboxCursors = pgTable(
  'email_mailbox_cursors',
  {
    workspaceId: workspaceIdColumn(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    mailbox: text('mailbox').notNull(),
    uidValidity: bigint('uid_validity', { mode: 'number' }).notNull(),
    lastUid: bigint('last_uid', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.mailbox] })],
);

export const emailProcessingJobs = pgTable('email_processing_jobs', {
  id: id(),
  workspaceId: workspaceIdColumn(),
  messageId: text('message_id').notNull(),
  origin: text('origin').$type<EmailOrigin>().notNull(),
  accountId: bigint('account_id', { mode: 'number' }),
  fromEmail: text('from_email').notNull(),
  fromName: text('from_name'),
  toEmail: text('to_email').notNull(),
  toName: text('to_name'),
  subject: text('subject'),
  body: text('body'),
  direction: text('direction').$type<EmailDirection>().notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  processed: boolean('processed').notNull().default(false),
  contactCreated: boolean('contact_created').notNull().default(false),
  contactId: bigint('contact_id', { mode: 'number' }),
  errorMessage: text('error_message'),
  createdBy: bigint('created_by', { mode: 'number' }),
  createdAt: createdAt(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
});

export const emailConversations = pgTable('email_conversations', {
  id: id(),
  workspaceId: workspaceIdColumn(),
  jobId: bigint('job_id', { mode: 'number' }).notNull(),
  contactId: bigint('contact_id', { mode: 'number' }),
  subject: text('subject'),
  body: text('body'),
  direction: text('direction').$type<EmailDirection>().notNull(),
  fromEmail: text('from_email').notNull(),
  toEmail: text('to_email').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

export const phoneSyncTokens = pgTable('phone_sync_tokens', {
  id: id(),
  workspaceId: workspaceIdColumn(),
  name: text('name').notNull(),
  tokenHash: text('token_hash').notNull(),
  tokenHint: text('token_hint').notNull(),
  plainToken: text('plain_token'),
  createdBy: bigint('created_by', { mode: 'number' }),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const phoneSyncRecords = pgTable('phone_sync_records', {
  id: id(),
  workspaceId: workspaceIdColumn(),
  tokenId: bigint('token_id', { mode: 'number' }),
  syncType: text('sync_type').$type<PhoneSyncType>().notNull(),
  itemCount: integer('item_count').notNull(),
  payload: jsonb('payload').$type<unknown[]>().notNull(),
  processed: boolean('processed').notNull().default(false),
  contactsCreated: integer('contacts_created').notNull().default(0),
  contactsUpdated: integer('contacts_updated').notNull().default(0),
  errorMessage: text('error_message'),
  createdAt: createdAt(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
});

export const memberLocations = pgTable(
  'member_locations',
  {
    workspaceId: workspaceIdColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    accuracyMeters: doublePrecision('accuracy_meters'),
    address: text('address'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] })],
);

export const geofenceAlerts = pgTable('geofence_alerts', {
  id: id(),
  workspaceId: workspaceIdColumn(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  contactId: bigint('contact_id', { mode: 'number' }).notNull(),
  distanceMiles: doublePrecision('distance_miles').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});
