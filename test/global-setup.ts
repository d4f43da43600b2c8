import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/server/db/embedded.js';
import { ensureDatabase, runMigrations } from '../src/server/db/migrate.js';
import { withDatabase } from '../src/server/db/urls.js';

declare module 'vitest' {
  export interface ProvidedContext {
    ownerDatabaseUrl: string;
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
 * DATABASE_URL's server when set, otherwise an embedded server in a temporary folder.
 */
export default async function setup(project: TestProject) {
  let serverUrl = process.env.DATABASE_URL;
  let stop = async () => {};
  let dataDir: string | undefined;
  if (!serverUrl) {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'hub-test-'));
    const server = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    serverUrl = server.url;
    stop = server.stop;
  }
  const ownerUrl = withDatabase(serverUrl, `hub_test_${Date.now()}_${process.pid}`);
  await ensureDatabase(ownerUrl);
  await runMigrations(ownerUrl, testAppPassword);
  project.provide('ownerDatabaseUrl', ownerUrl);
  return async () => {
    await stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}
