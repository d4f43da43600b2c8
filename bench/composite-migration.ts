/**
 * bench/composite-migration: the composite-key migrations (issue 35, 1400 onwards) on a populated database:
 * the demo workspace plus a workspace of BENCH_MIGRATION_CONTACTS contacts (default 100,000, loaded by COPY)
 * and reports, dashboards and schedules in both, migrated from the state just before 1400. Checks that every
 * table keeps every row (count and a hash of all rows, ids included) and reports the migrations' wall time.
 * Its own embedded PostgreSQL in a temporary folder. Prints JSON. Run alone: `npx tsx bench/composite-migration.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { loadConfig } from '../src/server/config.js';
import { startEmbeddedPostgres } from '../src/server/db/embedded.js';
import { ensureDatabase, runMigrations } from '../src/server/db/migrate.js';
import { withDatabase } from '../src/server/db/urls.js';
import { populateWorkspaces, tableHashes } from '../test/populated-workspaces.js';
import { freePort } from './support/start-server.js';

const contacts = Number(process.env.BENCH_MIGRATION_CONTACTS ?? 100_000);
const password = 'bench_app_password';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hub-bench-migration-'));
const server = await startEmbeddedPostgres({ dataDir, port: await freePort() });
try {
  const url = withDatabase(server.url, 'hub');
  await ensureDatabase(url);
  await runMigrations(url, password, { before: '1400' });
  const config = loadConfig({ NODE_ENV: 'test', APP_DB_PASSWORD: password, SEED_DEMO: 'false' });
  const seedStart = performance.now();
  await populateWorkspaces(url, config, { contacts });
  const seedMs = performance.now() - seedStart;
  const owner = new pg.Client({ connectionString: url });
  await owner.connect();
  const before = await tableHashes(owner);
  const start = performance.now();
  const applied = await runMigrations(url, password);
  const migrateMs = performance.now() - start;
  const after = await tableHashes(owner);
  const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
  await owner.end();
  console.log(
    JSON.stringify({
      bench: 'composite-migration',
      contacts,
      seedSeconds: Math.round(seedMs / 100) / 10,
      migrations: applied,
      migrateSeconds: Math.round(migrateMs / 100) / 10,
      tablesCompared: Object.keys(before).length,
      tablesChanged: changed,
    }),
  );
  if (changed.length > 0) process.exitCode = 1;
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
