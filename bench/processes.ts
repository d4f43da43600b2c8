/**
 * bench/processes: 1, 2 and 4 app processes (the built server, as `npm start` runs it) on one PostgreSQL,
 * the scale-out ADR 0009 describes (issue 35 §4). Prints JSON, one entry per process count:
 * - http: a signed-in read (`GET /api/contacts`) and a write (`POST /api/contacts`, a new contact each),
 *   BENCH_PROCESSES_CONNECTIONS connections (default 64) for BENCH_PROCESSES_HTTP_SECONDS (default 10):
 *   requests per second over all processes, each process's share, and the worst process's p99;
 * - webhookIngest: BENCH_PROCESSES_WEBHOOKS_IN signed events (default 5,000, 32 in flight) posted to an
 *   app's inbound address, each verified and stored once: events per second;
 * - webhookDelivery: BENCH_PROCESSES_DELIVERIES events (default 5,000) a trigger forwards to a local receiver:
 *   deliveries per second as it sees them (first to last arrival), sent by the processes' queue workers;
 * - imports: BENCH_PROCESSES_IMPORTS CSV files (default 8) of BENCH_PROCESSES_IMPORT_ROWS rows (default
 *   5,000) uploaded at once, spread over the processes, each a `contacts-import` job: rows per second from
 *   the first upload to the last import finished;
 * - once: every delivery's `webhook-id` counted at the receiver (none missing, none twice), every inbound
 *   event stored once, every imported row one contact, and (at the end, over the whole run) every cron job
 *   queued once per firing across the processes (`cronOnce`);
 * - cost: each phase's CPU seconds per app process, for PostgreSQL and for this bench, the database's
 *   committed transactions, and how busy the machine was (`othersShare`: the part none of them used, i.e.
 *   other programs: the noise in the figures). Work per transaction and per CPU second does not depend on
 *   how loaded the machine is, so it shows what spreads over the processes and what each added process
 *   costs the one database, on a machine too small for throughput to grow;
 * - memory: each process's resident memory (VmRSS, and its peak VmHWM) after the count's phases.
 *
 * The processes are added one count after another on the same database (1, then 1 more, then 2 more), each
 * count in a workspace of its own, signed up through its mail link, so every count starts from the same
 * empty workspace. The load is spread by the bench over the processes' own ports (a round-robin proxy in
 * this process would spend the same two cores the servers need); every process gets the same
 * `SECRET_KEY` and `DATABASE_URL`, nothing else, as ADR 0009 says. PostgreSQL is one embedded server the
 * bench starts (not one of the app processes): any process can stop without taking the database along, and
 * its `max_connections` is raised, since each process opens up to ~26 connections (pool 20, pg-boss 4,
 * LISTEN, mail) and four would reach PostgreSQL's default of 100; the peak is reported.
 * Before each count's clock starts, every process serves BENCH_PROCESSES_WARMUP_SECONDS (default 3) of
 * reads and writes and delivers 500 events, uncounted. BENCH_PROCESSES_COUNTS (default 1,2,4) sets the counts.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/server/db/embedded.js';
import { withDatabase } from '../src/server/db/urls.js';
import { signedHeaders } from '../src/server/features/webhooks/signing.js';
import { signUpOverHttp } from '../test/sign-up-link.js';
import { csvHeader, csvRow } from './support/contact-rows.js';
import { type BuiltServer, freePort, startBuiltServer } from './support/start-server.js';

const counts = (process.env.BENCH_PROCESSES_COUNTS ?? '1,2,4').split(',').map(Number);
const connections = Number(process.env.BENCH_PROCESSES_CONNECTIONS ?? 64);
const httpSeconds = Number(process.env.BENCH_PROCESSES_HTTP_SECONDS ?? 10);
const ingestEvents = Number(process.env.BENCH_PROCESSES_WEBHOOKS_IN ?? 5000);
const deliveryEvents = Number(process.env.BENCH_PROCESSES_DELIVERIES ?? 5000);
const importFiles = Number(process.env.BENCH_PROCESSES_IMPORTS ?? 8);
const importRows = Number(process.env.BENCH_PROCESSES_IMPORT_ROWS ?? 5000);
const warmupSeconds = Number(process.env.BENCH_PROCESSES_WARMUP_SECONDS ?? 3);
const eventsInFlight = 32;
const warmupEvents = 500;

const round = (n: number) => Math.round(n * 10) / 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Request `i`'s share of `total` spread over `n` processes. */
const shareOf = (total: number, n: number, i: number) => Math.floor(total / n) + (i < total % n ? 1 : 0);

// ---- CPU and memory, from /proc (Linux) ----

/** USER_HZ: /proc's CPU times are in hundredths of a second. */
const clockTicks = 100;

/** The fields of /proc/<pid>/stat after the command's closing parenthesis (state is [0], ppid [1]). */
function statFields(pid: number): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(') ') + 2).split(' ');
  } catch {
    return null; // it exited
  }
}

/** CPU seconds a process used so far; with `reaped`, also those of its children that exited. */
function cpuSeconds(pid: number, reaped = false): number {
  const fields = statFields(pid);
  if (!fields) return 0;
  const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
  return (utime + stime + (reaped ? cutime + cstime : 0)) / clockTicks;
}

/** PostgreSQL's CPU seconds: the postmaster with its exited backends, plus the live ones. */
function postgresCpuSeconds(postmaster: number): number {
  let seconds = cpuSeconds(postmaster, true);
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    if (Number(statFields(Number(name))?.[1]) === postmaster) seconds += cpuSeconds(Number(name));
  }
  return seconds;
}

/** Busy and total CPU time of the whole machine (/proc/stat's first line; idle and iowait are not busy). */
function machineTicks(): { busy: number; total: number } {
  const values = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((a, b) => a + b, 0);
  return { busy: total - values[3] - values[4], total };
}

function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) =>
    round(Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) / 1024);
  return { rssMb: mb('VmRSS'), peakRssMb: mb('VmHWM') };
}

interface CpuMark {
  at: number;
  /** This process: the load generator and receiver share the machine with the servers. */
  bench: number;
  processes: number[];
  postgres: number;
  machine: { busy: number; total: number };
}

function markCpu(servers: BuiltServer[], postmaster: number): CpuMark {
  return {
    at: performance.now(),
    bench: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
    processes: servers.map((s) => cpuSeconds(s.process.pid as number)),
    postgres: postgresCpuSeconds(postmaster),
    machine: machineTicks(),
  };
}

/**
 * Where the CPU went between two marks: seconds per app process, PostgreSQL and this bench, and the machine's
 * busy share, of it the part none of them used (other programs on the machine: the figure's noise).
 */
function cpuBetween(a: CpuMark, b: CpuMark) {
  const processes = b.processes.map((s, i) => s - a.processes[i]);
  const ours = processes.reduce((sum, s) => sum + s, 0) + (b.postgres - a.postgres) + (b.bench - a.bench);
  const total = b.machine.total - a.machine.total;
  const share = (ticks: number) => Math.round((ticks / total) * 100) / 100;
  return {
    wallSeconds: round((b.at - a.at) / 1000),
    perProcessSeconds: processes.map(round),
    postgresSeconds: round(b.postgres - a.postgres),
    benchSeconds: round(b.bench - a.bench),
    machineBusyShare: share(b.machine.busy - a.machine.busy),
    othersShare: share(Math.max(0, b.machine.busy - a.machine.busy - ours * clockTicks)),
  };
}

// ---- the load ----

interface Workspace {
  cookie: string;
  id: number;
  appId: number;
  secret: string;
  endpointId: number;
}

/** The receiver of forwarded events: arrivals per webhook id, and when the first and last came. */
function startReceiver() {
  const arrivals = new Map<string, number>();
  let first = 0;
  let last = 0;
  let counting = 'bench.out';
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      res.writeHead(200);
      res.end('ok');
      // Only this run's forwarded events: the app's probes and the hub's own events to it carry another type.
      const id = req.headers['webhook-id'];
      if (typeof id !== 'string' || !id.startsWith('msg_ev')) return;
      if ((JSON.parse(body) as { type?: string }).type !== counting) return;
      const at = performance.now();
      if (arrivals.size === 0) first = at;
      last = at;
      arrivals.set(id, (arrivals.get(id) ?? 0) + 1);
    });
  });
  server.keepAliveTimeout = 60_000;
  return {
    server,
    arrivals,
    span: () => ({ first, last }),
    /** Forgets the arrivals and counts events of `type` from now on. */
    count(type: string) {
      arrivals.clear();
      counting = type;
    },
  };
}

async function call<T>(baseUrl: string, cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { cookie, origin: baseUrl, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A workspace of its own for a count, signed up through its mail link, with an app forwarding to the receiver. */
async function signUpWorkspace(baseUrl: string, ownerUrl: string, receiverUrl: string, n: number) {
  const cookie = await signUpOverHttp(
    baseUrl,
    {
      firstName: 'Bench',
      lastName: 'Processes',
      email: `bench-${n}-${Date.now()}@processes.example`,
      password: 'bench-password-123',
      businessName: `Bench ${n} processes`,
      plan: 'enterprise',
    },
    ownerUrl,
  );
  const me = await call<{ workspace: { id: number } }>(baseUrl, cookie, 'GET', '/api/auth/user');
  const app = await call<{ id: number }>(baseUrl, cookie, 'POST', '/api/ecosystem/apps', {
    name: 'Bench Processes',
    category: 'business',
    url: `${receiverUrl}/site`,
    type: 'B2C',
    pricing: { free: true },
    features: [],
  });
  const endpoint = await call<{ id: number }>(baseUrl, cookie, 'POST', '/api/webhook-endpoints', {
    appId: app.id,
    url: `${receiverUrl}/hook`,
    events: ['bench.out', 'bench.warm'],
  });
  const config = await call<{ signing_secret: string }>(
    baseUrl,
    cookie,
    'GET',
    `/api/webhook-config/${app.id}/download`,
  );
  return {
    cookie,
    id: me.workspace.id,
    appId: app.id,
    secret: config.signing_secret,
    endpointId: endpoint.id,
  };
}

/** The read or the write against every process at once, the connections spread over them. */
/** The writes' running number: each new contact's email is unique in its workspace, warm-up included. */
let written = 0;

async function httpRun(servers: BuiltServer[], ws: Workspace, kind: 'read' | 'write', seconds: number) {
  const results = await Promise.all(
    servers.map((s, i) =>
      autocannon({
        url: `${s.baseUrl}/api/contacts`,
        connections: shareOf(connections, servers.length, i),
        duration: seconds,
        headers: { cookie: ws.cookie, origin: s.baseUrl, 'content-type': 'application/json' },
        ...(kind === 'read'
          ? {}
          : {
              method: 'POST' as const,
              requests: [
                {
                  setupRequest: (request: autocannon.Request) => {
                    const n = written++;
                    return {
                      ...request,
                      body: JSON.stringify({
                        firstName: 'Write',
                        lastName: `No ${n}`,
                        email: `write.${n}@w.example`,
                      }),
                    };
                  },
                },
              ],
            }),
      }),
    ),
  );
  const refused = results.reduce((sum, r) => sum + r.non2xx, 0);
  if (refused > 0)
    throw new Error(
      `${kind}: ${refused} answers not 2xx: ${JSON.stringify(results.map((r) => r.statusCodeStats))}`,
    );
  const total = results.reduce((sum, r) => sum + r.requests.total, 0);
  return {
    requestsPerSecond: Math.round(total / seconds),
    perProcess: results.map((r) => Math.round(r.requests.total / seconds)),
    p50Ms: Math.max(...results.map((r) => r.latency.p50)),
    p99Ms: Math.max(...results.map((r) => r.latency.p99)),
    // Timeouts (autocannon's 10 s) and broken connections: a saturated machine, not a wrong answer.
    unanswered: results.reduce((sum, r) => sum + r.errors, 0),
  };
}

/**
 * `count` signed events of `type` posted to the app's inbound address, spread over the processes, 32 in
 * flight in all (signed beforehand: the senders are other machines in real use). Answers when the first
 * request went and the last answer came.
 */
async function postEvents(servers: BuiltServer[], ws: Workspace, type: string, count: number) {
  const at = new Date();
  const n = servers.length;
  const events = Array.from({ length: count }, (_, i) => {
    const body = JSON.stringify({ type, description: `Bench ${i}`, data: { n: i } });
    return {
      body,
      headers: {
        'content-type': 'application/json',
        ...signedHeaders(ws.secret, `msg_${type}_${i}`, body, at),
      },
    };
  });
  const started = performance.now();
  let lastAnswer = started;
  let accepted = 0;
  await Promise.all(
    servers.map((s, i) => {
      const mine = events.filter((_, e) => e % n === i);
      if (mine.length === 0) return Promise.resolve();
      let next = 0;
      return new Promise<void>((resolve, reject) => {
        const instance = autocannon(
          {
            url: `${s.baseUrl}/api/webhooks/in/${ws.appId}`,
            method: 'POST',
            connections: Math.min(shareOf(eventsInFlight, n, i), mine.length),
            amount: mine.length,
            requests: [{ setupRequest: (request) => ({ ...request, ...mine[next++ % mine.length] }) }],
          },
          (error, done) => {
            if (error) return reject(error);
            accepted += done.statusCodeStats?.['202']?.count ?? 0;
            resolve();
          },
        );
        // autocannon reports at its next one-second sample; the run ends at its last answer.
        instance.on('response', () => {
          lastAnswer = performance.now();
        });
      });
    }),
  );
  if (accepted !== count) throw new Error(`${type}: ${accepted} of ${count} events accepted (202)`);
  return { started, lastAnswer };
}

async function waitFor(done: () => boolean | Promise<boolean>, limitMs: number, what: string) {
  const deadline = performance.now() + limitMs;
  while (!(await done())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** One CSV per file, uploaded at once (file k to process k mod n); resolves when every import has finished. */
async function runImports(servers: BuiltServer[], ws: Workspace) {
  const started = performance.now();
  const jobs = await Promise.all(
    Array.from({ length: importFiles }, async (_, k) => {
      const rows = Array.from({ length: importRows }, (_, r) => csvRow(k * importRows + r));
      const form = new FormData();
      form.append('file', new Blob([[csvHeader, ...rows].join('\n')], { type: 'text/csv' }), `part-${k}.csv`);
      const baseUrl = servers[k % servers.length].baseUrl;
      const res = await fetch(`${baseUrl}/api/contacts/import-csv/upload`, {
        method: 'POST',
        headers: { cookie: ws.cookie, origin: baseUrl },
        body: form,
      });
      if (res.status !== 202) throw new Error(`upload ${k}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { jobId: number }).jobId;
    }),
  );
  const statuses = new Map<number, { status: string; created_contacts: number; failed_imports: number }>();
  await waitFor(
    async () => {
      for (const jobId of jobs) {
        if (statuses.get(jobId)?.status === 'completed') continue;
        const status = await call<{ status: string; created_contacts: number; failed_imports: number }>(
          servers[0].baseUrl,
          ws.cookie,
          'GET',
          `/api/contacts/import-status/${jobId}`,
        );
        if (status.status !== 'processing' && status.status !== 'completed')
          throw new Error(`import ${jobId} ended ${JSON.stringify(status)}`);
        statuses.set(jobId, status);
      }
      return [...statuses.values()].filter((s) => s.status === 'completed').length === jobs.length;
    },
    600_000,
    'the imports',
  );
  const seconds = (performance.now() - started) / 1000;
  const created = [...statuses.values()].reduce((sum, s) => sum + s.created_contacts, 0);
  return { seconds, created };
}

// ---- one process count ----

async function measure(
  servers: BuiltServer[],
  owner: pg.Client,
  ownerUrl: string,
  receiver: ReturnType<typeof startReceiver>,
  receiverUrl: string,
  postmaster: number,
) {
  const n = servers.length;
  const ws = await signUpWorkspace(servers[0].baseUrl, ownerUrl, receiverUrl, n);
  const sql = async <T>(text: string, values: unknown[] = []) =>
    (await owner.query(text, values)).rows as T[];

  // Warm-up: every process runs the read, the write and deliveries before the clock starts.
  await httpRun(servers, ws, 'read', warmupSeconds);
  await httpRun(servers, ws, 'write', warmupSeconds);
  receiver.count('bench.warm');
  await postEvents(servers, ws, 'bench.warm', warmupEvents);
  await waitFor(() => receiver.arrivals.size >= warmupEvents, 120_000, 'the warm-up deliveries');

  let peakConnections = 0;
  const sampler = setInterval(() => {
    void owner
      .query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = 'hub'")
      .then(({ rows }) => {
        peakConnections = Math.max(peakConnections, rows[0].n);
      });
  }, 500);
  const cost: Record<string, ReturnType<typeof cpuBetween> & { databaseTransactions: number }> = {};
  // Committed transactions in the database: how many statements' worth of round trips each phase's work cost.
  const transactions = async () =>
    (
      await sql<{ n: number }>(
        "select (xact_commit + xact_rollback)::int as n from pg_stat_database where datname = 'hub'",
      )
    )[0].n;
  const timed = async <T>(phase: string, run: () => Promise<T>) => {
    const before = markCpu(servers, postmaster);
    const transactionsBefore = await transactions();
    const result = await run();
    const after = markCpu(servers, postmaster);
    // Backends report their counts within a second of going idle.
    await sleep(1100);
    cost[phase] = {
      ...cpuBetween(before, after),
      databaseTransactions: (await transactions()) - transactionsBefore,
    };
    return result;
  };
  try {
    const read = await timed('read', () => httpRun(servers, ws, 'read', httpSeconds));
    const write = await timed('write', () => httpRun(servers, ws, 'write', httpSeconds));

    const ingest = await timed('webhookIngest', () => postEvents(servers, ws, 'bench.in', ingestEvents));
    const [stored] = await sql<{ rows: number; ids: number }>(
      `select count(*)::int as rows, count(distinct webhook_id)::int as ids from ops_events
       where app_id = $1 and event_type = 'bench.in'`,
      [ws.appId],
    );

    receiver.count('bench.out');
    const delivery = await timed('webhookDelivery', async () => {
      const posted = await postEvents(servers, ws, 'bench.out', deliveryEvents);
      await waitFor(() => receiver.arrivals.size >= deliveryEvents, 600_000, 'the deliveries');
      return posted;
    });
    // Repeats may still be on their way: a moment for them before counting.
    await sleep(1000);
    const queued = await sql<{ webhook_id: string }>(
      `select webhook_id from ops_deliveries where endpoint_id = $1 and event_type = 'bench.out'`,
      [ws.endpointId],
    );
    const span = receiver.span();
    const deliverySeconds = (span.last - span.first) / 1000;

    const imports = await timed('imports', () => runImports(servers, ws));
    const [imported] = await sql<{ contacts: number; emails: number }>(
      `select count(*)::int as contacts, count(distinct lower(email))::int as emails from contacts
       where workspace_id = $1 and email like '%@bench.example'`,
      [ws.id],
    );

    const ingestSeconds = (ingest.lastAnswer - ingest.started) / 1000;
    const queuedIds = new Set(queued.map((r) => r.webhook_id));
    return {
      processes: n,
      http: {
        connections,
        seconds: httpSeconds,
        read: { path: 'GET /api/contacts', ...read },
        write: { path: 'POST /api/contacts', ...write },
      },
      webhookIngest: {
        events: ingestEvents,
        inFlight: eventsInFlight,
        seconds: round(ingestSeconds),
        perSecond: round(ingestEvents / ingestSeconds),
      },
      webhookDelivery: {
        deliveries: receiver.arrivals.size,
        seconds: round(deliverySeconds),
        perSecond: round(receiver.arrivals.size / Math.max(deliverySeconds, 0.001)),
        fromFirstPostToLastArrivalSeconds: round((span.last - delivery.started) / 1000),
      },
      imports: {
        files: importFiles,
        rowsEach: importRows,
        seconds: round(imports.seconds),
        rowsPerSecond: Math.round((importFiles * importRows) / imports.seconds),
      },
      once: {
        inboundEvents: { posted: ingestEvents, stored: stored.rows, distinctIds: stored.ids },
        deliveries: {
          queued: queued.length,
          received: receiver.arrivals.size,
          missing: [...queuedIds].filter((id) => !receiver.arrivals.has(id)).length,
          receivedTwiceOrMore: [...receiver.arrivals.values()].filter((times) => times > 1).length,
          notQueued: [...receiver.arrivals.keys()].filter((id) => !queuedIds.has(id)).length,
        },
        importedRows: {
          rows: importFiles * importRows,
          createdByImports: imports.created,
          contacts: imported.contacts,
          distinctEmails: imported.emails,
        },
      },
      cost,
      peakDatabaseConnections: peakConnections,
      memory: servers.map((s) => memoryOf(s.process.pid as number)),
    };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * Whether each cron job was queued once per firing across the processes, over the whole run. pg-boss fires a
 * schedule by queueing one `__pgboss__send-it` job per minute (unique by its singleton slot) whose worker
 * queues the job itself: so a cron job's jobs must number its distinct send-it slots (fewer only while the
 * last one is still waiting for the send-it worker). Grouping the jobs by the minute they were created in
 * would not do: under load a slot's send-it can run in the next minute.
 */
async function cronOnce(owner: pg.Client) {
  const { rows } = await owner.query<{ name: string; fires: number; jobs: number; unsent: number }>(
    `with jobs as (
       select name, singleton_key, singleton_on, state from pgboss.job
       union all select name, singleton_key, singleton_on, state from pgboss.archive),
     fires as (
       select singleton_key as name, count(distinct singleton_on)::int as fires,
              count(*) filter (where state <> 'completed')::int as unsent
       from jobs where name = '__pgboss__send-it' group by 1),
     runs as (select name, count(*)::int as jobs from jobs group by 1)
     select s.name, coalesce(f.fires, 0) as fires, coalesce(r.jobs, 0) as jobs, coalesce(f.unsent, 0) as unsent
     from pgboss.schedule s left join fires f using (name) left join runs r using (name) order by s.name`,
  );
  return {
    cronJobs: rows.length,
    firings: rows.reduce((sum, r) => sum + r.fires, 0),
    jobsQueued: rows.reduce((sum, r) => sum + r.jobs, 0),
    stillToQueue: rows.reduce((sum, r) => sum + r.unsent, 0),
    queuedMoreThanFired: rows.filter((r) => r.jobs > r.fires),
  };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hub-bench-processes-'));
  // ~26 connections a process at most (see the header), for up to the largest count, and the bench's own.
  const database = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    maxConnections: 40 * Math.max(...counts) + 20,
  });
  const ownerUrl = withDatabase(database.url, 'hub');
  const receiver = startReceiver();
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}`;
  const env = { DATABASE_URL: ownerUrl, SEED_DEMO: 'false', OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8' };
  const servers: BuiltServer[] = [];
  const owner = new pg.Client({ connectionString: ownerUrl });
  const results = [];
  try {
    for (const n of counts) {
      while (servers.length > n) await servers.pop()?.stop();
      // One after another: each runs the migrations (a no-op after the first) before it listens.
      while (servers.length < n) servers.push(await startBuiltServer(env));
      if (results.length === 0) await owner.connect();
      const [{ pid }] = (await owner.query<{ pid: number }>('select pg_backend_pid() as pid')).rows;
      const postmaster = Number(statFields(pid)?.[1]);
      console.error(`# ${n} process(es)`);
      results.push(await measure(servers, owner, ownerUrl, receiver, receiverUrl, postmaster));
    }
    console.log(
      JSON.stringify(
        {
          bench: 'processes',
          cores: os.cpus().length,
          counts: results,
          cronOnce: await cronOnce(owner),
          loadAverage: os.loadavg()[0],
        },
        null,
        2,
      ),
    );
  } finally {
    for (const server of servers) await server.stop();
    await owner.end().catch(() => {});
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
    receiver.server.closeAllConnections();
    receiver.server.close();
  }
}

await main();
