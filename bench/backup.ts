/**
 * bench/backup: a workspace of BENCH_BACKUP_CONTACTS contacts (default 1,000,000, written by SQL) backed
 * up through `GET /run/backup` (one snapshot, COPY per table, gzip) and restored into a new workspace
 * through the queue with its verification (every table read back and compared by count and checksum).
 * Reports rows/s of each and the server process's peak RSS (target < 300 MB). Prints JSON.
 * BENCH_BACKUP_S3=1 writes to a bucket instead of the directory: the local S3 test server (signatures
 * checked, multipart), so the figure includes the part buffering and the streamed GetObject.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { signUpOverHttp } from '../test/sign-up-link.js';
import { startS3TestServer } from '../test/support/s3-test-server.js';
import { startBuiltServer } from './support/start-server.js';

const contacts = Number(process.env.BENCH_BACKUP_CONTACTS ?? 1_000_000);
const round = (n: number) => Math.round(n * 10) / 10;

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

const s3 = process.env.BENCH_BACKUP_S3 === '1' ? await startS3TestServer() : null;
const server = await startBuiltServer({
  SEED_DEMO: 'false',
  BACKUP_WAIT_SECONDS: '3600',
  ...(s3
    ? {
        BACKUP_S3_ENDPOINT: s3.endpoint,
        BACKUP_S3_BUCKET: s3.bucket,
        BACKUP_S3_REGION: s3.region,
        BACKUP_S3_ACCESS_KEY_ID: s3.accessKeyId,
        BACKUP_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      }
    : {}),
});
try {
  const base = server.baseUrl;
  const cookie = await signUpOverHttp(
    base,
    {
      firstName: 'Bench',
      lastName: 'Backup',
      email: 'bench-backup@example.test',
      password: 'correct-horse-battery',
      businessName: 'Bench Backups',
      plan: 'enterprise',
    },
    server.ownerUrl,
  );
  const headers = { cookie, origin: base };
  const me = await (await fetch(`${base}/api/auth/user`, { headers })).json();
  const owner = new pg.Client({ connectionString: server.ownerUrl });
  await owner.connect();
  const seedStart = performance.now();
  await owner.query(
    `insert into contacts (workspace_id, first_name, last_name, email, phone, city, state, zip, source, status, value_cents, notes)
     select $1, 'First' || g, 'Last' || (g % 9973), 'contact' || g || '@bench.test', '+1555' || lpad(g::text, 7, '0'),
            'Austin', 'TX', '78701', 'bench', (array['lead','qualified','customer','lost'])[1 + g % 4], g % 100000,
            'Met at the ' || (g % 50) || 'th meetup'
     from generate_series(1, $2::int) g`,
    [me.workspace.id, contacts],
  );
  await owner.query('analyze contacts');
  const seedSeconds = round((performance.now() - seedStart) / 1000);

  const backupStart = performance.now();
  const run = await (await fetch(`${base}/run/backup`, { headers })).json();
  const backupSeconds = (performance.now() - backupStart) / 1000;
  if (run.status !== 'success') throw new Error(`backup: ${JSON.stringify(run)}`);
  const [backup] = await (await fetch(`${base}/api/backups`, { headers })).json();

  const restoreStart = performance.now();
  const restoreRes = await fetch(`${base}/api/backups/${backup.id}/restore`, { method: 'POST', headers });
  if (restoreRes.status !== 202) throw new Error(`restore: ${restoreRes.status}`);
  let restore = null;
  while (!restore || restore.status === 'queued' || restore.status === 'running') {
    await sleep(500);
    restore = (await (await fetch(`${base}/api/backups`, { headers })).json())[0].lastRestore;
  }
  const restoreSeconds = (performance.now() - restoreStart) / 1000;
  if (restore.status !== 'completed') throw new Error(`restore failed: ${restore.error}`);
  const restored = await owner.query('select count(*)::int as n from contacts where workspace_id = $1', [
    restore.newWorkspaceId,
  ]);
  await owner.end();
  console.log(
    JSON.stringify(
      {
        bench: 'backup',
        contacts,
        storage: s3 ? 's3' : 'directory',
        ...(s3 ? { s3Parts: s3.requests.filter((r) => r.operation === 'UploadPart').length } : {}),
        seedSeconds,
        totalRows: backup.totalRows,
        fileMb: round(backup.sizeBytes / 1024 / 1024),
        backup: {
          seconds: round(backupSeconds),
          rowsPerSecond: Math.round(backup.totalRows / backupSeconds),
        },
        verifiedRestore: {
          seconds: round(restoreSeconds),
          rowsPerSecond: Math.round(backup.totalRows / restoreSeconds),
          contactsRestored: restored.rows[0].n,
        },
        peakServerRssMb: peakRssMb(server.process.pid as number),
        targetRssMb: 300,
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
  await s3?.close();
}
