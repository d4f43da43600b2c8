import os from 'node:os';
import path from 'node:path';
import type { Config } from './config.js';
import { createDatabase, type Database } from './db/database.js';
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
   * job handlers held all 20 and up to 15 requests waited, most of the p95 and p99), and a small one
   * (`backgroundConnections`), so that it never keeps a request waiting for a core either.
   */
  backgroundDatabase: Database;
  /** Whether this process started (and so stops) its own PostgreSQL. */
  embedded: boolean;
  /** Stops the embedded PostgreSQL (nothing with DATABASE_URL); call after every connection is closed. */
  stopServer(): Promise<void>;
  /** Closes the connections, then stops the embedded server. */
  stop(): Promise<void>;
}

/** A process's share of PostgreSQL's connections (bench/processes runs four), as its one pool once had. */
const processConnections = 20;

/**
 * Background work runs at most one transaction per core at a time (two to eight). A batch of jobs (twenty
 * segment evaluations, sixteen workflow steps) runs as many transactions at once as its pool allows, each
 * busy in its own PostgreSQL process: with eight on this 2-core machine a batch took both cores for tens
 * of milliseconds while requests waited (bench/forms p99 77-100 ms; with two, 49-53). A handler holds a
 * connection only inside a transaction (a webhook's HTTP call and a mail's SMTP exchange run outside
 * one), so work that waits on the network is not held back by the cap.
 */
export const backgroundConnections = Math.min(8, Math.max(2, os.availableParallelism()));

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
  const database = createDatabase(appUrl, { max: processConnections - backgroundConnections });
  const backgroundDatabase = createDatabase(appUrl, { max: backgroundConnections });
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
