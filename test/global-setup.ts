import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/server/db/embedded.js';
import { ensureDatabase, runMigrations } from '../src/server/db/migrate.js';
import { withDatabase } from '../src/server/db/urls.js';

declare module 'vitest' {
  export interface ProvidedContext {
    ownerDatabaseUrl: string;
    /** A migrated database nobody connects to: `createTestApp({ ownDatabase: true })` copies it. */
    templateDatabaseUrl: string;
  }
}

export const testAppPassword = 'hub_app_test_password';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * One PostgreSQL for the whole run and a freshly created database in it, never the dev data:
 * DATABASE_URL's server when set, otherwise an embedded server in a temporary folder. The migrations run
 * once, into a template database; the run's shared database and every file's own one are copies of it.
 */
export default async function setup(project: TestProject) {
  let serverUrl = process.env.DATABASE_URL;
  let stop = async () => {};
  let dataDir: string | undefined;
  if (!serverUrl) {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'hub-test-'));
    // Two API files at a time, some with several server processes of their own, each with its pools.
    const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), maxConnections: 300 });
    serverUrl = server.url;
    stop = server.stop;
    await skipDiskFlushes(serverUrl);
  }
  const name = `hub_test_${Date.now()}_${process.pid}`;
  const templateUrl = withDatabase(serverUrl, `${name}_template`);
  await ensureDatabase(templateUrl);
  await runMigrations(templateUrl, testAppPassword);
  const ownerUrl = await copyDatabase(templateUrl, name);
  project.provide('ownerDatabaseUrl', ownerUrl);
  project.provide('templateDatabaseUrl', templateUrl);
  return async () => {
    await stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * The run's own server is thrown away with its folder, so nothing in it has to survive a machine crash:
 * commits and checkpoints need not wait for the disk. Without this, stopping the server at the end of a
 * browser run (a database per file) spent over a minute flushing databases about to be deleted.
 */
async function skipDiskFlushes(serverUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (const setting of ['fsync', 'synchronous_commit', 'full_page_writes'])
      await client.query(`alter system set ${setting} = off`);
    await client.query('select pg_reload_conf()');
  } finally {
    await client.end();
  }
}

/**
 * A new database `name` on the template's server, a copy of the template (schema, grants and rows): much
 * faster than migrating an empty one. PostgreSQL refuses to copy a database while a session is connected
 * to it, and a session that just closed may still be leaving.
 */
export async function copyDatabase(templateUrl: string, name: string): Promise<string> {
  const template = decodeURIComponent(new URL(templateUrl).pathname.slice(1));
  const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;
  const admin = new pg.Client({ connectionString: withDatabase(templateUrl, 'postgres') });
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`create database ${quote(name)} template ${quote(template)}`);
        break;
      } catch (error) {
        if (attempt >= 10 || !/being accessed by other users/.test(String(error))) throw error;
      }
    }
  } finally {
    await admin.end();
  }
  return withDatabase(templateUrl, name);
}
