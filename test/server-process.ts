import { type ChildProcess, spawn } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { testAppPassword } from './global-setup.js';
import { fileDatabaseUrl } from './test-app.js';

/** The real server (src/server/main.ts) as its own process on the file's database, with its workers. */
export async function startServerProcess(
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: await fileDatabaseUrl(),
      APP_DB_PASSWORD: testAppPassword,
      SEED_DEMO: 'false',
      PORT: '0',
      HOST: '127.0.0.1',
      SMTP_CAPTURE_PORT: '0',
      // Other files' monitors share the database: a test that wants the probe loop turns it on.
      MONITOR_PROBES: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1].replace('localhost', '127.0.0.1'));
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return { child, baseUrl };
}

/**
 * The usual set-up of a file that kills server processes: each `start()` is killed at the file's end, and
 * `db()` is an owner connection to the file's database for reading what the servers left behind.
 */
export function useServerProcesses(): {
  start(env?: Record<string, string>): ReturnType<typeof startServerProcess>;
  db(): pg.Client;
} {
  const children: ChildProcess[] = [];
  let client: pg.Client | undefined;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: await fileDatabaseUrl() });
    await client.connect();
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await client?.end();
  });
  return {
    async start(env) {
      const server = await startServerProcess(env);
      children.push(server.child);
      return server;
    },
    db() {
      if (!client) throw new Error('useServerProcesses: db() is there between its beforeAll and afterAll');
      return client;
    },
  };
}

/** A JSON call to a server process as the signed-in browser would make it (cookie and origin). */
export async function callOverHttp(
  baseUrl: string,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      cookie,
      origin: baseUrl,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}
