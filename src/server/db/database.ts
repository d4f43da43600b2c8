import { createHash } from 'node:crypto';
import { fillPlaceholders, type SQL, sql } from 'drizzle-orm';
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
  /**
   * Runs `fn` in a transaction that belongs to no workspace: sign-in and sign-up, sweeps that find work in
   * every workspace through the SECURITY DEFINER look-ups, the payment provider's webhooks. Under RLS it
   * sees no workspace's rows; the one way to open such a transaction (no bare `db.transaction` elsewhere).
   */
  withPlatform<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
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
 * A workspace transaction's BEGIN and set_config, not sent yet: they go with its first statement. When
 * that is a named statement the connection has already prepared, the three are one simple query
 * (`execute`), one round trip where there were two (bench/webhooks: a batch of inbound events waited
 * 1-2 ms for its BEGIN's answer on two busy cores); any other first statement is queued behind them.
 */
const openings = new WeakMap<pg.PoolClient, string>();
/** NOTIFYs a workspace transaction sends with its COMMIT (notifyAtCommit). */
const commitNotices = new WeakMap<pg.PoolClient, string[]>();

/**
 * Sends `pg_notify(channel, payload)` with the workspace transaction's COMMIT, in its round trip: PostgreSQL
 * delivers a notification at commit anyway (and never after a rollback), so sending it earlier only cost a
 * round trip of its own. False outside a workspace transaction (the caller notifies itself).
 */
export function notifyAtCommit(tx: Tx, channel: string, payload: string): boolean {
  const client = connections.get(clientOf(tx));
  if (!client) return false;
  const notices = commitNotices.get(client) ?? [];
  notices.push(`select pg_notify(${client.escapeLiteral(channel)}, ${client.escapeLiteral(payload)})`);
  commitNotices.set(client, notices);
  return true;
}

/** Writes a workspace transaction runs just before its COMMIT, in the order they were added (beforeCommit). */
const commitWork = new WeakMap<pg.PoolClient, (() => Promise<unknown>)[]>();

/**
 * Runs `work` inside the workspace transaction, after its function has returned and before its COMMIT;
 * if it fails, the transaction rolls back as if the function had thrown. For writes that nothing in the
 * transaction reads back, gathered into one statement at the end (timeline lines). False outside a
 * workspace transaction (the caller writes at once).
 */
export function beforeCommit(tx: Tx, work: () => Promise<unknown>): boolean {
  const client = connections.get(clientOf(tx));
  if (!client) return false;
  const queued = commitWork.get(client) ?? [];
  queued.push(work);
  commitWork.set(client, queued);
  return true;
}

/** Per holding transaction, the rows each writer holds for its commit (holdWritesUntilCommit). */
const heldRows = new WeakMap<Tx, Map<(tx: Tx, rows: never[]) => Promise<unknown>, unknown[]>>();

/**
 * From here on, the transaction's held writes (`holdWrite`: timeline lines) are written together, one
 * statement per writer just before its COMMIT, instead of one round trip each: a form's submission writes
 * three or more timeline lines (created, the form, each workflow started). Only for a transaction that
 * reads none of them back afterwards: a held row is not visible to its own statements until then.
 */
export function holdWritesUntilCommit(tx: Tx): void {
  if (!heldRows.has(tx) && connections.has(clientOf(tx))) heldRows.set(tx, new Map());
}

/**
 * Holds `row` for `write` if the transaction holds its writes (the first held row of a writer queues its
 * write for the commit); false when it does not, and the caller writes the row at once.
 */
export function holdWrite<T>(tx: Tx, write: (tx: Tx, rows: T[]) => Promise<unknown>, row: T): boolean {
  const writers = heldRows.get(tx);
  if (!writers) return false;
  let rows = writers.get(write) as T[] | undefined;
  if (!rows) {
    const held: T[] = [];
    rows = held;
    writers.set(write, held);
    // Gone from the map once written: a row held after that (by other work at the commit) queues a new write.
    beforeCommit(tx, () => {
      writers.delete(write);
      return write(tx, held);
    });
  }
  rows.push(row);
  return true;
}

/** The named statements each connection has prepared. */
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();
/** The connection behind each workspace transaction's session (which sends its opening first). */
const connections = new WeakMap<object, pg.PoolClient>();

/**
 * Queues the transaction's opening if it was not sent yet: the connection runs its queries in order, and
 * if the opening fails the statements behind it fail too (the transaction is aborted or the connection lost).
 */
function sendOpening(client: pg.PoolClient): void {
  const opening = openings.get(client);
  if (opening === undefined) return;
  openings.delete(client);
  client.query(opening).catch(() => {});
}

/** The prepared statement name of `text`: from its hash, remembered so that a hot statement is hashed once. */
export function statementName(prefix: string, text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `${prefix}-${createHash('sha1').update(text).digest('base64url').slice(0, 16)}`;
    // Statement texts are a fixed set of shapes; the bound only guards against one that carries its values.
    if (statementNames.size > 1_000) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

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
  const name = statementName(prefix, text);
  const session = clientOf(tx);
  const client = connections.get(session) ?? session;
  let prepared = preparedOn.get(client);
  if (!prepared) {
    prepared = new Set();
    preparedOn.set(client, prepared);
  }
  const opening = openings.get(client);
  if (
    opening !== undefined &&
    prepared.has(name) &&
    values.every((v) => v === null || typeof v === 'string' || typeof v === 'number')
  ) {
    openings.delete(client);
    // Text and numbers as literals, which PostgreSQL casts to the parameters' types as it does sent values.
    const args = values.map((v) => (v === null ? 'null' : client.escapeLiteral(String(v))));
    const results = (await client.query(
      `${opening}; execute ${client.escapeIdentifier(name)}${args.length > 0 ? `(${args.join(', ')})` : ''}`,
    )) as unknown as pg.QueryResult<T>[];
    return results[results.length - 1];
  }
  sendOpening(client);
  const result = await client.query<T>({ name, text, values });
  prepared.add(name);
  return result;
}

/**
 * Prepared statements a pooled connection may keep. PostgreSQL keeps each one (with its plan) for as long
 * as the connection lives, and some texts vary with a workspace's data (a segment evaluation's, one per
 * set of definitions): past this many, the connection is closed when its transaction ends and the pool
 * opens a fresh one, so a long-lived connection's memory stays bounded.
 */
const preparedPerConnection = 200;

/** Whether the connection has prepared more statements than it may keep. */
const overPrepared = (client: pg.PoolClient) => (preparedOn.get(client)?.size ?? 0) > preparedPerConnection;

/**
 * A statement built with drizzle's `sql`, run by `queryNamed`: for a hot statement whose planning is a
 * visible share of its time (the deals board, a batch of inbound events).
 */
export async function executeNamed<T extends object>(tx: Tx, prefix: string, query: SQL): Promise<T[]> {
  return executeBuilt<T>(tx, prefix, buildStatement(query), {});
}

/** A statement's text and parameters, built once to run many times (`executeBuilt`). */
export interface BuiltStatement {
  text: string;
  params: unknown[];
}

/**
 * Builds `query` for `executeBuilt`, each value that changes between runs marked `sql.placeholder(name)`:
 * for a large statement whose building was a visible share of the server's work (a segment evaluation's).
 */
export function buildStatement(query: SQL): BuiltStatement {
  const { sql: text, params } = namedDialect.sqlToQuery(query);
  return { text, params };
}

/** Runs a built statement as `queryNamed` does, its placeholders filled from `values`. */
export async function executeBuilt<T extends object>(
  tx: Tx,
  prefix: string,
  statement: BuiltStatement,
  values: Record<string, unknown>,
): Promise<T[]> {
  const { rows } = await queryNamed<T>(
    tx,
    prefix,
    statement.text,
    fillPlaceholders(statement.params, values),
  );
  return rows;
}

/**
 * Who goes first when requests and background work share the machine's cores: background transactions
 * are let in `whileServing` at a time while requests are being served (one in flight, or one ended less
 * than `quietMs` ago), and up to their pool's size otherwise. A batch of jobs (twenty segment evaluations,
 * sixteen workflow steps) otherwise runs eight transactions at once, each busy in its own PostgreSQL
 * process, and takes every core from the requests for tens of milliseconds (bench/forms p99 77-100 ms with
 * eight at once on 2 cores, 45-67 with two); while nobody is served, a campaign still sends with eight.
 */
export interface Admission {
  /** Marks a request's transaction; call what it returns when the transaction ends. */
  serve(): () => void;
  /** Waits for a background transaction's turn; call what it returns when the transaction ends. */
  enter(): Promise<() => void>;
}

export function createAdmission(options: { whileServing: number; quietMs: number }): Admission {
  let serving = 0;
  let lastServed = Number.NEGATIVE_INFINITY;
  let running = 0;
  const waiting: (() => void)[] = [];
  const busy = () => serving > 0 || performance.now() - lastServed < options.quietMs;
  const leave = () => {
    running -= 1;
    while (waiting.length > 0 && (!busy() || running < options.whileServing)) {
      running += 1;
      waiting.shift()?.();
    }
  };
  return {
    serve() {
      serving += 1;
      return () => {
        serving -= 1;
        lastServed = performance.now();
      };
    },
    async enter() {
      // In turn: a transaction never passes one that waits. An import's next batch waits inside its own
      // transaction for the batch before it to commit; had it passed that batch at a quiet moment, it
      // would have held the slot the batch before it waited for, for good (a CI run's restart test).
      if (waiting.length === 0 && (!busy() || running < options.whileServing)) running += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      return leave;
    },
  };
}

export function createDatabase(
  url: string,
  options: {
    max?: number;
    /** The admission this database's transactions take part in: as requests, or as background work. */
    admission?: { as: 'request' | 'background'; admission: Admission };
  } = {},
): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 20 });
  const { admission } = options;
  const inTurn = async <T>(run: () => Promise<T>): Promise<T> => {
    if (!admission) return run();
    const end = admission.as === 'request' ? admission.admission.serve() : await admission.admission.enter();
    try {
      return await run();
    } finally {
      end();
    }
  };
  // An idle connection dropped by the server (restart, shutdown) must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('database connection lost:', error.message));
  const db = drizzle(pool);
  const dialect = new PgDialect();
  return {
    pool,
    db,
    withWorkspace: (workspaceId, fn, options = {}) => inTurn(() => runInWorkspace(workspaceId, fn, options)),
    withPlatform: (fn) => inTurn(() => db.transaction(fn)),
    close: () => pool.end(),
  };

  async function runInWorkspace<T>(
    workspaceId: number,
    fn: (tx: Tx) => Promise<T>,
    options: WorkspaceTxOptions,
  ): Promise<T> {
    if (!Number.isSafeInteger(workspaceId)) throw new TypeError(`not a workspace id: ${workspaceId}`);
    const client = await pool.connect();
    // BEGIN and entering the workspace, sent with the first statement (a simple query may carry several;
    // the id is a checked integer, so it is safe in the text).
    openings.set(
      client,
      `begin${options.readOnly ? ' read only' : ''}; select set_config('app.workspace_id', '${workspaceId}', true)`,
    );
    const session = new Proxy(client, {
      get(target, property) {
        if (property === 'query')
          return (...args: unknown[]) => {
            sendOpening(target);
            return (target.query as (...a: unknown[]) => unknown).apply(target, args);
          };
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    connections.set(session, client);
    const tx = new NodePgTransaction(dialect, new NodePgSession(session, dialect, undefined), undefined);
    try {
      const result = await fn(tx as unknown as Tx);
      // Work may queue more work: run until none is left.
      for (let queued = commitWork.get(client); queued; queued = commitWork.get(client)) {
        commitWork.delete(client);
        for (const work of queued) await work();
      }
      const notices = commitNotices.get(client);
      commitNotices.delete(client);
      const commit = notices ? `${notices.join('; ')}; commit` : 'commit';
      // Nothing was sent, so there is no transaction to end.
      if (openings.delete(client)) {
        client.release(overPrepared(client));
        return result;
      }
      if (options.readOnly) {
        // Nothing was written, so nothing waits on the COMMIT: the answer leaves one round trip sooner
        // and the connection goes back to the pool once the COMMIT is done.
        client.query(commit).then(
          () => client.release(overPrepared(client)),
          (error: Error) => client.release(error),
        );
        return result;
      }
      await client.query(commit);
      client.release(overPrepared(client));
      return result;
    } catch (error) {
      commitWork.delete(client);
      commitNotices.delete(client);
      if (openings.delete(client)) {
        client.release();
        throw error;
      }
      // A connection that cannot even roll back is broken: the pool drops it instead of reusing it.
      const broken = await client.query('rollback').then(
        () => undefined,
        (rollbackError: Error) => rollbackError,
      );
      client.release(broken);
      throw error;
    }
  }
}
