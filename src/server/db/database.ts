import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';

// bigint columns come back as JS numbers: ids and cents stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export type Db = NodePgDatabase;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface WorkspaceTxOptions {
  readOnly?: boolean;
}

export interface Database {
  pool: pg.Pool;
  db: Db;
  /**
   * Runs `fn` in a transaction that can see and write only `workspaceId`'s rows (row-level security).
   * `readOnly`: the transaction cannot write, and its result returns before its COMMIT is acknowledged.
   */
  withWorkspace<T>(workspaceId: number, fn: (tx: Tx) => Promise<T>, options?: WorkspaceTxOptions): Promise<T>;
  close(): Promise<void>;
}

/** Switches the current transaction to `workspaceId`'s rows (row-level security), until it ends or switches again. */
export async function enterWorkspace(tx: Tx, workspaceId: number): Promise<void> {
  await tx.execute(sql`select set_config('app.workspace_id', ${String(workspaceId)}, true)`);
}

/**
 * drizzle runs a transaction on one pooled pg client; COPY needs that client itself. The property
 * is drizzle's (node-postgres session); the check turns a future rename into a clear error.
 */
export function clientOf(tx: Tx): pg.PoolClient {
  const client = (tx as unknown as { session?: { client?: pg.PoolClient } }).session?.client;
  if (!client || typeof client.query !== 'function')
    throw new Error('No pg client behind the drizzle transaction');
  return client;
}

const namedDialect = new PgDialect();

const statementNames = new Map<string, string>();

/**
 * Runs `text` as a named statement on the transaction's connection: PostgreSQL parses and plans it
 * once per pooled connection instead of on every call. The name comes from the text (remembered, so a
 * hot statement is hashed once per process), so each shape of a statement is prepared once; the values
 * stay parameters.
 */
export async function queryNamed<T extends object>(
  tx: Tx,
  prefix: string,
  text: string,
  values: unknown[],
): Promise<pg.QueryResult<T>> {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `${prefix}-${createHash('sha1').update(text).digest('base64url').slice(0, 16)}`;
    // Statement texts are a fixed set of shapes; the bound only guards against one that carries its values.
    if (statementNames.size > 1_000) statementNames.clear();
    statementNames.set(text, name);
  }
  return clientOf(tx).query<T>({ name, text, values });
}

/**
 * A statement built with drizzle's `sql`, run by `queryNamed`: for a hot statement whose planning is a
 * visible share of its time (the deals board, a batch of inbound events).
 */
export async function executeNamed<T extends object>(tx: Tx, prefix: string, query: SQL): Promise<T[]> {
  const { sql: text, params } = namedDialect.sqlToQuery(query);
  const { rows } = await queryNamed<T>(tx, prefix, text, params as unknown[]);
  return rows;
}

export function createDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 20 });
  // An idle connection dropped by the server (restart, shutdown) must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('database connection lost:', error.message));
  const db = drizzle(pool);
  const dialect = new PgDialect();
  return {
    pool,
    db,
    withWorkspace: async (workspaceId, fn, options = {}) => {
      if (!Number.isSafeInteger(workspaceId)) throw new TypeError(`not a workspace id: ${workspaceId}`);
      const client = await pool.connect();
      try {
        // BEGIN and entering the workspace in one round trip (a simple query may carry two statements;
        // the id is a checked integer, so it is safe in the text). Every request in a workspace pays it.
        await client.query(
          `begin${options.readOnly ? ' read only' : ''}; select set_config('app.workspace_id', '${workspaceId}', true)`,
        );
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      const tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, undefined), undefined);
      try {
        const result = await fn(tx as unknown as Tx);
        if (options.readOnly) {
          // Nothing was written, so nothing waits on the COMMIT: the answer leaves one round trip sooner
          // and the connection goes back to the pool once the COMMIT is done.
          client.query('commit').then(
            () => client.release(),
            (error: Error) => client.release(error),
          );
          return result;
        }
        await client.query('commit');
        client.release();
        return result;
      } catch (error) {
        // A connection that cannot even roll back is broken: the pool drops it instead of reusing it.
        const broken = await client.query('rollback').then(
          () => undefined,
          (rollbackError: Error) => rollbackError,
        );
        client.release(broken);
        throw error;
      }
    },
    close: () => pool.end(),
  };
}
