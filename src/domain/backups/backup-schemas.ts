import { z } from 'zod';
import { idParamSchema } from '../ids.js';

export const backupStatusSchema = z.enum(['queued', 'running', 'completed', 'failed']);
export const verifyStatusSchema = z.enum(['unverified', 'queued', 'verified', 'failed']);

export const backupRestoreSchema = z.object({
  id: z.number(),
  status: backupStatusSchema,
  newWorkspaceId: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type BackupRestore = z.infer<typeof backupRestoreSchema>;

/** One backup as the Backup tab lists it. */
export const backupSchema = z.object({
  id: z.number(),
  trigger: z.enum(['manual', 'scheduled']),
  status: backupStatusSchema,
  /** Tables written so far, while running. */
  tablesDone: z.number(),
  tablesTotal: z.number(),
  error: z.string().nullable(),
  sizeBytes: z.number().nullable(),
  totalRows: z.number().nullable(),
  tables: z.array(z.object({ table: z.string(), rows: z.number() })),
  schemaVersion: z.string().nullable(),
  verifyStatus: verifyStatusSchema,
  verifiedAt: z.string().nullable(),
  verifyError: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** The latest restore of this backup, if any. */
  lastRestore: backupRestoreSchema.nullable(),
});
export type Backup = z.infer<typeof backupSchema>;

export const backupListSchema = z.array(backupSchema);

export const backupIdParamsSchema = z.object({ id: idParamSchema });

/** `GET /run/backup` (spec 001 §7): 'success' means the backup is done. */
export const runBackupResultSchema = z.object({ status: z.string(), message: z.string() });
export type RunBackupResult = z.infer<typeof runBackupResultSchema>;
