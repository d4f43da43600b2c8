/**
 * bench/ecosystem: the ecosystem console at scale, through the real server. Prints JSON.
 * - `collection`: BENCH_ECOSYSTEM_LEADS leads (default 200,000) spread over BENCH_ECOSYSTEM_ENDPOINTS
 *   local endpoints (default 21, one app each; even ones paginated JSON, odd ones CSV) collected by
 *   'collect-all' (queue, guarded fetch, the import's merge path), against a CSV import of the same rows
 *   into another workspace of the same server. Target: collection rows/s >= 0.8 of the import's.
 * - `scoring`: a workspace of BENCH_ECOSYSTEM_CONTACTS contacts (default 1,000,000) from those apps, with
 *   timeline entries and a matrix of two targets per app; `GET /api/cross-sales/opportunities` and
 *   `GET /api/cross-sales/metrics`, BENCH_ECOSYSTEM_REPEATS times each (default 5). Target: < 2 s.
 * BENCH_ECOSYSTEM_CASES picks some (comma-separated names). BENCH_ECOSYSTEM_KEEP=1 stops the server but
 * keeps its data and prints where (`kept`), to start it again there (`startBuiltServer(env, place)`)
 * and EXPLAIN the requests on the same million contacts without seeding them again.
 */

import { mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import { appendFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { signUpOverHttp } from '../test/sign-up-link.js';
import { contactRecord, csvHeader, csvRow } from './support/contact-rows.js';
import { type BuiltServer, percentile, startBuiltServer } from './support/start-server.js';

const leads = Number(process.env.BENCH_ECOSYSTEM_LEADS ?? 200_000);
const endpointCount = Number(process.env.BENCH_ECOSYSTEM_ENDPOINTS ?? 21);
const scoringContacts = Number(process.env.BENCH_ECOSYSTEM_CONTACTS ?? 1_000_000);
const repeats = Number(process.env.BENCH_ECOSYSTEM_REPEATS ?? 5);
const cases = ['collection', 'scoring'] as const;
type CaseName = (typeof cases)[number];
const chosen = (process.env.BENCH_ECOSYSTEM_CASES?.split(',') ?? cases) as CaseName[];
for (const name of chosen) if (!cases.includes(name)) throw new Error(`unknown case ${name}`);
/** Rows per page of a paginated JSON endpoint. */
const pageRows = 1_000;
const round = (n: number) => Math.round(n * 100) / 100;
const seconds = (since: number) => (performance.now() - since) / 1000;

/** Endpoint k's share of the leads: [start, end). */
function share(k: number): [number, number] {
  const per = Math.ceil(leads / endpointCount);
  return [Math.min(leads, k * per), Math.min(leads, (k + 1) * per)];
}

/**
 * The apps' data, rendered before the clock starts so the bench's own work does not compete with the
 * server's: /app-k/leads.json?page=n (paginated by `next`) for even k, /app-k/leads.csv for odd k.
 */
async function startAppsServer() {
  const bodies = new Map<string, Buffer>();
  for (let k = 0; k < endpointCount; k++) {
    const [start, end] = share(k);
    if (k % 2 === 1) {
      const lines = [csvHeader];
      for (let i = start; i < end; i++) lines.push(csvRow(i));
      bodies.set(`/app-${k}/leads.csv`, Buffer.from(`${lines.join('\n')}\n`));
      continue;
    }
    const pages = Math.max(1, Math.ceil((end - start) / pageRows));
    for (let page = 0; page < pages; page++) {
      const data = [];
      for (let i = start + page * pageRows; i < Math.min(end, start + (page + 1) * pageRows); i++)
        data.push(contactRecord(i));
      const next = page + 1 < pages ? `/app-${k}/leads.json?page=${page + 1}` : null;
      bodies.set(`/app-${k}/leads.json?page=${page}`, Buffer.from(JSON.stringify({ data, next })));
    }
  }
  const server = http.createServer((req, res) => {
    const url = req.url === undefined ? '' : req.url.endsWith('.json') ? `${req.url}?page=0` : req.url;
    const body = bodies.get(url);
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': url.includes('.csv') ? 'text/csv' : 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Session {
  cookie: string;
  workspaceId: number;
}

async function signUp(server: BuiltServer, name: string): Promise<Session> {
  const cookie = await signUpOverHttp(
    server.baseUrl,
    {
      firstName: 'Bench',
      lastName: 'Mark',
      email: `${name}@ecosystem.example`,
      password: 'bench-password-123',
      businessName: `Bench ${name}`,
      plan: 'enterprise',
    },
    server.ownerUrl,
  );
  const me = (await (await fetch(`${server.baseUrl}/api/auth/user`, { headers: { cookie } })).json()) as {
    workspace: { id: number };
  };
  return { cookie, workspaceId: me.workspace.id };
}

async function call<T>(
  server: BuiltServer,
  session: Session,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: {
      cookie: session.cookie,
      origin: server.baseUrl,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const appName = (k: number) => `Bench App ${k}`;

async function addApps(server: BuiltServer, session: Session, appsOrigin: string | null): Promise<void> {
  for (let k = 0; k < endpointCount; k++) {
    const format = k % 2 === 0 ? 'json' : 'csv';
    await call(server, session, 'POST', '/api/ecosystem/apps', {
      name: appName(k),
      category: 'business',
      url: `https://app-${k}.bench.example/`,
      pricing: { monthlyCents: 4_900 },
      endpoints:
        appsOrigin === null
          ? []
          : [
              {
                name: 'Leads',
                type: 'website',
                category: 'leads',
                url: `${appsOrigin}/app-${k}/leads.${format}`,
                format,
              },
            ],
    });
  }
}

/** The same rows as one CSV file through the import (upload, queue, batched merge). */
async function importRate(server: BuiltServer, file: string) {
  const session = await signUp(server, 'importer');
  const start = performance.now();
  const form = new FormData();
  form.append('file', await openAsBlob(file, { type: 'text/csv' }), 'leads.csv');
  const upload = await fetch(`${server.baseUrl}/api/contacts/import-csv/upload`, {
    method: 'POST',
    headers: { cookie: session.cookie, origin: server.baseUrl },
    body: form,
  });
  if (upload.status !== 202) throw new Error(`upload failed: ${upload.status} ${await upload.text()}`);
  const { jobId } = (await upload.json()) as { jobId: number };
  let status: Record<string, unknown>;
  for (;;) {
    status = await call(server, session, 'GET', `/api/contacts/import-status/${jobId}`);
    if (status.status !== 'processing') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const took = seconds(start);
  if (status.status !== 'completed') throw new Error(`import ended ${JSON.stringify(status)}`);
  return {
    seconds: round(took),
    rowsPerSecond: Math.round(leads / took),
    created: status.created_contacts,
    failed: status.failed_imports,
  };
}

interface Run {
  status: string;
  progress: number;
  results: { status: string; fetched: number; created: number; failed: number; reason: string | null }[];
}

async function collectionCase(server: BuiltServer) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hub-bench-ecosystem-'));
  const apps = await startAppsServer();
  try {
    const file = path.join(dir, 'leads.csv');
    await writeFile(file, `${csvHeader}\n`);
    for (let i = 0; i < leads; i += 50_000) {
      const lines: string[] = [];
      for (let j = i; j < Math.min(leads, i + 50_000); j++) lines.push(csvRow(j));
      await appendFile(file, `${lines.join('\n')}\n`);
    }
    const imported = await importRate(server, file);

    const session = await signUp(server, 'collector');
    await addApps(server, session, apps.origin);
    const start = performance.now();
    await call(server, session, 'POST', '/api/data-collection/collect-all');
    let run: Run;
    for (;;) {
      run = await call(server, session, 'GET', '/api/data-collection/runs/latest');
      if (run.status === 'completed' || run.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const took = seconds(start);
    const failures = run.results.filter((r) => r.status !== 'completed').map((r) => r.reason);
    if (run.status !== 'completed' || failures.length > 0)
      throw new Error(`collection ended ${run.status}: ${JSON.stringify(failures)}`);
    const rowsPerSecond = Math.round(leads / took);
    return {
      endpoints: endpointCount,
      collectAll: {
        seconds: round(took),
        rowsPerSecond,
        fetched: run.results.reduce((n, r) => n + r.fetched, 0),
        created: run.results.reduce((n, r) => n + r.created, 0),
        failed: run.results.reduce((n, r) => n + r.failed, 0),
      },
      csvImport: imported,
      ratioToImport: round(rowsPerSecond / imported.rowsPerSecond),
    };
  } finally {
    await apps.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A million contacts of the apps, with timeline entries and recent contact dates, written by SQL. */
async function seedScoringWorkspace(ownerUrl: string, workspaceId: number): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query(
      `insert into contacts (workspace_id, first_name, last_name, email, source, status, value_cents, last_contacted_at)
       select $1::bigint, 'Lead', 'Number ' || g, 'lead.' || g || '@scoring.example', 'Bench App ' || (g % $3::int),
         (array['lead', 'qualified', 'customer', 'lost'])[1 + g % 4], (g::bigint * 7919) % 200000,
         case when g % 3 = 0 then null else now() - make_interval(days => g % 120) end
       from generate_series(1, $2::int) g`,
      [workspaceId, scoringContacts, endpointCount],
    );
    // 0–3 timeline entries per contact (1.5 on average).
    await client.query(
      `insert into contact_timeline (workspace_id, contact_id, kind, title)
       select c.workspace_id, c.id, 'note', 'Bench note' from contacts c, generate_series(1, (c.id % 4)::int)
       where c.workspace_id = $1::bigint`,
      [workspaceId],
    );
    await client.query('analyze contacts');
    await client.query('analyze contact_timeline');
    // The timeline's per-contact counts, written by its triggers during the seed (0602).
    await client.query('analyze contact_engagement');
  } finally {
    await client.end();
  }
}

async function scoringCase(server: BuiltServer) {
  const session = await signUp(server, 'scorer');
  await addApps(server, session, null);
  for (let k = 0; k < endpointCount; k++)
    for (const step of [1, 5])
      await call(server, session, 'POST', '/api/cross-sales/matrix', {
        sourceApp: appName(k),
        targetApp: appName((k + step) % endpointCount),
        services: ['Bundle'],
        valueRange: [50, 500],
        reasoning: 'Bench',
      });
  const seedStart = performance.now();
  await seedScoringWorkspace(server.ownerUrl, session.workspaceId);
  const seedSeconds = round(seconds(seedStart));
  const timed = async (url: string) => {
    const ms: number[] = [];
    let body: unknown;
    for (let i = 0; i < repeats; i++) {
      const start = performance.now();
      body = await call(server, session, 'GET', url);
      ms.push(performance.now() - start);
    }
    ms.sort((a, b) => a - b);
    return { body, ms: { min: round(ms[0]), p50: percentile(ms, 50), max: round(ms.at(-1) as number) } };
  };
  const opportunities = await timed('/api/cross-sales/opportunities');
  const metrics = await timed('/api/cross-sales/metrics');
  const top = opportunities.body as { score: number }[];
  const totals = metrics.body as { totalOpportunities: number; highValueOpportunities: number };
  return {
    contacts: scoringContacts,
    matrixEntries: endpointCount * 2,
    seedSeconds,
    opportunities: { ...opportunities.ms, returned: top.length, bestScore: top[0]?.score ?? null },
    metrics: {
      ...metrics.ms,
      totalOpportunities: totals.totalOpportunities,
      highValue: totals.highValueOpportunities,
    },
  };
}

const server = await startBuiltServer({ SEED_DEMO: 'false', OUTBOUND_ALLOW_CIDRS: '127.0.0.1/32' });
try {
  const results: Record<string, unknown> = {};
  // Each case's figures go to stderr as soon as it ends, so a later case's failure does not lose them.
  if (chosen.includes('collection')) {
    results.collection = await collectionCase(server);
    console.error(JSON.stringify({ collection: results.collection }));
  }
  if (chosen.includes('scoring')) results.scoring = await scoringCase(server);
  console.log(
    JSON.stringify(
      {
        bench: 'ecosystem',
        leads,
        loadAverage: os.loadavg().map(round),
        cases: results,
        targets: { collectionRatioToImport: 0.8, scoringMs: 2_000 },
      },
      null,
      2,
    ),
  );
} finally {
  if (process.env.BENCH_ECOSYSTEM_KEEP) {
    server.process.kill('SIGTERM');
    await server.exited;
    console.error(JSON.stringify({ kept: server.place }));
  } else await server.stop();
}
