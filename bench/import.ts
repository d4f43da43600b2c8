/**
 * bench/import: a deterministic CSV of BENCH_IMPORT_ROWS rows (default 1,000,000) imported end to
 * end through the real server (multipart upload, queue, batched COPY + merge), against the floor of
 * a plain COPY of the same file into a table with the contacts table's indexes. Reports rows/s,
 * the ratio to the floor (target >= 0.5) and the server process's peak RSS (target < 250 MB).
 * Two cases, each on its own fresh server:
 * - `emptyDatabase`: the first workspace of an empty database;
 * - `newWorkspaceOfLargeDatabase`: a workspace created after BENCH_IMPORT_OTHER_CONTACTS contacts
 *   (default 1,000,000) of five other workspaces were written and analysed, so the planner's
 *   statistics know nothing of it (the case that once stalled at minutes per batch).
 * BENCH_IMPORT_CASES picks some (comma-separated names). Prints JSON.
 */

import {
  createReadStream,
  mkdtempSync,
  openAsBlob,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { signUpOverHttp } from '../test/sign-up-link.js';
import { csvHeader, csvRow as row } from './support/contact-rows.js';
import { serverEntry, startBuiltServer } from './support/start-server.js';

const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 1_000_000);
const otherContacts = Number(process.env.BENCH_IMPORT_OTHER_CONTACTS ?? 1_000_000);
const otherWorkspaces = 5;
const cases = {
  emptyDatabase: 0,
  newWorkspaceOfLargeDatabase: otherContacts,
} as const;
type CaseName = keyof typeof cases;
const chosen = (process.env.BENCH_IMPORT_CASES?.split(',') ?? Object.keys(cases)) as CaseName[];
for (const name of chosen) if (!(name in cases)) throw new Error(`unknown case ${name}`);
async function writeCsv(file: string): Promise<void> {
  const parts: string[] = [`${csvHeader}\n`];
  let pending = 0;
  await writeFile(file, '');
  const { appendFile } = await import('node:fs/promises');
  for (let i = 0; i < rows; i++) {
    parts.push(`${row(i)}\n`);
    if (++pending === 50_000) {
      await appendFile(file, parts.join(''));
      parts.length = 0;
      pending = 0;
    }
  }
  await appendFile(file, parts.join(''));
}

/** The server's node process: the spawned process itself, or its node descendant when a wrapper (npx) starts it. */
function serverProcesses(pid: number): number[] {
  return [pid, ...descendants(pid)].filter((p) => {
    try {
      const cmdline = readFileSync(`/proc/${p}/cmdline`, 'utf8');
      return cmdline.includes(serverEntry) && !cmdline.includes('npm');
    } catch {
      return false;
    }
  });
}

function descendants(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry), ...descendants(Number(entry)));
    } catch {
      // the process ended while we looked
    }
  }
  return children;
}

function rssMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

async function copyFloor(ownerUrl: string, file: string, workspaceId: number) {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query('drop table if exists bench_copy_floor');
    // Same columns, defaults, generated columns, constraints and indexes as contacts.
    await client.query('create table bench_copy_floor (like contacts including all)');
    await client.query(`alter table bench_copy_floor alter column workspace_id set default ${workspaceId}`);
    const start = performance.now();
    await pipeline(
      createReadStream(file),
      client.query(
        copyFrom(
          'copy bench_copy_floor (first_name, last_name, email, phone, company, status, value_cents, city, state, zip) from stdin with (format csv, header true)',
        ),
      ),
    );
    const seconds = (performance.now() - start) / 1000;
    const { rows: count } = await client.query('select count(*)::int as n from bench_copy_floor');
    await client.query('drop table bench_copy_floor');
    return { rows: count[0].n, seconds: round(seconds), rowsPerSecond: Math.round(count[0].n / seconds) };
  } finally {
    await client.end();
  }
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Contacts of other workspaces, written through the owner connection, then analysed. */
async function seedOtherWorkspaces(ownerUrl: string, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const perWorkspace = Math.ceil(count / otherWorkspaces);
    for (let w = 0; w < otherWorkspaces; w++) {
      const { rows: created } = await client.query<{ id: number }>(
        `insert into workspaces (name, plan) values ($1, 'enterprise') returning id`,
        [`Other ${w}`],
      );
      await client.query(
        `insert into contacts (workspace_id, first_name, last_name, email, phone, company, status, value_cents, city, state, zip)
         select $1::bigint, 'Other', 'Person ' || g, 'other.' || g || '@w' || $1::bigint || '.example',
           '+1' || (201 + $2::int) || lpad((g % 10000000)::text, 7, '0'),
           'Other Co ' || (g % 500), (array['lead', 'qualified', 'customer', 'lost'])[1 + g % 4], g % 5000,
           'Austin', 'TX', '78701'
         from generate_series(1, $3::int) g`,
        [created[0].id, w, perWorkspace],
      );
    }
    await client.query('analyze contacts');
  } finally {
    await client.end();
  }
}

async function runCase(name: CaseName, file: string) {
  const server = await startBuiltServer({ SEED_DEMO: 'false' });
  try {
    const seedStart = performance.now();
    if (cases[name] > 0) await seedOtherWorkspaces(server.ownerUrl, cases[name]);
    const seedSeconds = round((performance.now() - seedStart) / 1000);
    const start = performance.now();
    const serverPids = serverProcesses(server.process.pid ?? 0);
    if (serverPids.length === 0) throw new Error('server process not found under /proc');
    let peakSampledMb = 0;
    const samples: { second: number; rssMb: number }[] = [];
    const sampler = setInterval(() => {
      const rss = Math.max(...serverPids.map((pid) => rssMb(pid, 'VmRSS')));
      peakSampledMb = Math.max(peakSampledMb, rss);
      samples.push({ second: round((performance.now() - start) / 1000), rssMb: rss });
    }, 100);

    const cookie = await signUpOverHttp(
      server.baseUrl,
      {
        firstName: 'Bench',
        lastName: 'Mark',
        email: 'bench@import.example',
        password: 'bench-password-123',
        businessName: 'Bench Imports',
        plan: 'enterprise',
      },
      server.ownerUrl,
    );
    const me = (await (await fetch(`${server.baseUrl}/api/auth/user`, { headers: { cookie } })).json()) as {
      workspace: { id: number };
    };

    // Before the upload: what the server holds without an import (started, one sign-up served).
    const idleRssMb = Math.max(...serverPids.map((pid) => rssMb(pid, 'VmRSS')));
    const importStart = performance.now();
    const form = new FormData();
    form.append('file', await openAsBlob(file, { type: 'text/csv' }), 'contacts.csv');
    const upload = await fetch(`${server.baseUrl}/api/contacts/import-csv/upload`, {
      method: 'POST',
      headers: { cookie, origin: server.baseUrl },
      body: form,
    });
    if (upload.status !== 202) throw new Error(`upload failed: ${upload.status} ${await upload.text()}`);
    const uploadSeconds = (performance.now() - importStart) / 1000;
    const { jobId } = (await upload.json()) as { jobId: number };
    let status: Record<string, unknown>;
    for (;;) {
      status = (await (
        await fetch(`${server.baseUrl}/api/contacts/import-status/${jobId}`, { headers: { cookie } })
      ).json()) as Record<string, unknown>;
      if (status.status !== 'processing') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const seconds = (performance.now() - importStart) / 1000;
    clearInterval(sampler);
    const peakHwmMb = Math.max(...serverPids.map((pid) => rssMb(pid, 'VmHWM')));
    if (status.status !== 'completed') throw new Error(`import ended ${JSON.stringify(status)}`);

    const floor = await copyFloor(server.ownerUrl, file, me.workspace.id);
    const rowsPerSecond = Math.round(rows / seconds);
    return {
      otherContacts: cases[name],
      seedSeconds,
      import: {
        seconds: round(seconds),
        uploadSeconds: round(uploadSeconds),
        rowsPerSecond,
        created: status.created_contacts,
        failed: status.failed_imports,
      },
      copyFloor: floor,
      ratioToCopyFloor: round(rowsPerSecond / floor.rowsPerSecond),
      serverPeakRssMb: { sampled: peakSampledMb, vmHwm: peakHwmMb, idleBeforeImport: idleRssMb },
      serverRssTimeline: samples.filter((_, i) => i % Math.max(1, Math.floor(samples.length / 20)) === 0),
    };
  } finally {
    await server.stop();
  }
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'hub-bench-import-'));
const file = path.join(dir, 'contacts.csv');
try {
  await writeCsv(file);
  const results: Partial<Record<CaseName, Awaited<ReturnType<typeof runCase>>>> = {};
  for (const name of chosen) results[name] = await runCase(name, file);
  console.log(
    JSON.stringify(
      {
        bench: 'import',
        rows,
        fileMb: round(statSync(file).size / 1024 / 1024),
        cases: results,
        targets: { ratioToCopyFloor: 0.5, serverPeakRssMb: 250 },
      },
      null,
      2,
    ),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
