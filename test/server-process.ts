import { type ChildProcess, spawn } from 'node:child_process';
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
