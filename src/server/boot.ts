import os from 'node:os';
import path from 'node:path';
import type { Config } from './config.js';
import { createAdmission, createDatabase, type Database } from './db/database.js';
import { startEmbeddedPostgres } from './db/embedded.js';
import { ensureDatabase, runMigrations } from './db/migrate.js';
import { asAppRole, withDatabase } from './db/urls.js';

export interface DatabaseHandles {
  ownerUrl: string;
  /** Requests' connections. */
  database: Database;
  /**
   * Background work's connections (queue jobs, mailbox services, monitor probes): a pool of their own, so
   * that a burst of jobs never keeps a request waiting for a connection (bench/forms: with one pool of 20,
   * job handlers held all 20 and up to 15 requests waited, most of the p95 and p99), and it yields its
   * cores to requests too (`Admission`).
   */
  backgroundDatabase: Database;
  /** Whether this process started (and so stops) its own PostgreSQL. */
  embedded: boolean;
  /** Stops the embedded PostgreSQL (nothing with DATABASE_URL); call after every connection is closed. */
  stopServer(): Promise<void>;
  /** Closes the connections, then stops the embedded server. */
  stop(): Promise<void>;
}

/**
 * Background work yields to requests served this recently (`Admission`): one transaction per core at a
 * time, instead of its pool's eight.
 */
const servedLatelyMs = 100;

/**
 * DATABASE_URL when set; otherwise an embedded PostgreSQL with its data in DATA_DIR.
 * Migrations run as the owner; the app then connects as hub_app, which cannot bypass RLS.
 */
export async function openDatabase(
  config: Config,
  options: { databaseName?: string; notice?: (message: string) => void } = {},
): Promise<DatabaseHandles> {
  let ownerUrl: string;
  let stopServer = async () => {};
  if (config.DATABASE_URL) {
    ownerUrl = options.databaseName
      ? withDatabase(config.DATABASE_URL, options.databaseName)
      : config.DATABASE_URL;
  } else {
    const server = await startEmbeddedPostgres({
      dataDir: path.resolve(config.DATA_DIR),
      port: config.EMBEDDED_PG_PORT,
      sharedBuffersMb: config.EMBEDDED_PG_SHARED_BUFFERS_MB,
      notice: options.notice,
    });
    ownerUrl = withDatabase(server.url, options.databaseName ?? 'hub');
    stopServer = server.stop;
  }
  await ensureDatabase(ownerUrl);
  await runMigrations(ownerUrl, config.APP_DB_PASSWORD);
  const appUrl = asAppRole(ownerUrl, config.APP_DB_PASSWORD);
  // Twenty connections a process in all, as one pool had: a process's share of PostgreSQL's connections
  // (bench/processes runs four) stays what it was.
  const admission = createAdmission({
    whileServing: Math.max(2, os.availableParallelism()),
    quietMs: servedLatelyMs,
  });
  const database = createDatabase(appUrl, { max: 12, admission: { as: 'request', admission } });
  const backgroundDatabase = createDatabase(appUrl, { max: 8, admission: { as: 'background', admission } });
  return {
    ownerUrl,
    database,
    backgroundDatabase,
    embedded: !config.DATABASE_URL,
    stopServer,
    async stop() {
      await database.close();
      await backgroundDatabase.close();
      await stopServer();
    },
  };
}
