import { createHash } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { callOverHttp, useServerProcesses } from '../../../../test/server-process.js';
import { fileDatabaseUrl, signUpOverHttp, uniqueEmail } from '../../../../test/test-app.js';

// The server as its own process on the run's database, killed with SIGKILL while a merge is inside its transaction.
const servers = useServerProcesses();
const start = servers.start;
const call = callOverHttp;

/** Every row of the workspace's contact tables, hashed in order (ids and fields). */
async function hash(workspaceId: number): Promise<string> {
  const tables = [
    'contacts',
    'contact_timeline',
    'contact_engagement',
    'tasks',
    'contact_merges',
    'ops_events',
  ];
  const hasher = createHash('sha256');
  for (const table of tables) {
    const { rows } = await servers
      .db()
      .query(
        `select string_agg(t::text, E'\\n' order by t::text) as dump from ${table} t where workspace_id = $1`,
        [workspaceId],
      );
    hasher.update(`${table}\n${rows[0].dump ?? ''}\n`);
  }
  return hasher.digest('hex');
}

describe('a merge killed with SIGKILL', () => {
  it('leaves nothing applied, and the merge made again applies once', async () => {
    const first = await start();
    const cookie = await signUpOverHttp(
      first.baseUrl,
      {
        firstName: 'Kim',
        lastName: 'Kill',
        email: uniqueEmail('merge-crash'),
        password: 'correct-horse-battery',
        businessName: 'Crash Co',
        plan: 'enterprise',
      },
      await fileDatabaseUrl(),
    );
    const me = await call(first.baseUrl, cookie, 'GET', '/api/auth/user');
    const workspaceId = me.json.workspace.id as number;
    const a = await call(first.baseUrl, cookie, 'POST', '/api/contacts', {
      firstName: 'Kay',
      email: 'kay@crash.example',
    });
    const b = await call(first.baseUrl, cookie, 'POST', '/api/contacts', {
      firstName: 'Kaye',
      email: 'kaye@crash.example',
    });
    for (let i = 0; i < 5; i += 1)
      await call(first.baseUrl, cookie, 'POST', `/api/contacts/${b.json.id}/notes`, { body: `Note ${i}` });
    const task = await call(first.baseUrl, cookie, 'POST', '/api/tasks', {
      title: 'Call Kaye',
      contactId: b.json.id,
    });
    expect(task.status).toBe(201);
    const before = await hash(workspaceId);

    // Hold the task's row: the merge moves the timeline first, then waits here, inside its transaction.
    const holder = new pg.Client({ connectionString: await fileDatabaseUrl() });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select id from tasks where id = $1 for update', [task.json.id]);
    const merging = call(first.baseUrl, cookie, 'POST', '/api/contacts/merge', {
      contactIds: [a.json.id, b.json.id],
    }).catch(() => null);
    await expect
      .poll(
        async () =>
          (
            await servers.db().query(
              `select count(*)::int as n from pg_stat_activity
               where wait_event_type = 'Lock' and query like '%update "tasks" set "contact_id"%' and pid <> pg_backend_pid()`,
            )
          ).rows[0].n,
        { timeout: 30_000, interval: 100 },
      )
      .toBe(1);
    first.child.kill('SIGKILL');
    expect(await merging).toBeNull();
    await holder.query('rollback');
    await holder.end();
    // The killed server's backend finds its client gone once the lock is free, and its transaction rolls back.
    await expect
      .poll(
        async () =>
          (
            await servers
              .db()
              .query(
                `select count(*)::int as n from pg_stat_activity where query like '%update "tasks" set "contact_id"%' and pid <> pg_backend_pid()`,
              )
          ).rows[0].n,
        { timeout: 30_000, interval: 100 },
      )
      .toBe(0);
    expect(await hash(workspaceId)).toBe(before);

    // Started again, the same merge applies once: one history line, one event, the task moved.
    const second = await start();
    const merged = await call(second.baseUrl, cookie, 'POST', '/api/contacts/merge', {
      contactIds: [a.json.id, b.json.id],
    });
    expect(merged.status).toBe(200);
    const again = await call(second.baseUrl, cookie, 'POST', '/api/contacts/merge', {
      contactIds: [a.json.id, b.json.id],
    });
    expect(again.status).toBe(400);
    const { rows } = await servers.db().query(
      `select (select count(*)::int from contact_merges where workspace_id = $1) as merges,
         (select count(*)::int from ops_events where workspace_id = $1 and event_type = 'contact.merged') as events,
         (select contact_id from tasks where id = $2) as task_contact`,
      [workspaceId, task.json.id],
    );
    expect(rows[0]).toEqual({ merges: 1, events: 1, task_contact: a.json.id });
  }, 120_000);
});
