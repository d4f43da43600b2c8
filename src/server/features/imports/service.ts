import { AppError } from '@domain/app-error';
import type { ImportStatus, StartedImport } from '@domain/imports/import-schemas';
import { serverMessage } from '@domain/messages';
import type { Tx } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import { withTightHeap } from '../../heap.js';
import type { Member } from '../../http/session.js';
import { type CsvItem, CsvItemParser, CsvRecordCounter } from './csv-items.js';
import { ChunkWriter } from './file-store.js';
import { hasIdentityColumn, mapHeader } from './header-mapping.js';
import { type ImportJobData, importJobName, tooManyRows } from './import-job.js';
import { maxImportRows, previewRows } from './limits.js';
import { validateRow } from './row-validation.js';
import * as store from './store.js';
import { type CsvFormat, CsvTextDecoder } from './text-encoding.js';

export function tooLarge(maxBytes: number): AppError {
  return AppError.badRequest('file', serverMessage('imports.tooLarge', { size: formatBytes(maxBytes) }));
}

function formatBytes(bytes: number): string {
  const mb = bytes / 1024 / 1024;
  if (Number.isInteger(mb)) return `${mb} MB`;
  return `${new Intl.NumberFormat('en-US').format(bytes)} bytes`;
}

/**
 * Stores the uploaded file (streamed: never whole in memory) with a new job, in one transaction,
 * then queues the job. Refuses at once what cannot be imported: not a .csv, empty, no data rows,
 * over the row or size limit, no email or phone column. Returns the first rows as a preview.
 * The file is stored as uploaded; its encoding and delimiter are detected from its first bytes
 * (CsvTextDecoder), and the job detects them again from the same bytes.
 */
export async function importContacts(
  deps: AppDeps,
  member: Member,
  input: { filename: string; source: AsyncIterable<Buffer> },
): Promise<StartedImport> {
  const maxBytes = deps.config.IMPORT_MAX_BYTES;
  const filename = input.filename.trim().split(/[\\/]/).pop() ?? '';
  if (!/\.csv$/i.test(filename)) throw AppError.badRequest('filename', serverMessage('imports.notCsv'));
  // The file passes through memory on its way to the database: up to IMPORT_MAX_BYTES, with the heap tight.
  const started = await withTightHeap(() =>
    deps.database.withWorkspace(member.workspaceId, async (tx) => {
      const jobId = await store.insertImportJob(tx, { filename, createdBy: member.userId });
      const writer = new ChunkWriter(tx, jobId);
      const decoder = new CsvTextDecoder();
      const counter = new CsvRecordCounter();
      // Made once the decoder has seen enough of the file to know its delimiter.
      let head: CsvHead | null = null;
      let textBytes = 0;
      const read = async (text: Buffer) => {
        if (textBytes === 0 && text.subarray(0, 8192).includes(0)) {
          throw AppError.badRequest('file', serverMessage('imports.binaryFile'));
        }
        textBytes += text.length;
        counter.push(text);
        head ??= new CsvHead(decoder.format ?? { delimiter: ',', skippedLines: 0 });
        await head.push(text);
      };
      for await (const chunk of input.source) {
        if (writer.bytes + chunk.length > maxBytes) throw tooLarge(maxBytes);
        await writer.write(chunk);
        const text = decoder.push(chunk);
        if (text.length > 0) await read(text);
      }
      const rest = decoder.end();
      if (rest.length > 0) await read(rest);
      await writer.finish();
      const records = counter.finish();
      head ??= new CsvHead({ delimiter: ',', skippedLines: 0 });
      await head.finish();
      if (writer.bytes === 0 || !head.header)
        throw AppError.badRequest('file', serverMessage('imports.emptyFile'));
      const totalRows = Math.max(records - 1, head.rows.length);
      if (totalRows === 0) throw AppError.badRequest('file', serverMessage('imports.noDataRows'));
      if (totalRows > maxImportRows) throw tooManyRows();
      const mapping = mapHeader(head.header);
      if (!hasIdentityColumn(mapping)) {
        const found = head.header.filter((h) => h.trim()).join(', ') || 'none';
        throw AppError.badRequest('file', serverMessage('imports.noIdentityColumn', { found }));
      }
      const preview = head.rows.map((fields) => {
        const result = validateRow(fields, mapping);
        const c = result.ok ? result.contact : fallbackPreview(fields, mapping.columns);
        return {
          firstName: c.firstName ?? '',
          lastName: c.lastName ?? '',
          email: c.email ?? '',
          company: c.company ?? '',
        };
      });
      await store.finishUpload(tx, jobId, {
        fileBytes: writer.bytes,
        totalRows,
        header: head.header,
        preview,
      });
      return { jobId, filename, totalRows, preview, ignoredColumns: mapping.ignored };
    }),
  );
  const data: ImportJobData = { workspaceId: member.workspaceId, jobId: started.jobId };
  // After commit, so the worker finds the job; if this send were lost, the next start resumes it.
  await deps.queue.send(importJobName, data);
  return started;
}

/** An invalid row still previews what it has (the job reports why it fails). */
function fallbackPreview(fields: string[], columns: ReturnType<typeof mapHeader>['columns']) {
  const at = (i: number | undefined) => (i === undefined ? null : (fields[i]?.trim() ?? null));
  return {
    firstName: at(columns.firstName) ?? at(columns.fullName),
    lastName: at(columns.lastName),
    email: at(columns.email),
    company: at(columns.company),
  };
}

/** Parses only the start of the file: its header and the first rows. */
class CsvHead {
  header: string[] | null = null;
  rows: string[][] = [];
  private parser: CsvItemParser | null;

  constructor(format: Pick<CsvFormat, 'delimiter' | 'skippedLines'>) {
    this.parser = new CsvItemParser(format);
  }

  async push(chunk: Buffer): Promise<void> {
    if (!this.parser) return;
    this.take(await this.parser.write(chunk));
  }

  async finish(): Promise<void> {
    if (this.parser) this.take(await this.parser.end());
    this.close();
  }

  private take(items: CsvItem[]): void {
    for (const item of items) {
      if (!('fields' in item)) {
        if (!this.header)
          throw AppError.badRequest(
            'file',
            serverMessage('imports.unreadableHeader', { reason: item.error }),
          );
        continue;
      }
      if (!this.header) this.header = item.fields;
      else if (this.rows.length < previewRows) this.rows.push(item.fields);
    }
    if (this.header && this.rows.length >= previewRows) this.close();
  }

  private close(): void {
    this.parser?.destroy();
    this.parser = null;
  }
}

export async function getImportStatus(
  tx: Parameters<typeof store.findImportJob>[0],
  jobId: number,
): Promise<ImportStatus> {
  const job = await store.findImportJob(tx, jobId);
  if (!job) throw new AppError('not_found', serverMessage('imports.jobNotFound'));
  return {
    jobId: job.id,
    filename: job.filename,
    status: job.status,
    total_rows: job.totalRows,
    processed_rows: job.processedRows,
    successful_imports: job.successfulImports,
    failed_imports: job.failedImports,
    created_contacts: job.createdContacts,
    updated_contacts: job.updatedContacts,
    error_message: job.errorMessage,
    error_message_ref: job.errorMessageRef,
    preview: job.preview,
    created_at: job.createdAt.toISOString(),
    finished_at: job.finishedAt?.toISOString() ?? null,
  };
}

const errorPage = 5_000;

/**
 * The failed rows as CSV: row number, line, reason, then the row as it was in the file (same
 * columns as its header), so a user can fix the rows and import this file again. Streamed a page
 * at a time; a million failed rows never sit in memory.
 */
export async function buildErrorReport(
  deps: AppDeps,
  member: Member,
  jobId: number,
): Promise<{ filename: string; rows: AsyncGenerator<string[]> }> {
  const job = await deps.database.withWorkspace(member.workspaceId, (tx) => store.findImportJob(tx, jobId));
  if (!job) throw new AppError('not_found', serverMessage('imports.jobNotFound'));
  async function* rows(): AsyncGenerator<string[]> {
    yield ['Row', 'Line', 'Reason', ...job!.header];
    let after = 0;
    for (;;) {
      const page = await deps.database.withWorkspace(member.workspaceId, (tx) =>
        store.listRowErrors(tx, jobId, after, errorPage),
      );
      for (const e of page) yield [String(e.rowNumber), String(e.lineNumber), e.reason, ...e.fields];
      if (page.length < errorPage) return;
      after = page[page.length - 1].rowNumber;
    }
  }
  return { filename: `${job.filename.replace(/\.csv$/i, '')}-errors.csv`, rows: rows() };
}

/** The import's pipeline pieces, for other sources of contact rows (the ecosystem's data collection). */
/** After a restore (in its transaction, inside the new workspace): an import it brought does not go on. */
export async function stopImportsAfterRestore(tx: Tx, at: Date): Promise<void> {
  await store.failProcessingImports(tx, serverMessage('backups.stoppedByRestore'), at);
}

export { type CsvItem, readCsvItems } from './csv-items.js';
export { type ColumnMapping, hasIdentityColumn, mapHeader, normalizeHeader } from './header-mapping.js';
export { ImportBatch } from './import-batch.js';
export { batchRows } from './import-job.js';
export { maxImportRows } from './limits.js';
export { rematchBatch, stageBatch, writeBatch } from './merge-batch.js';
export { validateRow } from './row-validation.js';
