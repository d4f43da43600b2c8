import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../../../../test/server-process.js';
import {
  ApiClient,
  createTestApp,
  fileDatabaseUrl,
  signUpOverHttp,
  type TestApp,
  uniqueEmail,
} from '../../../../test/test-app.js';

let server: ChildProcess | undefined;
const apps: TestApp[] = [];
let owner: pg.Client | undefined;
afterAll(async () => {
  server?.kill('SIGKILL');
  await owner?.end();
  for (const app of apps) await app.close();
});

describe('a backup interrupted by kill -9', () => {
  it('is taken over after the restart: exactly one completed backup, no half file listed', async () => {
    const backupDir = mkdtempSync(path.join(os.tmpdir(), 'hub-backup-crash-'));
    const env = { BACKUP_DIR: backupDir, BACKUP_LEASE_SECONDS: '2' };
    const started = await startServerProcess(env);
    server = started.child;
    const { baseUrl } = started;
    const cookie = await signUpOverHttp(baseUrl, {
      firstName: 'Kim',
      lastName: 'Killed',
      email: uniqueEmail('backup-crash'),
      password: 'correct-horse-battery',
      businessName: 'Crash Backups',
      plan: 'enterprise',
    });
    const me = await (await fetch(`${baseUrl}/api/auth/user`, { headers: { cookie } })).json();
    const workspaceId = me.workspace.id as number;
    owner = new pg.Client({ connectionString: await fileDatabaseUrl() });
    await owner.connect();
    // Enough rows that the backup is still writing when it is killed.
    await owner.query(
      `insert into contacts (workspace_id, first_name, last_name, email, notes)
       select $1, 'First' || g, 'Last' || g, 'c' || g || '@crash.test', repeat('note ', 40) from generate_series(1, 120000) g`,
      [workspaceId],
    );
    const res = await fetch(`${baseUrl}/api/backups`, {
      method: 'POST',
      headers: { cookie, origin: baseUrl },
    });
    expect(res.status).toBe(202);
    const backupId = (await res.json()).id as number;
    const row = async () =>
      (await (owner as pg.Client).query('select status, tables_done from backups where id = $1', [backupId]))
        .rows[0] as { status: string; tables_done: number };
    const state = async () => (await row()).status;
    // Killed part-way: some tables written, the file still a `.partial`.
    for (let now = await row(); now.status !== 'running' || now.tables_done < 1; now = await row())
      await sleep(20);
    server.kill('SIGKILL');
    await new Promise((resolve) => server?.once('exit', resolve));
    server = undefined;
    expect(await state()).toBe('running');
    const dir = path.join(backupDir, String(workspaceId));
    expect(readdirSync(dir)).toEqual([`backup-${backupId}.hbk.gz.partial`]);

    const t = await createTestApp({ workers: true, env });
    apps.push(t);
    while ((await state()) === 'running') await sleep(200);
    expect(await state()).toBe('completed');
    const { rows } = await owner.query(
      `select count(*)::int as n, count(*) filter (where status = 'completed')::int as done
       from backups where workspace_id = $1`,
      [workspaceId],
    );
    expect(rows[0]).toEqual({ n: 1, done: 1 });
    expect(readdirSync(dir)).toEqual([`backup-${backupId}.hbk.gz`]);

    const client = new ApiClient(t.app);
    client.cookie = cookie;
    const listed = (await client.get('/api/backups')).json();
    expect(listed).toHaveLength(1);
    expect(listed[0].tables.find((x: { table: string }) => x.table === 'contacts').rows).toBe(120000);
    await client.post(`/api/backups/${backupId}/verify`);
    let verified = listed[0];
    while (verified.verifyStatus !== 'verified' && verified.verifyStatus !== 'failed') {
      await sleep(200);
      verified = (await client.get('/api/backups')).json()[0];
    }
    expect(verified.verifyStatus).toBe('verified');
  }, 300_000);
});
