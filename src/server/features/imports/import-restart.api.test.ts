import type { ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../../../../test/server-process.js';
import {
  ApiClient,
  createTestApp,
  signUpOverHttp,
  type TestApp,
  uniqueEmail,
} from '../../../../test/test-app.js';

const rowCount = 120_000;
let server: ChildProcess | undefined;
let t: TestApp | undefined;
afterAll(async () => {
  server?.kill('SIGKILL');
  await t?.close();
});

describe('an import interrupted by a killed server', () => {
  it('resumes on the next start and ends with every row imported exactly once', async () => {
    const started = await startServerProcess();
    server = started.child;
    const { baseUrl } = started;
    const email = uniqueEmail('restart');
    const cookie = await signUpOverHttp(baseUrl, {
      firstName: 'Rae',
      lastName: 'Start',
      email,
      password: 'correct-horse-battery',
      businessName: 'Restart Co',
      plan: 'enterprise',
    });

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
