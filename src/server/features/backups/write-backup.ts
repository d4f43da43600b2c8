import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { BackupTableEntry } from '../../db/schema/backups.js';
import {
  endOfData,
  fileMagic,
  LineSplitter,
  manifestPrefix,
  RowChecksum,
  tablePrefix,
} from './backup-file.js';
import { quoteIdent, type TableInfo, workspaceTables } from './catalog.js';
import type { BackupUpload } from './storage.js';

export interface BackupManifest {
  workspaceId: number;
  schemaVersion: string;
  tables: BackupTableEntry[];
}

export interface WrittenBackup extends BackupManifest {
  sizeBytes: number;
  fileSha256: string;
  totalRows: number;
}

/** The COPY of one table's rows in this workspace (row-level security would hide others' rows anyway). */
export function copyOutSql(table: TableInfo, workspaceId: number): string {
  return `copy (select ${table.columns.map(quoteIdent).join(', ')} from ${quoteIdent(table.name)} where workspace_id = ${workspaceId}) to stdout`;
}

/**
 * Writes every row the workspace owns to `upload`: one read-only repeatable-read transaction (one snapshot
 * for all tables, so counters match their sources), one COPY per table, gzip, per-table row counts and
 * checksums. The upload is committed only when complete and aborted on any failure, so the storage never
 * holds a file that looks done but is not.
 */
export async function writeBackup(
  pool: pg.Pool,
  workspaceId: number,
  upload: BackupUpload,
  onProgress: (done: number, total: number) => Promise<void>,
): Promise<WrittenBackup> {
  if (!Number.isSafeInteger(workspaceId)) throw new TypeError(`not a workspace id: ${workspaceId}`);
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(
      `begin isolation level repeatable read read only; select set_config('app.workspace_id', '${workspaceId}', true)`,
    );
    const tables = await workspaceTables(client);
    const schemaVersion = (await client.query<{ v: string }>('select app_schema_version() as v')).rows[0].v;
    const gzip = createGzip({ level: 6 });
    const fileHash = createHash('sha256');
    let sizeBytes = 0;
    gzip.on('data', (chunk: Buffer) => {
      fileHash.update(chunk);
      sizeBytes += chunk.length;
    });
    const written = pipeline(gzip, upload.stream);
    const write = async (data: string | Buffer) => {
      if (!gzip.write(data)) await once(gzip, 'drain');
    };
    await write(`${fileMagic}\n`);
    const entries: BackupTableEntry[] = [];
    for (const [index, table] of tables.entries()) {
      await write(`${tablePrefix}${JSON.stringify({ table: table.name, columns: table.columns })}\n`);
      const checksum = new RowChecksum();
      const splitter = new LineSplitter();
      const onLine = (line: Buffer) => checksum.add(line);
      for await (const chunk of client.query(copyTo(copyOutSql(table, workspaceId)))) {
        splitter.push(chunk as Buffer, onLine);
        await write(chunk as Buffer);
      }
      splitter.end(onLine);
      await write(`${endOfData}\n`);
      entries.push({ table: table.name, rows: checksum.rows, checksum: checksum.hex() });
      await onProgress(index + 1, tables.length);
    }
    const manifest: BackupManifest = { workspaceId, schemaVersion, tables: entries };
    await write(`${manifestPrefix}${JSON.stringify(manifest)}\n`);
    gzip.end();
    await written;
    await upload.commit();
    await client.query('commit');
    return {
      ...manifest,
      sizeBytes,
      fileSha256: fileHash.digest('hex'),
      totalRows: entries.reduce((sum, e) => sum + e.rows, 0),
    };
  } catch (error) {
    await upload.abort();
    broken = await client.query('rollback').then(
      () => undefined,
      (rollbackError: Error) => rollbackError,
    );
    throw error;
  } finally {
    client.release(broken);
  }
}
