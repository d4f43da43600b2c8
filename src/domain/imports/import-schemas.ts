import { messageRefSchema } from '@domain/message-schemas';
import { z } from 'zod';

/** POST /api/contacts/import-csv: the whole file as text (spec 000 §7); larger files use the multipart upload. */
export const importCsvBodySchema = z.object({
  csvData: z.string(),
  filename: z.string().trim().min(1).max(255),
});

/** One of the first rows of a file, as the import will read it. */
export const importPreviewRowSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  company: z.string(),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRowSchema>;

/** The 202 answer of both import uploads: the job is queued. */
export const startedImportSchema = z.object({
  jobId: z.number(),
  filename: z.string(),
  totalRows: z.number(),
  preview: z.array(importPreviewRowSchema),
  /** Headers of the file that feed no contact field. */
  ignoredColumns: z.array(z.string()),
});
export type StartedImport = z.infer<typeof startedImportSchema>;

/** GET /api/contacts/import-status/:jobId, polled while the job runs. */
export const importStatusSchema = z.object({
  jobId: z.number(),
  filename: z.string(),
  status: z.enum(['processing', 'completed', 'failed']),
  total_rows: z.number(),
  processed_rows: z.number(),
  successful_imports: z.number(),
  failed_imports: z.number(),
  created_contacts: z.number(),
  updated_contacts: z.number(),
  error_message: z.string().nullable(),
  /** `error_message`'s catalogued message, for the reader's language (failures since migration 0152). */
  error_message_ref: messageRefSchema.nullable(),
  preview: z.array(importPreviewRowSchema),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportStatus = z.infer<typeof importStatusSchema>;

export const importJobParams = z.object({ jobId: z.coerce.number().int().positive() });
