import { and, asc, eq, gte } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database.js';
import { importFileChunks } from '../../db/schema/imports.js';

/** The uploaded file is kept in the database in chunks of this size, so any server can resume the job. */
export const chunkBytes = 1024 * 1024;
const chunksPerRead = 2;

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

/** The stored file from its first byte, a few chunks per short transaction. */
export async function* readStoredFile(
  database: Database,
  workspaceId: number,
  jobId: number,
): AsyncGenerator<Buffer> {
  let seq = 0;
  for (;;) {
    const rows = await database.withWorkspace(workspaceId, (tx) =>
      tx
        .select({ data: importFileChunks.data })
        .from(importFileChunks)
        .where(and(eq(importFileChunks.jobId, jobId), gte(importFileChunks.seq, seq)))
        .orderBy(asc(importFileChunks.seq))
        .limit(chunksPerRead),
    );
    for (const row of rows) yield row.data;
    if (rows.length < chunksPerRead) return;
    seq += rows.length;
  }
}

export async function deleteStoredFile(tx: Tx, jobId: number): Promise<void> {
  await tx.delete(importFileChunks).where(eq(importFileChunks.jobId, jobId));
}
