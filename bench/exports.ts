/**
 * bench/exports: BENCH_EXPORT_ROWS contacts (default 1,000,000) in the demo workspace, generated with
 * generate_series through the owner connection; then, through the real server over HTTP, the whole list
 * exported as CSV and as XLSX (`GET /api/reports/exports/contacts`), read to the end by this client: rows
 * per second, and the server process's peak resident memory (VmHWM) before and after each, so the export's
 * own growth shows. Target (issue 34): a 1,000,000-row CSV at ≥ 50,000 rows/s with peak RSS < 300 MB.
 * Prints JSON. Run alone: `npx tsx bench/exports.ts`.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { demoCredentials } from '../src/server/seed/demo-workspace.js';
import { demoWorkspaceId, loadContactsWithoutIndexes } from './support/contact-rows.js';
import { signInCookie, startBuiltServer } from './support/start-server.js';

const rowCount = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);

/** The server process's peak resident set so far, in MB (Linux). */
function peakRssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM:'));
  return Math.round(Number(line?.split(/\s+/)[1] ?? Number.NaN) / 1024);
}

async function timeExport(baseUrl: string, cookie: string, pid: number, format: 'csv' | 'xlsx') {
  const peakBefore = peakRssMb(pid);
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/reports/exports/contacts?format=${format}`, {
    headers: { cookie },
  });
  if (!res.ok || !res.body) throw new Error(`export failed: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let newlines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    if (format === 'csv') for (const byte of chunk) if (byte === 10) newlines += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    format,
    seconds: Math.round(seconds * 100) / 100,
    rowsPerSecond: Math.round(rowCount / seconds),
    megabytes: Math.round(bytes / 1e5) / 10,
    // CSV only: every row read back (the heading is the extra line).
    ...(format === 'csv' ? { rowsReceived: newlines - 1 } : {}),
    serverPeakRssMbBefore: peakBefore,
    serverPeakRssMbAfter: peakRssMb(pid),
  };
}

const server = await startBuiltServer({ DEMO_SIGN_IN: 'true' });
try {
  const owner = new pg.Client({ connectionString: server.ownerUrl });
  await owner.connect();
  const workspaceId = await demoWorkspaceId(owner);
  const loadStarted = performance.now();
  await loadContactsWithoutIndexes(owner, async () => {
    await owner.query(
      `insert into contacts (workspace_id, first_name, last_name, email, company, city, source, status, value_cents, created_at)
       select $1, 'Export', 'Row ' || n, 'bench-export-' || n || '@example.test', 'Company ' || (n % 5000),
         'City ' || (n % 300), 'Unknown', (array['lead','qualified','customer','lost'])[1 + n % 4], n % 100000,
         now() - (n % 365) * interval '1 day'
       from generate_series(1, $2::int) n`,
      [workspaceId, rowCount],
    );
  });
  const loadSeconds = Math.round((performance.now() - loadStarted) / 100) / 10;
  await owner.end();
  const cookie = await signInCookie(server.baseUrl, demoCredentials.email, demoCredentials.password);
  const pid = server.process.pid as number;
  const csv = await timeExport(server.baseUrl, cookie, pid, 'csv');
  const xlsx = await timeExport(server.baseUrl, cookie, pid, 'xlsx');
  console.log(
    JSON.stringify(
      {
        bench: 'exports',
        rows: rowCount,
        loadSeconds,
        csv,
        xlsx,
        targets: { csvRowsPerSecond: 50_000, serverPeakRssMb: 300 },
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
}
