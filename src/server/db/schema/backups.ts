import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, tenantIdentityColumn, workspaceIdColumn } from './columns.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

export interface BackupTableEntry {
  table: string;
  rows: number;
  checksum: string;
}

/** Mirror of 0950_backups_and_succession.sql. */
export const backups = pgTable(
  'backups',
  {
    id: tenantIdentityColumn(),
    workspaceId: workspaceIdColumn(),
    trigger: text('trigger').$type<'manual' | 'scheduled'>().notNull(),
    status: text('status').$type<'queued' | 'running' | 'completed' | 'failed'>().notNull().default('queued'),
    tablesDone: integer('tables_done').notNull().default(0),
    tablesTotal: integer('tables_total').notNull().default(0),
    error: text('error'),
    fileName: text('file_name'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    fileSha256: text('file_sha256'),
    schemaVersion: text('schema_version'),
    tables: jsonb('tables').$type<BackupTableEntry[]>(),
    totalRows: bigint('total_rows', { mode: 'number' }),
    verifyStatus: text('verify_status')
      .$type<'unverified' | 'queued' | 'verified' | 'failed'>()
      .notNull()
      .default('unverified'),
    verifiedAt: at('verified_at'),
    verifyError: text('verify_error'),
    leaseUntil: at('lease_until'),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAtColumn(),
    completedAt: at('completed_at'),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

export const backupRestores = pgTable(
  'backup_restores',
  {
    id: tenantIdentityColumn(),
    workspaceId: workspaceIdColumn(),
    backupId: bigint('backup_id', { mode: 'number' }).notNull(),
    status: text('status').$type<'queued' | 'running' | 'completed' | 'failed'>().notNull().default('queued'),
    newWorkspaceId: bigint('new_workspace_id', { mode: 'number' }),
    error: text('error'),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAtColumn(),
    completedAt: at('completed_at'),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);
