import { type ChildProcess, spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { testAppPassword } from '../../../../test/global-setup.js';
import { ApiClient, createTestApp, type TestApp, uniqueEmail } from '../../../../test/test-app.js';

const rowCount = 120_000;
let server: ChildProcess | undefined;
let t: TestApp | undefined;
afterAll(async () => {
  server?.kill('SIGKILL');
  await t?.close();
});

/** The real server (src/server/main.ts) as its own process on the test database, with its workers. */
async function startServerProcess(): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: inject('ownerDatabaseUrl'),
      APP_DB_PASSWORD: testAppPassword,
      SEED_DEMO: 'false',
      PORT: '0',
      HOST: '127.0.0.1',
      SMTP_CAPTURE_PORT: '0',
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

describe('an import interrupted by a killed server', () => {
  it('resumes on the next start and ends with every row imported exactly once', async () => {
    const started = await startServerProcess();
    server = started.child;
    const { baseUrl } = started;
    const email = uniqueEmail('restart');
    const signUp = await fetch(`${baseUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({
        firstName: 'Rae',
        lastName: 'Start',
        email,
        password: 'correct-horse-battery',
        businessName: 'Restart Co',
        plan: 'enterprise',
      }),
    });
    expect(signUp.status).toBe(201);
    const cookie = signUp.headers.get('set-cookie')?.split(';')[0] ?? '';

    const lines = ['Email,First Name,Last Name,Phone'];
    for (let i = 0; i < rowCount; i++) lines.push(`row${i}@restart.test,Row,${i},`);
    const form = new FormData();
    form.append('file', new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' }), 'restart.csv');
    const upload = await fetch(`${baseUrl}/api/contacts/import-csv/upload`, {
      method: 'POST',
      headers: { cookie, origin: baseUrl },
      body: form,
    });
    expect(upload.status).toBe(202);
    const { jobId } = (await upload.json()) as { jobId: number };

    // Kill -9 as soon as the first batches are committed: no shutdown code runs.
    let processedAtKill = 0;
    for (;;) {
      const status = await (
        await fetch(`${baseUrl}/api/contacts/import-status/${jobId}`, { headers: { cookie } })
      ).json();
      if (status.processed_rows > 0) {
        server.kill('SIGKILL');
        processedAtKill = status.processed_rows;
        break;
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    await new Promise((r) => server?.once('exit', r));
    server = undefined;
    expect(processedAtKill).toBeLessThan(rowCount);

    // A new server with workers picks the job up where the last committed batch left it.
    t = await createTestApp({ workers: true });
    const client = new ApiClient(t.app);
    client.cookie = cookie;
    const midway = (await client.get(`/api/contacts/import-status/${jobId}`)).json();
    expect(midway.processed_rows).toBeGreaterThanOrEqual(processedAtKill);
    expect(midway.processed_rows).toBeLessThan(rowCount);
    let final = midway;
    const deadline = Date.now() + 60_000;
    while (final.status === 'processing' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      final = (await client.get(`/api/contacts/import-status/${jobId}`)).json();
    }
    expect(final).toMatchObject({
      status: 'completed',
      total_rows: rowCount,
      processed_rows: rowCount,
      successful_imports: rowCount,
      failed_imports: 0,
      created_contacts: rowCount,
    });
    const me = (await client.get('/api/auth/user')).json();
    const counts = await t.database.withWorkspace(me.workspace.id, async (tx) => {
      const { rows } = await tx.execute<{
        total: number;
        distinct_emails: number;
        in_range: number;
        attempts: number;
      }>(sql`
        select count(*)::int as total, count(distinct email)::int as distinct_emails,
          count(*) filter (where last_name::int between 0 and ${rowCount - 1} and email::text = 'row' || last_name || '@restart.test')::int as in_range,
          (select attempts from import_jobs where id = ${jobId}) as attempts
        from contacts`);
      return rows[0];
    });
    expect(counts).toEqual({ total: rowCount, distinct_emails: rowCount, in_range: rowCount, attempts: 2 });
  }, 120_000);
});
