import path from 'node:path';
import type { Config } from './config.js';
import { createDatabase, type Database } from './db/database.js';
import { startEmbeddedPostgres } from './db/embedded.js';
import { ensureDatabase, runMigrations } from './db/migrate.js';
import { asAppRole, withDatabase } from './db/urls.js';

export interface DatabaseHandles {
  ownerUrl: string;
  database: Database;
  stop(): Promise<void>;
}

/**
 * DATABASE_URL when set; otherwise an embedded PostgreSQL with its data in DATA_DIR.
 * Migrations run as the owner; the app then connects as hub_app, which cannot bypass RLS.
 */
export async function openDatabase(
  config: Config,
  options: { databaseName?: string } = {},
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
      persistent: true,
      sharedBuffersMb: config.EMBEDDED_PG_SHARED_BUFFERS_MB,
    });
    ownerUrl = withDatabase(server.url, options.databaseName ?? 'hub');
    stopServer = server.stop;
  }
  await ensureDatabase(ownerUrl);
  await runMigrations(ownerUrl, config.APP_DB_PASSWORD);
  const database = createDatabase(asAppRole(ownerUrl, config.APP_DB_PASSWORD));
  return {
    ownerUrl,
    database,
    async stop() {
      await database.close();
      await stopServer();
    },
  };
}
