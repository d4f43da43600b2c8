import type { ImportPreviewRow } from '@domain/imports/import-schemas';
import type { MessageRef } from '@domain/messages';
import {
  bigint,
  customType,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantIdentityColumn, workspaceIdColumn } from './columns.js';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export type ImportJobStatus = 'processing' | 'completed' | 'failed';

export const importJobs = pgTable(
  'import_jobs',
  {
    id: tenantIdentityColumn(),
    workspaceId: workspaceIdColumn(),
    createdBy: bigint('created_by', { mode: 'number' }),
    filename: text('filename').notNull(),
    fileBytes: bigint('file_bytes', { mode: 'number' }).notNull().default(0),
    status: text('status').$type<ImportJobStatus>().notNull().default('processing'),
    header: text('header').array().notNull().default([]),
    preview: jsonb('preview').$type<ImportPreviewRow[]>().notNull().default([]),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    successfulImports: integer('successful_imports').notNull().default(0),
    failedImports: integer('failed_imports').notNull().default(0),
    createdContacts: integer('created_contacts').notNull().default(0),
    updatedContacts: integer('updated_contacts').notNull().default(0),
    runner: uuid('runner'),
    attempts: integer('attempts').notNull().default(0),
    errorMessage: text('error_message'),
    errorMessageRef: jsonb('error_message_ref').$type<MessageRef>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

export const importFileChunks = pgTable('import_file_chunks', {
  workspaceId: workspaceIdColumn(),
  jobId: bigint('job_id', { mode: 'number' }).notNull(),
  seq: integer('seq').notNull(),
  data: bytea('data').notNull(),
});

export const importRowErrors = pgTable('import_row_errors', {
  workspaceId: workspaceIdColumn(),
  jobId: bigint('job_id', { mode: 'number' }).notNull(),
  rowNumber: integer('row_number').notNull(),
  lineNumber: integer('line_number').notNull(),
  reason: text('reason').notNull(),
  fields: text('fields').array().notNull(),
});
