import { randomInt } from 'node:crypto';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { notifyAtCommit, queryNamed, statementName, type Tx } from '../db/database.js';
import { appRole } from '../db/urls.js';
import type { AppDeps } from '../deps.js';
import { withTightHeap } from '../heap.js';

export interface JobDefinition<T extends object = object> {
  name: string;
  /** How many workers of this queue run in this process. */
  concurrency?: number;
  /**
   * Jobs a worker fetches at once and runs side by side (default 1): one fetch and one completion
   * statement serve them all. A failing job fails (and is retried) alone.
   */
  batchSize?: number;
  retryLimit?: number;
  /** Runs the job on this cron schedule (UTC), once across all processes. */
  cron?: string;
  handler(data: T, deps: AppDeps): Promise<void>;
  /**
   * Queues again the work a stopped server left unfinished; runs when workers start. A job that was
   * running when its process died stays 'active' in pg-boss until it expires, so handlers must be
   * idempotent (they are: each checks, under a row lock, that its record is not processed yet).
   */
  recover?(deps: AppDeps): Promise<number>;
  /**
   * At start, the queue's jobs still 'active' (their process may have died inside them; pg-boss would
   * retry them only at their expiry, an hour later) are queued again. Only for handlers that may run
   * twice, even beside a live process still running the first copy.
   */
  requeueActiveOnStart?: boolean;
  /** Holds much in memory (a file, a site, a million contacts): runs with the heap kept tight (`withTightHeap`). */
  memoryHeavy?: boolean;
}

export interface SendOptions {
  singletonKey?: string;
  /**
   * Queue the job in this transaction: it exists exactly when the transaction commits, so a record
   * and the job that processes it can never be separated by a crash between two commits.
   */
  tx?: Tx;
  /** Not before this time: a durable delay (a 30-day wait is a row in pgboss.job, not a timer). */
  startAfter?: Date;
  /**
   * Wakes idle workers of the queue, in every process, the moment the job is committed instead of at the
   * dispatcher's next tick (up to half a second later): for work whose latency is what users see (a
   * webhook delivery). One NOTIFY in the job's transaction.
   */
  wake?: boolean;
}

export interface Queue {
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Many jobs of one queue in one statement (in `tx`, when given, like `send`). */
  sendMany<T extends object>(
    name: string,
    jobs: { data: T; singletonKey?: string; startAfter?: Date }[],
    options?: Pick<SendOptions, 'tx' | 'wake'>,
  ): Promise<void>;
  start(definitions: JobDefinition[], deps: AppDeps): Promise<void>;
  stop(): Promise<void>;
  /**
   * What waking has cost: the idle workers this process has told to fetch (a fetch each), and the
   * processes it deals a notification's jobs among (itself included).
   */
  wakeStats(): { woken: number; listeners: number };
}

/**
 * pg-boss's SQL (numbered parameters) run on a Drizzle transaction's connection, as a named statement:
 * a batch of inbound events queues its deliveries' jobs with it, and the connection plans it once.
 */
function onTransaction(tx: Tx): PgBoss.Db {
  return {
    executeSql: (text, values = []) => queryNamed(tx, 'boss', text, values),
  };
}

/**
 * pg-boss's own connections, its parameterised statements named: the same few texts (fetch, complete) run
 * for every job, and planning each call was a visible share of PostgreSQL's work (bench/forms: 0.3 ms of
 * planning a fetch, 0.2 ms a completion). Statements without values (its migrations, several statements in
 * one text) go as simple queries, as pg-boss sends them.
 */
function namedStatementDb(ownerUrl: string): PgBoss.Db & { close(): Promise<void> } {
  const pool = new pg.Pool({ connectionString: ownerUrl, max: 4, application_name: 'pgboss' });
  pool.on('error', (error) => console.error('queue database connection lost:', error.message));
  return {
    executeSql: (text, values) => {
      // A handler still running when the shutdown's wait ran out (an import's long batch on a busy machine)
      // ends after its job was already failed for the retry; pg-boss's completion of it has nothing left to
      // do. A rejection there would be unhandled, and so would a result without its count row: either
      // crashed the orderly exit (test/restart). With no result, pg-boss counts nothing affected.
      if (pool.ending) return Promise.resolve(undefined as unknown as pg.QueryResult);
      return values && values.length > 0
        ? pool.query({ name: statementName('boss', text), text, values })
        : pool.query(text);
    },
    close: async () => {
      if (!pool.ending) await pool.end();
    },
  };
}

/**
 * The runtime role may add jobs (and nothing else) so that a workspace transaction can queue its own
 * work. Under a lock: concurrent GRANTs on one object fail with "tuple concurrently updated".
 */
const grantSendToAppRole = `
  begin;
  select pg_advisory_xact_lock(727151);
  grant usage on schema pgboss to ${appRole};
  grant select on pgboss.queue to ${appRole};
  grant insert, select (id) on pgboss.job to ${appRole};
  commit;`;

/**
 * Idle workers fetch on their own this rarely, as a safety net: the dispatcher below wakes them when
 * their queue has a ready job. Polling every half second, the 47 workers of a server made ~94 empty
 * fetches a second: ~18% of a core between the server and PostgreSQL with nothing to do.
 */
const idleFetchSeconds = 30;

/**
 * How often one statement asks which of this process's queues have a job ready now (new, due after a
 * delay, or due for retry), whichever process queued it: the same half second a job used to wait at
 * most for a polling worker, for one statement instead of one fetch per worker.
 */
const dispatchEveryMs = 500;

/** The channel `wake` notifies; its payload names the queue and how many jobs were queued. */
const wakeChannel = 'queue_wake';
const wakeStatement = 'select pg_notify($1, $2)';
/** Marks the processes' LISTEN connections, so that each can see who shares its wakes. */
const listenerName = 'queue-wake';
const listeners = `
  select coalesce(array_agg(pid order by pid), '{}') from pg_stat_activity
  where application_name = '${listenerName}' and datname = current_database()`;

/**
 * Each queue's ready jobs, counted up to what its workers here could take in one round of fetches, and
 * (the same on every row) the processes' LISTEN connections.
 */
const readyQueues = `
  select q.name, (
    select count(*) from (
      select 1 from pgboss.job j
      where j.name = q.name and j.state < 'active' and j.start_after < now() limit q.most
    ) ready
  )::int as ready, (${listeners}) as pids
  from unnest($1::text[], $2::int[]) q(name, most)`;

interface WakePayload {
  queue?: string;
  jobs?: number;
  /** Picked by the sender, the same for every process: whose turn the notification's first job is. */
  first?: number;
  /** A share handed on by a process with too few idle workers: for this listener alone. */
  to?: number;
  hops?: number;
  /** A process started or stopped: the others count their listeners again. */
  peers?: true;
  /** The listener of a process that stops. */
  gone?: number;
}

/** How many of `jobs` jobs, dealt in turn from listener `first` on, fall to listener `rank` of `count`. */
function shareOf(jobs: number, first: number, rank: number, count: number): number {
  const turn = (((rank - first) % count) + count) % count;
  return Math.floor(jobs / count) + (turn < jobs % count ? 1 : 0);
}

/**
 * pg-boss keeps jobs in the same PostgreSQL (schema pgboss), so a restart loses none: a job that was
 * running when the process died is retried after its expiry. It connects as the owner because it
 * manages its own schema; handlers reach tenant data only through `withWorkspace`.
 */
export function createQueue(
  ownerUrl: string,
  options: { idleFetchSeconds?: number; dispatchEveryMs?: number } = {},
): Queue {
  const dispatchMs = options.dispatchEveryMs ?? dispatchEveryMs;
  const db = namedStatementDb(ownerUrl);
  const boss = new PgBoss({ db, schema: 'pgboss' });
  let started: Promise<unknown> | null = null;
  let dispatcher: NodeJS.Timeout | null = null;
  let dispatching: Promise<void> | null = null;
  let stopping = false;
  let listener: pg.Client | null = null;
  let woken = 0;
  /** The backend pid of this process's LISTEN connection. */
  let me = 0;
  /** Every process's LISTEN connection, by backend pid: a notification's jobs are dealt out among them. */
  let peers: number[] = [];
  const known = new Set<string>();
  const ensureStarted = () => {
    started ??= boss.start().then(() => boss.getDb().executeSql(grantSendToAppRole, []));
    return started;
  };
  const ensureQueue = async (name: string, retryLimit = 3) => {
    if (known.has(name)) return;
    await ensureStarted();
    if (!(await boss.getQueue(name)))
      await boss.createQueue(name, { name, retryLimit, expireInSeconds: 3600 });
    known.add(name);
  };
  // In the job's transaction, NOTIFY is delivered at its commit (and never, when it rolls back).
  const wake = async (name: string, jobs: number, tx?: Tx) => {
    const first = randomInt(1024);
    const payload = JSON.stringify({ queue: name, jobs, first } satisfies WakePayload);
    if (tx && notifyAtCommit(tx, wakeChannel, payload)) return;
    const values = [wakeChannel, payload];
    await (tx
      ? queryNamed(tx, 'boss', wakeStatement, values)
      : boss.getDb().executeSql(wakeStatement, values));
  };
  return {
    async send(name, data, options = {}) {
      await ensureQueue(name);
      const id = await boss.send(name, data, {
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.tx ? { db: onTransaction(options.tx) } : {}),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      });
      if (options.wake) await wake(name, 1, options.tx);
      return id;
    },
    async sendMany(name, jobs, options = {}) {
      if (jobs.length === 0) return;
      await ensureQueue(name);
      await boss.insert(
        jobs.map((job) => ({
          name,
          data: job.data,
          ...(job.singletonKey ? { singletonKey: job.singletonKey } : {}),
          ...(job.startAfter ? { startAfter: job.startAfter.toISOString() } : {}),
        })),
        options.tx ? { db: onTransaction(options.tx) } : {},
      );
      if (options.wake) await wake(name, jobs.length, options.tx);
    },
    async start(definitions, deps) {
      boss.on('error', (error) => deps.log.error({ err: error }, 'queue error'));
      await ensureStarted();
      const workers = new Map<string, string[]>();
      const batchSizes = new Map<string, number>();
      /** Workers inside their handler: each fetches again when it is done, so a wake need not tell them. */
      const busy = new Set<string>();
      /** Per queue, the worker the next wake starts from: wakes close together reach different workers. */
      const nextWorker = new Map<string, number>();
      for (const def of definitions) {
        await ensureQueue(def.name, def.retryLimit);
        if (def.cron) await boss.schedule(def.name, def.cron);
        batchSizes.set(def.name, def.batchSize ?? 1);
        // A pg-boss 10 worker runs one fetch at a time; concurrency means several workers.
        for (let i = 0; i < (def.concurrency ?? 1); i++) {
          let workerId: string | undefined;
          workerId = await boss.work(
            def.name,
            {
              batchSize: def.batchSize ?? 1,
              pollingIntervalSeconds: options.idleFetchSeconds ?? idleFetchSeconds,
            },
            async (jobs) => {
              if (workerId) busy.add(workerId);
              try {
                const run = (data: unknown) =>
                  def.memoryHeavy
                    ? withTightHeap(() => def.handler(data as never, deps))
                    : def.handler(data as never, deps);
                if (jobs.length === 1) return await run(jobs[0].data);
                const results = await Promise.allSettled(jobs.map((job) => run(job.data)));
                // pg-boss completes the batch's jobs that are still active; the failed ones go to retry first.
                for (const [index, result] of results.entries())
                  if (result.status === 'rejected')
                    await boss.fail(def.name, jobs[index].id, { message: String(result.reason) });
              } finally {
                if (workerId) busy.delete(workerId);
                // A worker otherwise waits out the polling interval after every job, which caps a queue at two
                // jobs a second per worker however much is waiting (bench/webhooks); told, it fetches again at
                // once, and only an empty fetch waits.
                if (workerId) boss.notifyWorker(workerId);
              }
            },
          );
          const ids = workers.get(def.name);
          if (ids) ids.push(workerId);
          else workers.set(def.name, [workerId]);
        }
      }
      /**
       * Tells idle workers of the queue to fetch now, one per batch of `jobs`, and returns how many of the
       * jobs they cover. Waking every idle worker would cost an empty fetch each, in every process.
       */
      const wakeIdle = (queue: string, jobs: number) => {
        const ids = workers.get(queue) ?? [];
        const batch = batchSizes.get(queue) ?? 1;
        const from = nextWorker.get(queue) ?? 0;
        let covered = 0;
        for (let i = 0; i < ids.length && covered < jobs; i++) {
          const id = ids[(from + i) % ids.length];
          if (busy.has(id)) continue;
          boss.notifyWorker(id);
          woken++;
          covered += batch;
          nextWorker.set(queue, (from + i + 1) % ids.length);
        }
        return Math.min(covered, jobs);
      };
      const countPeers = async () => {
        const result = await boss.getDb().executeSql(`select (${listeners}) as pids`, []);
        peers = (result.rows[0] as { pids: number[] }).pids;
      };
      const dispatch = async () => {
        try {
          const names = [...workers.keys()];
          const most = names.map((name) => (workers.get(name) ?? []).length * (batchSizes.get(name) ?? 1));
          const ready = await boss.getDb().executeSql(readyQueues, [names, most]);
          // Due jobs (later, retried, or a wake this process missed); its ticks and the other processes'
          // fall at different moments, so the first tick's fetch takes them and the rest find none ready.
          const rows = ready.rows as { name: string; ready: number; pids: number[] }[];
          for (const row of rows) if (row.ready > 0) wakeIdle(row.name, row.ready);
          // A process killed without a word drops out of the count here.
          if (listener && rows.length > 0) peers = rows[0].pids;
        } catch (error) {
          if (!stopping) deps.log.warn({ err: error }, 'queue dispatch failed');
        }
      };
      const tick = () => {
        dispatching = dispatch().finally(() => {
          if (!stopping) dispatcher = setTimeout(tick, dispatchMs);
        });
      };
      /**
       * Each process wakes workers for its own turn of a notification's jobs (N processes each waking one
       * worker per job made N fetches per job, all but one empty). A process with too few idle workers for
       * its turn hands the rest to the next listener, so a job still starts at once while any process has
       * an idle worker; when none has, the busy workers fetch again as they finish.
       */
      const onWake = (wake: WakePayload, client: pg.Client) => {
        if (wake.peers) {
          peers = peers.filter((pid) => pid !== wake.gone);
          if (!wake.gone) void countPeers().catch(() => undefined);
          return;
        }
        if (!wake.queue || !wake.jobs || (wake.to !== undefined && wake.to !== me)) return;
        const rank = peers.indexOf(me);
        // Alone, or not counted among the listeners yet: every job is this process's to wake for.
        const counted = wake.to === undefined && rank >= 0 && peers.length > 1;
        const mine = counted ? shareOf(wake.jobs, wake.first ?? 0, rank, peers.length) : wake.jobs;
        if (mine === 0) return;
        const left = mine - wakeIdle(wake.queue, mine);
        const hops = (wake.hops ?? 0) + 1;
        if (left === 0 || rank < 0 || hops >= peers.length) return;
        const handOn: WakePayload = {
          queue: wake.queue,
          jobs: left,
          to: peers[(rank + 1) % peers.length],
          hops,
        };
        client.query(wakeStatement, [wakeChannel, JSON.stringify(handOn)]).catch((error: unknown) => {
          if (!stopping) deps.log.warn({ err: error }, 'queue wake hand-on failed');
        });
      };
      if (workers.size > 0) {
        dispatcher = setTimeout(tick, dispatchMs);
        // Woken queues fetch at once; without this connection (it failed) the dispatcher's tick still finds them.
        const client = new pg.Client({ connectionString: ownerUrl, application_name: listenerName });
        client.on('error', (error) => {
          if (!stopping) deps.log.warn({ err: error }, 'queue wake connection failed');
        });
        client.on('notification', ({ payload }) =>
          onWake(JSON.parse(payload ?? '{}') as WakePayload, client),
        );
        try {
          await client.connect();
          await client.query(`listen ${wakeChannel}`);
          me = ((await client.query('select pg_backend_pid() as pid')).rows[0] as { pid: number }).pid;
          listener = client;
          await countPeers();
          await client.query(wakeStatement, [
            wakeChannel,
            JSON.stringify({ peers: true } satisfies WakePayload),
          ]);
        } catch (error) {
          deps.log.warn({ err: error }, 'queue wake connection failed');
          listener = null;
          await client.end().catch(() => undefined);
        }
      }
      for (const def of definitions.filter((d) => d.requeueActiveOnStart)) {
        const active = await boss
          .getDb()
          .executeSql(`select data from pgboss.job where name = $1 and state = 'active'`, [def.name]);
        const jobs = (active.rows as { data: object }[]).map((row) => ({ name: def.name, data: row.data }));
        if (jobs.length > 0) await boss.insert(jobs);
        if (jobs.length > 0)
          deps.log.info({ queue: def.name, requeued: jobs.length }, 'queued active jobs again');
      }
      for (const def of definitions) {
        const requeued = (await def.recover?.(deps)) ?? 0;
        if (requeued > 0) deps.log.info({ queue: def.name, requeued }, 'queued unfinished work again');
      }
    },
    async stop() {
      stopping = true;
      if (dispatcher) clearTimeout(dispatcher);
      await dispatching;
      const gone: WakePayload = { peers: true, gone: me };
      await listener?.query(wakeStatement, [wakeChannel, JSON.stringify(gone)]).catch(() => undefined);
      await listener?.end().catch(() => undefined);
      listener = null;
      if (started) await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      await db.close();
    },
    wakeStats: () => ({ woken, listeners: peers.length }),
  };
}
