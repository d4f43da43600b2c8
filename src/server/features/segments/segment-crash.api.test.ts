import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { callOverHttp, useServerProcesses } from '../../../../test/server-process.js';
import { fileDatabaseUrl, signUpOverHttp, uniqueEmail } from '../../../../test/test-app.js';

// The server as its own process on the run's database, killed with SIGKILL while segment updates are under way.
const servers = useServerProcesses();
const start = servers.start;
const call = callOverHttp;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The evaluations' advisory lock space (store.ts): holding a contact's key stops its evaluation mid-transaction. */
const contactLockSpace = 32_401;
const tag = 'vip';
const contactCount = 40;

describe('a segment update killed with SIGKILL', () => {
  it('loses no change and applies none twice: membership and entered/left history exactly right', async () => {
    const first = await start();
    const cookie = await signUpOverHttp(
      first.baseUrl,
      {
        firstName: 'Sig',
        lastName: 'Kill',
        email: uniqueEmail('segment-crash'),
        password: 'correct-horse-battery',
        businessName: 'Segment Crash Co',
        plan: 'enterprise',
      },
      await fileDatabaseUrl(),
    );
    const me = await call(first.baseUrl, cookie, 'GET', '/api/auth/user');
    const workspaceId = me.json.workspace.id as number;
    // Every other contact starts in the segment; each then gets one change that moves it in or out.
    const ids: number[] = [];
    for (let i = 0; i < contactCount; i += 1) {
      const created = await call(first.baseUrl, cookie, 'POST', '/api/contacts', {
        firstName: `Crash ${i}`,
        email: `crash-${i}@segments.example`,
        tags: i % 2 === 0 ? [tag] : [],
      });
      expect(created.status).toBe(201);
      ids.push(created.json.id);
    }
    const segment = await call(first.baseUrl, cookie, 'POST', '/api/segments', {
      name: 'VIPs',
      match: 'all',
      conditions: [{ kind: 'tag', op: 'has', tag }],
    });
    expect(segment.status).toBe(201);
    const segmentId = segment.json.id as number;
    await until(
      async () => (await call(first.baseUrl, cookie, 'GET', `/api/segments/${segmentId}`)).json,
      (s) => s.status === 'ready',
    );
    const initiallyIn = new Set(ids.filter((_, i) => i % 2 === 0));

    // The first contact's evaluation waits on this lock inside its transaction when the server dies.
    const holder = new pg.Client({ connectionString: await fileDatabaseUrl() });
    await holder.connect();
    await holder.query('select pg_advisory_lock($1, $2)', [contactLockSpace, ids[0]]);
    const flip = (index: number) =>
      call(first.baseUrl, cookie, 'PATCH', `/api/contacts/${ids[index]}`, {
        tags: initiallyIn.has(ids[index]) ? [] : [tag],
      });
    expect((await flip(0)).status).toBe(200);
    await until(
      async () =>
        (
          await servers.db().query(
            `select count(*)::int as n from pg_locks
             where locktype = 'advisory' and classid = $1 and objid = $2 and objsubid = 2 and not granted`,
            [contactLockSpace, ids[0]],
          )
        ).rows[0].n,
      (n) => n >= 1,
    );
    // The rest as a stream; the server dies once half of them have answered, the others in flight or unsent.
    let answered = 0;
    const killed = new Promise<void>((resolve) => {
      const stream = async () => {
        for (let i = 1; i < contactCount; i += 1) {
          const res = await flip(i).catch(() => null);
          if (res?.status === 200) answered += 1;
          if (answered === Math.floor(contactCount / 2)) {
            first.child.kill('SIGKILL');
            resolve();
          }
          if (!res) return;
        }
      };
      void stream();
    });
    await killed;
    await holder.query('select pg_advisory_unlock($1, $2)', [contactLockSpace, ids[0]]);
    await holder.end();

    // Started again, it finishes what the killed one left: the queued evaluations and the one cut short.
    const second = await start();
    const truth = async () => {
      const { rows } = await servers.db().query<{ id: number; tagged: boolean; member: boolean }>(
        `select c.id::int as id, coalesce($2 = any(c.tags), false) as tagged,
           exists (select 1 from segment_members m where m.segment_id = $3 and m.contact_id = c.id) as member
         from contacts c where c.workspace_id = $1 order by c.id`,
        [workspaceId, tag, segmentId],
      );
      return rows;
    };
    const pending = async () =>
      (
        await servers.db().query(
          `select count(*)::int as n from pgboss.job where name = 'segments.evaluate' and state in ('created', 'retry')
             and data->>'workspaceId' = $1`,
          [String(workspaceId)],
        )
      ).rows[0].n;
    await until(
      async () => ({ rows: await truth(), pending: await pending() }),
      (s) => s.pending === 0 && s.rows.every((r) => r.tagged === r.member),
    );
    const rows = await truth();
    expect(rows.length).toBe(contactCount);
    // The change whose evaluation was cut short and others committed; those after the kill never arrived.
    const moved = rows.filter((r) => r.tagged !== initiallyIn.has(r.id));
    expect(moved.map((r) => r.id)).toContain(ids[0]);
    expect(moved.length).toBeGreaterThan(Math.floor(contactCount / 2));
    expect(moved.length).toBeLessThan(contactCount);

    const { rows: history } = await servers.db().query<{ contact_id: number; changes: string[] }>(
      `select contact_id::int, array_agg(change order by id) as changes from segment_history
       where segment_id = $1 group by contact_id`,
      [segmentId],
    );
    const changesOf = new Map(history.map((h) => [h.contact_id, h.changes]));
    for (const row of rows) {
      const was = initiallyIn.has(row.id);
      const expected = [
        ...(was ? ['entered'] : []),
        ...(was !== row.tagged ? [row.tagged ? 'entered' : 'left'] : []),
      ];
      expect(`${row.id}: ${(changesOf.get(row.id) ?? []).join(',')}`).toBe(
        `${row.id}: ${expected.join(',')}`,
      );
    }
    const count = await call(second.baseUrl, cookie, 'GET', `/api/segments/${segmentId}`);
    expect(count.json.memberCount).toBe(rows.filter((r) => r.tagged).length);
  }, 180_000);

  it('a build killed inside its statement leaves nothing; started again, each member entered once', async () => {
    const first = await start();
    const cookie = await signUpOverHttp(
      first.baseUrl,
      {
        firstName: 'Build',
        lastName: 'Kill',
        email: uniqueEmail('segment-build-crash'),
        password: 'correct-horse-battery',
        businessName: 'Segment Build Crash Co',
        plan: 'enterprise',
      },
      await fileDatabaseUrl(),
    );
    const ids: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const created = await call(first.baseUrl, cookie, 'POST', '/api/contacts', {
        firstName: `Build ${i}`,
        email: `build-crash-${i}@segments.example`,
        tags: i % 2 === 0 ? [tag] : [],
      });
      expect(created.status).toBe(201);
      ids.push(created.json.id);
    }
    const tagged = ids.filter((_, i) => i % 2 === 0);
    // A member's row needs its contact's key share lock: holding the last one stops the build's insert
    // inside its statement, after the other members' rows were written.
    const holder = new pg.Client({ connectionString: await fileDatabaseUrl() });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select 1 from contacts where id = $1 for update', [tagged[tagged.length - 1]]);
    const segment = await call(first.baseUrl, cookie, 'POST', '/api/segments', {
      name: 'VIPs',
      match: 'all',
      conditions: [{ kind: 'tag', op: 'has', tag }],
    });
    expect(segment.status).toBe(201);
    const segmentId = segment.json.id as number;
    await until(
      async () =>
        (
          await servers.db().query(
            `select count(*)::int as n from pg_stat_activity
             where wait_event_type = 'Lock' and query like '%insert into segment_members%'`,
          )
        ).rows[0].n,
      (n) => n >= 1,
    );
    first.child.kill('SIGKILL');
    await holder.query('rollback');
    await holder.end();

    const second = await start();
    const done = await until(
      async () => (await call(second.baseUrl, cookie, 'GET', `/api/segments/${segmentId}`)).json,
      (s) => s.status === 'ready',
    );
    expect(done.memberCount).toBe(tagged.length);
    const { rows } = await servers.db().query<{ contact_id: number; changes: string[] }>(
      `select contact_id::int, array_agg(change order by id) as changes from segment_history
       where segment_id = $1 group by contact_id order by contact_id`,
      [segmentId],
    );
    expect(rows.map((r) => [r.contact_id, r.changes])).toEqual(tagged.map((id) => [id, ['entered']]));
    const { rows: members } = await servers
      .db()
      .query<{ id: number }>(
        'select contact_id::int as id from segment_members where segment_id = $1 order by contact_id',
        [segmentId],
      );
    expect(members.map((m) => m.id)).toEqual(tagged);
  }, 180_000);
});
