import { eq } from 'drizzle-orm';
import { clientOf, type Database, type Tx } from '../../db/database.js';
import { importFileChunks } from '../../db/schema/imports.js';

/** The uploaded file is kept in the database in chunks of this size, so any server can resume the job. */
export const chunkBytes = 1024 * 1024;

/** Buffers an incoming stream into fixed-size chunks and writes each within the upload's transaction. */
export class ChunkWriter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private seq = 0;
  bytes = 0;

  constructor(
    private readonly tx: Tx,
    private readonly jobId: number,
  ) {}

  async write(data: Buffer): Promise<void> {
    this.bytes += data.length;
    this.pending.push(data);
    this.pendingBytes += data.length;
    while (this.pendingBytes >= chunkBytes) {
      const all = Buffer.concat(this.pending, this.pendingBytes);
      await this.insert(all.subarray(0, chunkBytes));
      const rest = all.subarray(chunkBytes);
      this.pending = rest.length > 0 ? [Buffer.from(rest)] : [];
      this.pendingBytes = rest.length;
    }
  }

  async finish(): Promise<void> {
    if (this.pendingBytes > 0) await this.insert(Buffer.concat(this.pending, this.pendingBytes));
    this.pending = [];
    this.pendingBytes = 0;
  }

  private async insert(data: Buffer): Promise<void> {
    await this.tx.insert(importFileChunks).values({ jobId: this.jobId, seq: this.seq, data });
    this.seq += 1;
  }
}

/**
 * Bytes per row when the file is read back. PostgreSQL sends bytea as hex text, so each row arrives
 * as a string twice its size: at 32 KiB that string is a young-generation object the scavenger
 * frees at once, where a whole 1 MiB chunk (a 2 MiB string) went straight to V8's large-object
 * space, which only a full collection empties.
 */
const readPieceBytes = 32 * 1024;

/** The stored file from its first byte, one chunk per short transaction, in small pieces. */
export async function* readStoredFile(
  database: Database,
  workspaceId: number,
  jobId: number,
): AsyncGenerator<Buffer> {
  let seq = 0;
  for (;;) {
    const { rows } = await database.withWorkspace(workspaceId, (tx) =>
      clientOf(tx).query<{ seq: number; piece: Buffer }>(
        `select c.seq, substring(c.data from g for $3) as piece
         from (select seq, data from import_file_chunks where job_id = $1 and seq >= $2 order by seq limit 1) c
         cross join lateral generate_series(1, greatest(length(c.data), 1), $3) g
         order by g`,
        [jobId, seq, readPieceBytes],
      ),
    );
    if (rows.length === 0) return;
    for (const row of rows) yield row.piece;
    seq = rows[0].seq + 1;
  }
}

export async function deleteStoredFile(tx: Tx, jobId: number): Promise<void> {
  await tx.delete(importFileChunks).where(eq(importFileChunks.jobId, jobId));
}
