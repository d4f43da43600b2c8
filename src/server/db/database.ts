import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

// bigint columns come back as JS numbers: ids and cents stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export type Db = NodePgDatabase;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  pool: pg.Pool;
  db: Db;
  /** Runs `fn` in a transaction that can see and write only `workspaceId`'s rows (row-level security). */
  withWorkspace<T>(workspaceId: number, fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Switches the current transaction to `workspaceId`'s rows (row-level security), until it ends or switches again. */
export async function enterWorkspace(tx: Tx, workspaceId: number): Promise<void> {
  await tx.execute(sql`select set_config('app.workspace_id', ${String(workspaceId)}, true)`);
}

export function createDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 20 });
  // An idle connection dropped by the server (restart, shutdown) must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('database connection lost:', error.message));
  const db = drizzle(pool);
  return {
    pool,
    db,
    withWorkspace: (workspaceId, fn) =>
      db.transaction(async (tx) => {
        await enterWorkspace(tx, workspaceId);
        return fn(tx);
      }),
    close: () => pool.end(),
  };
}
