import type { Database, Tx } from './database.js';

/**
 * Group commit, as databases do their log: an item arriving while no write runs is written at once; the
 * items that arrive during a write share the next one. Batches grow with the load and nobody waits for a
 * timer. Each `submit` settles only after the write holding its item has committed, so a crash loses
 * nothing that was acknowledged, and one commit (one WAL flush, one NOTIFY lock) serves the whole batch.
 *
 * `write` answers one result per item, in order; an `Error` in place of a result fails that item alone.
 * When `write` itself throws, every item of the batch fails with that error.
 */
export interface GroupCommit<T, R> {
  submit(item: T): Promise<R>;
  /** Resolves once everything submitted so far is written (or has failed). */
  flush(): Promise<void>;
}

interface Pending<T, R> {
  item: T;
  resolve(result: R): void;
  reject(error: unknown): void;
}

export function createGroupCommit<T, R>(
  write: (items: T[]) => Promise<(R | Error)[]>,
  onError?: (error: unknown) => void,
): GroupCommit<T, R> {
  let waiting: Pending<T, R>[] = [];
  /** The write in flight; when it ends, what arrived meanwhile is written. */
  let writing: Promise<void> | null = null;

  async function writeBatch(batch: Pending<T, R>[]): Promise<void> {
    try {
      const results = await write(batch.map((p) => p.item));
      batch.forEach((p, i) => {
        const result = results[i];
        if (result instanceof Error) p.reject(result);
        else p.resolve(result as R);
      });
    } catch (error) {
      onError?.(error);
      for (const p of batch) p.reject(error);
    }
  }

  function writeWaiting(): void {
    if (writing || waiting.length === 0) return;
    const batch = waiting;
    waiting = [];
    writing = writeBatch(batch).finally(() => {
      writing = null;
      writeWaiting();
    });
  }

  return {
    submit(item) {
      const settled = new Promise<R>((resolve, reject) => waiting.push({ item, resolve, reject }));
      writeWaiting();
      return settled;
    },
    async flush() {
      while (writing || waiting.length > 0) {
        writeWaiting();
        await writing;
      }
    },
  };
}

/**
 * A batch's items written one transaction per workspace (row-level security applies to each). When a
 * workspace's transaction fails, its items are written again one at a time, so the item the database
 * refuses fails alone: its slot holds the error, every other slot its result.
 */
export async function writePerWorkspace<T extends { workspaceId: number }, R>(
  database: Pick<Database, 'withWorkspace'>,
  items: (T | undefined)[],
  write: (tx: Tx, workspaceId: number, items: T[]) => Promise<R[]>,
  results: (R | Error)[] = new Array(items.length),
): Promise<(R | Error)[]> {
  const byWorkspace = new Map<number, number[]>();
  for (const [index, item] of items.entries()) {
    if (!item) continue;
    const indexes = byWorkspace.get(item.workspaceId);
    if (indexes) indexes.push(index);
    else byWorkspace.set(item.workspaceId, [index]);
  }
  const inWorkspace = (workspaceId: number, list: T[]) =>
    database.withWorkspace(workspaceId, (tx) => write(tx, workspaceId, list));
  await Promise.all(
    [...byWorkspace].map(async ([workspaceId, indexes]) => {
      const list = indexes.map((i) => items[i] as T);
      try {
        const written = await inWorkspace(workspaceId, list);
        indexes.forEach((i, k) => {
          results[i] = written[k];
        });
      } catch {
        for (const [k, i] of indexes.entries()) {
          try {
            results[i] = (await inWorkspace(workspaceId, [list[k]]))[0];
          } catch (error) {
            results[i] = error instanceof Error ? error : new Error(String(error));
          }
        }
      }
    }),
  );
  return results;
}
