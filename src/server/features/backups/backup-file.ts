import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';

/**
 * A backup file is gzip over lines:
 *   BUSINESS-HUB-BACKUP 1
 *   TABLE {"table":"contacts","columns":["id",…]}
 *   <the table's rows in COPY text format, one a line>
 *   \.
 *   … one section per table …
 *   MANIFEST {"schemaVersion":…,"tables":[{table, rows, checksum}]}
 * COPY's text format escapes newlines and backslashes inside values, so a row is exactly one line and
 * no row is the end marker.
 */
export const fileMagic = 'BUSINESS-HUB-BACKUP 1';
export const tablePrefix = 'TABLE ';
export const manifestPrefix = 'MANIFEST ';
export const endOfData = '\\.';

/**
 * An order-independent checksum of a table's rows: the lane-wise sum (mod 2^32) of each row's SHA-256.
 * A restore re-reads its rows in whatever order the new ids give and must still match.
 */
export class RowChecksum {
  private readonly lanes = new Uint32Array(8);
  rows = 0;

  add(line: Buffer | string): void {
    const digest = createHash('sha256').update(line).digest();
    for (let i = 0; i < 8; i++) this.lanes[i] = (this.lanes[i] + digest.readUInt32BE(i * 4)) >>> 0;
    this.rows += 1;
  }

  hex(): string {
    return Array.from(this.lanes, (lane) => lane.toString(16).padStart(8, '0')).join('');
  }
}

/** Cuts a byte stream into lines (without their newline), whatever the chunk boundaries. */
export class LineSplitter {
  private rest: Buffer = Buffer.alloc(0);

  push(chunk: Buffer, onLine: (line: Buffer) => void): void {
    const data = this.rest.length ? Buffer.concat([this.rest, chunk]) : chunk;
    let start = 0;
    for (let nl = data.indexOf(10, start); nl !== -1; nl = data.indexOf(10, start)) {
      onLine(data.subarray(start, nl));
      start = nl + 1;
    }
    this.rest = Buffer.from(data.subarray(start));
  }

  /** The last line when the stream did not end with a newline. */
  end(onLine: (line: Buffer) => void): void {
    if (this.rest.length) onLine(this.rest);
    this.rest = Buffer.alloc(0);
  }
}

export interface TableHeader {
  table: string;
  columns: string[];
}

export type BackupEvent =
  | { type: 'table'; header: TableHeader }
  | { type: 'rows'; lines: Buffer[] }
  | { type: 'end' }
  | { type: 'manifest'; manifest: unknown };

/**
 * Reads a backup file's bytes as a stream of events (rows in batches, one batch per decompressed chunk),
 * and the SHA-256 of its compressed bytes once it is read to the end. Refuses anything not in the format.
 * The source is closed however the reading ends.
 */
export async function* readBackupFile(
  raw: Readable,
  sha256: { value?: string } = {},
): AsyncGenerator<BackupEvent> {
  try {
    yield* readEvents(raw, sha256);
  } finally {
    raw.destroy();
  }
}

async function* readEvents(raw: Readable, sha256: { value?: string }): AsyncGenerator<BackupEvent> {
  const fileHash = createHash('sha256');
  raw.on('data', (chunk) => fileHash.update(chunk));
  const splitter = new LineSplitter();
  let state: 'start' | 'between' | 'rows' | 'done' = 'start';
  const events: BackupEvent[] = [];
  const finished = () => state === 'done';
  let rows: Buffer[] = [];
  const onLine = (line: Buffer) => {
    if (state === 'rows') {
      if (line.length === 2 && line[0] === 92 && line[1] === 46) {
        if (rows.length) events.push({ type: 'rows', lines: rows });
        rows = [];
        events.push({ type: 'end' });
        state = 'between';
      } else rows.push(line);
      return;
    }
    const text = line.toString('utf8');
    if (state === 'start') {
      if (text !== fileMagic) throw new Error('not a Business Hub backup file');
      state = 'between';
    } else if (state === 'between' && text.startsWith(tablePrefix)) {
      events.push({ type: 'table', header: JSON.parse(text.slice(tablePrefix.length)) as TableHeader });
      state = 'rows';
    } else if (state === 'between' && text.startsWith(manifestPrefix)) {
      events.push({ type: 'manifest', manifest: JSON.parse(text.slice(manifestPrefix.length)) });
      state = 'done';
    } else throw new Error('the backup file is damaged (unexpected line)');
  };
  for await (const chunk of raw.pipe(createGunzip())) {
    splitter.push(chunk as Buffer, onLine);
    if (rows.length) {
      events.push({ type: 'rows', lines: rows });
      rows = [];
    }
    yield* events.splice(0);
  }
  splitter.end(onLine);
  yield* events.splice(0);
  if (!finished()) throw new Error('the backup file is incomplete (no manifest)');
  sha256.value = fileHash.digest('hex');
}
