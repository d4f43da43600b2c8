import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface BuiltServer {
  baseUrl: string;
  /** The owner connection string of the server's database (for bulk set-up and the SQL floor). */
  ownerUrl: string;
  appUrl: string;
  process: ChildProcess;
  /** Where it runs: pass it back to `startBuiltServer` to start again on the same data and ports. */
  place: ServerPlace;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** SIGTERM, wait for the exit, remove the data directory. */
  stop(): Promise<void>;
}

export interface ServerPlace {
  dataDir: string;
  port: number;
  pgPort: number;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** The compiled server `npm start` runs. */
export const serverEntry = 'dist/server/main.js';

/**
 * node's arguments for a server at `entry`, with the V8 flags of `npm start` (its last command is
 * `node <flags> dist/server/main.js`), so benchmarks measure the server as it is run.
 */
export function serverNodeArgs(entry = serverEntry): string[] {
  const start: string = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start;
  const words = start.split('&&').at(-1)?.trim().split(/\s+/) ?? [];
  if (words[0] !== 'node' || words.at(-1) !== serverEntry)
    throw new Error(`npm start no longer ends with "node ... ${serverEntry}": ${start}`);
  return [...words.slice(1, -1), entry];
}

/**
 * Starts the real server, built as `npm start` builds and runs it, as its own process, on an embedded PostgreSQL in a
 * temporary folder (or again at an earlier server's `place`), with the demo workspace seeded, so load is measured
 * from outside as users see it.
 */
export async function startBuiltServer(
  env: Record<string, string> = {},
  at?: ServerPlace,
): Promise<BuiltServer> {
  const place = at ?? {
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'hub-bench-')),
    port: await freePort(),
    pgPort: await freePort(),
  };
  const appPassword = 'bench_app_password';
  // Its progress lines go to stderr: stdout carries only the benchmark's JSON.
  execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], { stdio: ['ignore', 2, 2] });
  // node itself (not npm) so the stop signal reaches the server.
  // BENCH_CPU_PROF=<dir> writes the server's CPU profile there when it stops (read it with bench/support/profile-summary.ts).
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, [...profile, ...serverNodeArgs()], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SECRET_KEY: 'bench-secret-key-bench-secret-key-0000',
      PORT: String(place.port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: place.dataDir,
      EMBEDDED_PG_PORT: String(place.pgPort),
      APP_DB_PASSWORD: appPassword,
      SMTP_CAPTURE_PORT: '0',
      // Where its mailed links (sign-up) point, as a production server is configured.
      PUBLIC_URL: `http://127.0.0.1:${place.port}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    process.stderr.write(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const ready = () => {
      if (!output.includes('API docs:')) return; // the banner's last line
      child.stdout?.off('data', ready);
      resolve();
    };
    child.stdout?.on('data', ready);
    void exited.then((code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  const ownerUrl = `postgres://postgres:embedded-postgres-local@127.0.0.1:${place.pgPort}/hub`;
  return {
    baseUrl: `http://127.0.0.1:${place.port}`,
    ownerUrl,
    appUrl: `postgres://hub_app:${appPassword}@127.0.0.1:${place.pgPort}/hub`,
    process: child,
    place,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(place.dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the API and returns the session cookie header. */
export async function signInCookie(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return Number.NaN;
  const index = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1);
  return Math.round(sortedMs[Math.max(0, index)] * 100) / 100;
}
