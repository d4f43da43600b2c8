import type { ImportPreviewRow } from '@domain/imports/import-schemas';
import { messageRef, type StoredMessage } from '@domain/messages';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.js';
import { importJobs, importRowErrors } from '../../db/schema/imports.js';

export type ImportJobRow = typeof importJobs.$inferSelect;

export async function insertImportJob(
  tx: Tx,
  values: { filename: string; createdBy: number },
): Promise<number> {
  const [row] = await tx.insert(importJobs).values(values).returning({ id: importJobs.id });
  return row.id;
}

export async function finishUpload(
  tx: Tx,
  id: number,
  values: { fileBytes: number; totalRows: number; header: string[]; preview: ImportPreviewRow[] },
): Promise<void> {
  await tx.update(importJobs).set(values).where(eq(importJobs.id, id));
}

export async function findImportJob(tx: Tx, id: number): Promise<ImportJobRow | undefined> {
  const [row] = await tx.select().from(importJobs).where(eq(importJobs.id, id));
  return row;
}

/** Takes the job for a new run (a fresh fencing token); none when it is no longer processing. */
export async function claimImportJob(tx: Tx, id: number, runner: string): Promise<ImportJobRow | undefined> {
  const [row] = await tx
    .update(importJobs)
    .set({
      runner,
      attempts: sql`${importJobs.attempts} + 1`,
      startedAt: sql`coalesce(${importJobs.startedAt}, now())`,
    })
    .where(and(eq(importJobs.id, id), eq(importJobs.status, 'processing')))
    .returning();
  return row;
}

/** Locks the job row for this batch's transaction, if `runner` still owns the job. */
export async function lockOwnedJob(tx: Tx, id: number, runner: string): Promise<boolean> {
  const rows = await tx
    .select({ id: importJobs.id })
    .from(importJobs)
    .where(and(eq(importJobs.id, id), eq(importJobs.runner, runner), eq(importJobs.status, 'processing')))
    .for('update');
  return rows.length > 0;
}

export async function addProgress(
  tx: Tx,
  id: number,
  delta: { processed: number; successful: number; failed: number; created: number; updated: number },
): Promise<void> {
  await tx
    .update(importJobs)
    .set({
      processedRows: sql`${importJobs.processedRows} + ${delta.processed}`,
      successfulImports: sql`${importJobs.successfulImports} + ${delta.successful}`,
      failedImports: sql`${importJobs.failedImports} + ${delta.failed}`,
      createdContacts: sql`${importJobs.createdContacts} + ${delta.created}`,
      updatedContacts: sql`${importJobs.updatedContacts} + ${delta.updated}`,
    })
    .where(eq(importJobs.id, id));
}

/** Final state; total_rows becomes the parser's own count (the upload's count is a fast estimate). */
export async function completeImportJob(tx: Tx, id: number): Promise<ImportJobRow> {
  const [row] = await tx
    .update(importJobs)
    .set({ status: 'completed', totalRows: sql`${importJobs.processedRows}`, finishedAt: sql`now()` })
    .where(eq(importJobs.id, id))
    .returning();
  return row;
}

export async function failImportJob(tx: Tx, id: number, message: StoredMessage): Promise<void> {
  await tx
    .update(importJobs)
    .set({
      status: 'failed',
      errorMessage: message.text,
      errorMessageRef: messageRef(message),
      finishedAt: sql`now()`,
    })
    .where(and(eq(importJobs.id, id), eq(importJobs.status, 'processing')));
}

/** Imports still processing end failed with `message` (a restored copy's: see backups' restore). */
export async function failProcessingImports(tx: Tx, message: StoredMessage, at: Date): Promise<void> {
  await tx
    .update(importJobs)
    .set({
      status: 'failed',
      errorMessage: message.text,
      errorMessageRef: messageRef(message),
      finishedAt: at,
    })
    .where(eq(importJobs.status, 'processing'));
}

export async function readWorkspacePlanId(tx: Tx): Promise<string | undefined> {
  const { rows } = await tx.execute<{ plan: string }>(
    sql`select plan from workspaces where id = app_current_workspace()`,
  );
  return rows[0]?.plan;
}

/** Which of these emails and phones already belong to a contact of the workspace (index look-ups, see 0151). */
export async function existingIdentities(
  tx: Tx,
  emails: string[],
  phones: string[],
): Promise<{ emails: Set<string>; phones: Set<string> }> {
  const { rows } = await tx.execute<{ email: string | null; phone: string | null }>(sql`
    select lower(email::text) as email, null as phone from contact_identities_in_workspace
    where email in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb)::citext)
    union all
    select null, phone from contact_identities_in_workspace
    where phone in (select jsonb_array_elements_text(${JSON.stringify(phones)}::jsonb))`);
  return {
    emails: new Set(rows.flatMap((r) => (r.email ? [r.email] : []))),
    phones: new Set(rows.flatMap((r) => (r.phone ? [r.phone] : []))),
  };
}

export async function listRowErrors(tx: Tx, jobId: number, afterRow: number, limit: number) {
  return tx
    .select({
      rowNumber: importRowErrors.rowNumber,
      lineNumber: importRowErrors.lineNumber,
      reason: importRowErrors.reason,
      fields: importRowErrors.fields,
    })
    .from(importRowErrors)
    .where(and(eq(importRowErrors.jobId, jobId), sql`${importRowErrors.rowNumber} > ${afterRow}`))
    .orderBy(asc(importRowErrors.rowNumber))
    .limit(limit);
}

/** Processing jobs of every workspace (a security-definer function: ids only). */
export async function listUnfinishedJobs(db: Db): Promise<{ workspaceId: number; id: number }[]> {
  const { rows } = await db.execute<{ workspace_id: number; id: number }>(
    sql`select workspace_id, id from app_unfinished_import_jobs()`,
  );
  return rows.map((r) => ({ workspaceId: Number(r.workspace_id), id: Number(r.id) }));
}
