import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { clientOf, type Tx } from '../../db/database.js';
import { claimAllPublicTokens, type PublicTokenKind, publicTokenColumns } from '../../db/public-tokens.js';
import type { BackupTableEntry } from '../../db/schema/backups.js';
import { LineSplitter, RowChecksum, readBackupFile } from './backup-file.js';
import { quoteIdent, type TableInfo, workspaceTables } from './catalog.js';

export class BackupMismatch extends Error {}

interface Loaded {
  table: TableInfo;
  columns: string[];
  staging: string;
  entry: BackupTableEntry;
}

const mapName = (table: string) => quoteIdent(`bk_map_${table}`);
const uniqueMapName = (table: string, column: string) => quoteIdent(`bk_map_${table}_${column}`);

/**
 * Loads a backup file into staging tables of `tx` (temporary, dropped at commit), checking each table's
 * rows and checksum against the recorded manifest and the file's SHA-256.
 */
async function loadFile(
  tx: Tx,
  file: Readable,
  expected: { tables: BackupTableEntry[]; fileSha256: string },
): Promise<Loaded[]> {
  const client = clientOf(tx);
  const current = new Map((await workspaceTables(client)).map((t) => [t.name, t]));
  const loaded: Loaded[] = [];
  let copy: ReturnType<typeof copyFrom> | null = null;
  let checksum = new RowChecksum();
  let section: Omit<Loaded, 'entry'> | null = null;
  const sha = { value: undefined as string | undefined };
  try {
    for await (const event of readBackupFile(file, sha)) {
      if (event.type === 'table') {
        const table = current.get(event.header.table);
        if (!table)
          throw new BackupMismatch(`the backup holds table ${event.header.table}, which no longer exists`);
        const staging = quoteIdent(`bk_stage_${loaded.length}`);
        const columns = event.header.columns;
        await client.query(
          `create temp table ${staging} on commit drop as select ${columns.map(quoteIdent).join(', ')} from ${quoteIdent(table.name)} with no data`,
        );
        copy = client.query(copyFrom(`copy ${staging} from stdin`));
        checksum = new RowChecksum();
        section = { table, columns, staging };
      } else if (event.type === 'rows' && copy) {
        for (const line of event.lines) checksum.add(line);
        if (!copy.write(Buffer.concat(event.lines.flatMap((l) => [l, newline])))) await once(copy, 'drain');
      } else if (event.type === 'end' && copy && section) {
        copy.end();
        await once(copy, 'finish');
        copy = null;
        const entry = expected.tables.find((t) => t.table === section?.table.name);
        if (!entry || entry.rows !== checksum.rows || entry.checksum !== checksum.hex())
          throw new BackupMismatch(`table ${section.table.name} does not match the backup's checksum`);
        loaded.push({ ...section, entry });
      }
    }
  } finally {
    // A COPY left open (a damaged file) is cancelled, so the connection can roll back.
    if (copy) {
      const open = copy;
      await new Promise((resolve) => open.destroy(new Error('restore stopped')).once('close', resolve));
    }
  }
  if (sha.value !== expected.fileSha256)
    throw new BackupMismatch('the backup file does not match its checksum');
  if (loaded.length !== expected.tables.length) throw new BackupMismatch('the backup file is missing tables');
  return loaded;
}

const newline = Buffer.from('\n');

/**
 * Reads the backup file through, checking every table's rows and checksum and the file's SHA-256.
 * Nothing is written: the staging tables vanish with the transaction.
 */
export async function verifyBackupFile(
  tx: Tx,
  file: Readable,
  expected: { tables: BackupTableEntry[]; fileSha256: string },
): Promise<void> {
  await loadFile(tx, file, expected);
}

/**
 * The id a row of `table` had in the backup, from its id after `restoreInto` (same transaction: the
 * maps are dropped at its commit); undefined for a table without generated ids or not in the backup.
 */
export async function restoredOldId(tx: Tx, table: string, newId: number): Promise<number | undefined> {
  const client = clientOf(tx);
  // This session's own temporary schema only: a restore running beside it has maps of the same name.
  const { rows } = await client.query('select to_regclass($1) is not null as present', [
    `pg_temp.${mapName(table)}`,
  ]);
  if (!rows[0].present) return undefined;
  const found = await client.query(`select old from ${mapName(table)} where new = $1`, [newId]);
  return found.rows[0] ? Number(found.rows[0].old) : undefined;
}

/**
 * Restores a backup into the workspace `tx` is in now (new and empty), in `tx`: global ids get new
 * values from their sequences (every reference follows them), workspace_id becomes the new workspace,
 * columns unique across workspaces (tokens, tracking keys) get fresh random values. Then it reads the
 * new workspace back with the ids mapped to the old ones and requires every table's count and
 * checksum to equal the backup's: any difference throws, and the caller's transaction leaves nothing.
 */
export async function restoreInto(
  tx: Tx,
  options: {
    file: Readable;
    sourceWorkspaceId: number;
    newWorkspaceId: number;
    expected: { tables: BackupTableEntry[]; fileSha256: string };
  },
): Promise<void> {
  const client = clientOf(tx);
  const { newWorkspaceId, sourceWorkspaceId } = options;
  const loaded = await loadFile(tx, options.file, options.expected);
  const stagingOf = new Map(loaded.map((l) => [l.table.name, l]));
  for (const { table, staging } of loaded) {
    if (table.idSequence) {
      const map = mapName(table.name);
      await client.query(
        `create temp table ${map} on commit drop as select id as old, nextval('${table.idSequence}')::bigint as new from ${staging}`,
      );
      await client.query(`alter table ${map} add primary key (old); create unique index on ${map} (new)`);
    }
    for (const column of table.regenerated) {
      const map = uniqueMapName(table.name, column);
      await client.query(
        `create temp table ${map} on commit drop as select distinct ${quoteIdent(column)} as old, encode(gen_random_bytes(18), 'hex') as new from ${staging} where ${quoteIdent(column)} is not null`,
      );
      await client.query(`alter table ${map} add primary key (old); create unique index on ${map} (new)`);
    }
  }
  const forward = (table: TableInfo, column: string, source: string): string => {
    if (column === 'workspace_id') return `${newWorkspaceId}::bigint`;
    const ref =
      column === 'id' && table.idSequence
        ? table.name
        : table.references.find((r) => r.column === column)?.table;
    if (ref && stagingOf.has(ref))
      return `(select m.new from ${mapName(ref)} m where m.old = ${source}.${quoteIdent(column)})`;
    if (table.regenerated.includes(column))
      return `(select m.new from ${uniqueMapName(table.name, column)} m where m.old = ${source}.${quoteIdent(column)})`;
    return `${source}.${quoteIdent(column)}`;
  };
  for (const { table, columns, staging } of loaded) {
    // Counters that triggers kept while the tables before were inserted are replaced by the backup's.
    if (table.triggerFilled) await client.query(`delete from ${quoteIdent(table.name)}`);
    await client.query(
      `insert into ${quoteIdent(table.name)} (${columns.map(quoteIdent).join(', ')}) overriding system value
       select ${columns.map((c) => forward(table, c, 's')).join(', ')} from ${staging} s`,
    );
  }
  // The copy's tokens are new (regenerated above): the directory learns them in the same transaction.
  for (const [kind, { table }] of Object.entries(publicTokenColumns))
    if (stagingOf.has(table)) await claimAllPublicTokens(tx, kind as PublicTokenKind);
  const backward = (table: TableInfo, column: string): string => {
    if (column === 'workspace_id') return `${sourceWorkspaceId}::bigint`;
    const ref =
      column === 'id' && table.idSequence
        ? table.name
        : table.references.find((r) => r.column === column)?.table;
    if (ref && stagingOf.has(ref))
      return `(select m.old from ${mapName(ref)} m where m.new = t.${quoteIdent(column)})`;
    if (table.regenerated.includes(column))
      return `(select m.old from ${uniqueMapName(table.name, column)} m where m.new = t.${quoteIdent(column)})`;
    return `t.${quoteIdent(column)}`;
  };
  for (const { table, columns, entry } of loaded) {
    const checksum = new RowChecksum();
    const splitter = new LineSplitter();
    const onLine = (line: Buffer) => checksum.add(line);
    const sql = `copy (select ${columns.map((c) => backward(table, c)).join(', ')} from ${quoteIdent(table.name)} t where t.workspace_id = ${newWorkspaceId}) to stdout`;
    for await (const chunk of client.query(copyTo(sql))) splitter.push(chunk as Buffer, onLine);
    splitter.end(onLine);
    if (checksum.rows !== entry.rows || checksum.hex() !== entry.checksum)
      throw new BackupMismatch(
        `the restored table ${table.name} differs from the backup (${checksum.rows} rows, backup ${entry.rows})`,
      );
  }
}
