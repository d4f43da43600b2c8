import type { MessageRef } from '@domain/messages';
import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, tenantIdentityColumn, workspaceIdColumn } from './columns.js';

export type EmailProvider = 'gmail' | 'outlook' | 'godaddy';
export type EmailDirection = 'inbound' | 'outgoing';
export type EmailOrigin = 'manual' | 'imap' | 'capture';

export const emailAccounts = pgTable(
  'email_accounts',
  {
    id: tenantIdentityColumn(),
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
    lastErrorMessage: jsonb('last_error_message').$type<MessageRef>(),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

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
  (t) => [primaryKey({ columns: [t.workspaceId, t.accountId, t.mailbox] })],
);

export const emailProcessingJobs = pgTable(
  'email_processing_jobs',
  {
    id: tenantIdentityColumn(),
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
    errorMessageRef: jsonb('error_message_ref').$type<MessageRef>(),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAtColumn(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

export const emailConversations = pgTable(
  'email_conversations',
  {
    id: tenantIdentityColumn(),
    workspaceId: workspaceIdColumn(),
    jobId: bigint('job_id', { mode: 'number' }).notNull(),
    contactId: bigint('contact_id', { mode: 'number' }),
    subject: text('subject'),
    body: text('body'),
    direction: text('direction').$type<EmailDirection>().notNull(),
    fromEmail: text('from_email').notNull(),
    toEmail: text('to_email').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);
