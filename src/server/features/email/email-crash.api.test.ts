import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../../../../test/server-process.js';
import {
  ApiClient,
  createTestApp,
  signUpOverHttp,
  signUpOwner,
  type TestApp,
  uniqueEmail,
} from '../../../../test/test-app.js';

const emailCount = 400;
let server: ChildProcess | undefined;
const apps: TestApp[] = [];
let owner: pg.Client | undefined;
afterAll(async () => {
  server?.kill('SIGKILL');
  await owner?.end();
  for (const t of apps) await t.close();
});

const email = (i: number) => ({
  fromEmail: `Sender ${i} <sender${i}@crash.test>`,
  toEmail: 'inbox@crash-co.test',
  subject: `Crash test ${i}`,
  body: 'Hello',
  messageId: `<crash-${i}@crash.test>`,
});

describe('emails queued when the server is killed', () => {
  it('are each processed exactly once after the restart, and a repeat says where the first stands', async () => {
    const started = await startServerProcess();
    server = started.child;
    const { baseUrl } = started;
    const cookie = await signUpOverHttp(baseUrl, {
      firstName: 'Cara',
      lastName: 'Crash',
      email: uniqueEmail('crash'),
      password: 'correct-horse-battery',
      businessName: 'Crash Co',
      plan: 'enterprise',
    });

    // Eight senders at once; kill -9 once a third of the emails were accepted, with more in flight.
    let next = 0;
    let accepted = 0;
    let killed = false;
    const sender = async () => {
      while (!killed && next < emailCount) {
        const i = next++;
        const res = await fetch(`${baseUrl}/api/emails/process`, {
          method: 'POST',
          headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
          body: JSON.stringify(email(i)),
        }).catch(() => null);
        if (res?.status === 202) accepted += 1;
        if (accepted >= emailCount / 3 && !killed) {
          killed = true;
          server?.kill('SIGKILL');
        }
      }
    };
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    await Promise.all(Array.from({ length: 8 }, sender));
    await exited;
    server = undefined;

    // Start again with workers: every email the killed server committed gets processed.
    const t = await createTestApp({ workers: true });
    apps.push(t);
    owner = new pg.Client({ connectionString: t.ownerUrl });
    await owner.connect();
    const client = new ApiClient(t.app);
    client.cookie = cookie;
    const workspaceId = (await client.get('/api/auth/user')).json().workspace.id;
    const state = async () =>
      (
        await (owner as pg.Client).query(
          `select count(*)::int as recorded,
             count(*) filter (where processed)::int as processed,
             count(*) filter (where error_message is not null)::int as failed
           from email_processing_jobs where workspace_id = $1`,
          [workspaceId],
        )
      ).rows[0];
    let now = await state();
    expect(now.recorded).toBeGreaterThanOrEqual(accepted);
    while (now.processed + now.failed < now.recorded) {
      await sleep(100);
      now = await state();
    }
    expect(now.failed).toBe(0);
    const { rows } = await owner.query(
      `select j.message_id,
         (select count(*)::int from email_conversations c where c.job_id = j.id) as conversations,
         (select count(*)::int from contact_timeline e
            where e.workspace_id = j.workspace_id and e.metadata->>'messageId' = j.message_id) as entries
       from email_processing_jobs j where j.workspace_id = $1`,
      [workspaceId],
    );
    expect(rows.filter((r) => r.conversations !== 1 || r.entries !== 1)).toEqual([]);

    const repeat = await client.post('/api/emails/process', email(0));
    expect(repeat.json()).toMatchObject({ duplicate: true, message: 'This email was already processed.' });
  }, 180_000);

  it('answers a repeat of an email still waiting in the queue with "already queued"', async () => {
    const t = await createTestApp();
    apps.push(t);
    const { client } = await signUpOwner(t.app, {
      firstName: 'Quinn',
      lastName: 'Queue',
      businessName: 'Queue Co',
    });
    // Workers of other test files share this database: holding contact writes keeps the first copy
    // unprocessed (its worker waits on the lock) while the repeat arrives.
    const holder = new pg.Client({ connectionString: t.ownerUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table contacts in share mode');
      const first = await client.post('/api/emails/process', email(1));
      expect(first.json()).toMatchObject({ duplicate: false, message: 'Email queued for processing.' });
      const again = await client.post('/api/emails/process', email(1));
      expect(again.json()).toMatchObject({
        jobId: first.json().jobId,
        duplicate: true,
        message: 'This email is already queued for processing.',
      });
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
  });
});
