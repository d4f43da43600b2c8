import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  beforeCommit,
  holdWrite,
  holdWritesUntilCommit,
  notifyAtCommit,
  queryNamed,
  type Tx,
} from '../src/server/db/database.js';
import { isPublicApiRoute } from '../src/server/http/public-routes.js';
import { seedDemoData } from '../src/server/seed/demo-data.js';
import { apiRoutes, fillParams } from './route-table.js';
import { type ApiClient, apiKeyClient, type SignedUp, signUpOwner, useTestApp } from './test-app.js';

let owner: pg.Client;
let a: SignedUp; // the target: a workspace full of demo data
let b: SignedUp; // the intruder: an owner of another, empty workspace
let tenantTables: string[];

async function snapshot(workspaceId: number): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of [...tenantTables, 'workspaces']) {
    const column = table === 'workspaces' ? 'id' : 'workspace_id';
    const { rows } = await owner.query(
      `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${table}" t where ${column} = $1`,
      [workspaceId],
    );
    result[table] = `${rows[0].n}:${rows[0].h}`;
  }
  return result;
}

// Every route times every id of A goes through B's key: far past the per-key limit, which is not under test here.
const t = useTestApp({ env: { API_KEY_RATE_LIMIT_PER_MINUTE: '1000000' } });
beforeAll(async () => {
  owner = new pg.Client({ connectionString: t.ownerUrl });
  await owner.connect();
  const { rows } = await owner.query(`
    select c.relname from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    join pg_attribute att on att.attrelid = c.oid and att.attname = 'workspace_id' and not att.attisdropped
    where c.relkind = 'r' order by 1`);
  tenantTables = rows.map((r) => r.relname);
  a = await signUpOwner(t.app, { businessName: 'Isolation Target Works' });
  b = await signUpOwner(t.app, { businessName: 'Intruder Ltd' });
  await t.database.withWorkspace(a.workspaceId, (tx) =>
    seedDemoData(tx, { workspaceId: a.workspaceId, ownerId: a.userId, config: t.config, signIn: true }),
  );
  await apiKeyClient(t.app, a, 'admin', 'Isolation Target key');
});
afterAll(async () => {
  await owner.end();
});

describe('row-level security on the runtime connection', () => {
  it('covers every table that has a workspace_id, with forced RLS', async () => {
    const { rows } = await owner.query(
      `select relname from pg_class where relname = any($1) and not (relrowsecurity and relforcerowsecurity)`,
      [tenantTables],
    );
    expect(tenantTables).toEqual(
      expect.arrayContaining(['activities', 'invites', 'memberships', 'websites']),
    );
    expect(rows).toEqual([]);
  });

  it('lets an unfiltered query see only its own workspace rows, and none without a workspace', async () => {
    for (const table of tenantTables) {
      const { rows } = await owner.query(
        `select count(*)::int as n from "${table}" where workspace_id = $1`,
        [a.workspaceId],
      );
      const visible = await t.database.withWorkspace(a.workspaceId, (tx) =>
        tx.execute<{ n: number }>(sql.raw(`select count(*)::int as n from "${table}"`)),
      );
      expect(`${table}: ${visible.rows[0].n}`).toBe(`${table}: ${rows[0].n}`);
      const outside = await t.database.db.execute<{ n: number }>(
        sql.raw(`select count(*)::int as n from "${table}"`),
      );
      expect(`${table}: ${outside.rows[0].n}`).toBe(`${table}: 0`);
    }
    const seen = await t.database.withWorkspace(b.workspaceId, (tx) =>
      tx.execute<{ n: number }>(sql`select count(*)::int as n from workspaces`),
    );
    expect(seen.rows[0].n).toBe(1);
  });

  it('scopes every view to the current workspace as well (views run with their owner rights)', async () => {
    const { rows: views } = await owner.query(`
      select c.relname, pg_get_viewdef(c.oid) as def,
        coalesce(array_to_string(c.reloptions, ','), '') like '%security_invoker=true%' as invoker
      from pg_class c join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      where c.relkind in ('v', 'm')`);
    for (const view of views) {
      expect(`${view.relname}: ${view.invoker || view.def.includes('app_current_workspace()')}`).toBe(
        `${view.relname}: true`,
      );
      const { rows: cols } = await owner.query(
        `select 1 from information_schema.columns where table_name = $1 and column_name = 'workspace_id'`,
        [view.relname],
      );
      if (!cols.length) continue;
      const visible = await t.database.withWorkspace(a.workspaceId, (tx) =>
        tx.execute<{ n: number; other: number }>(
          sql.raw(
            `select count(*)::int as n, count(*) filter (where workspace_id <> ${a.workspaceId})::int as other from "${view.relname}"`,
          ),
        ),
      );
      expect(`${view.relname}: ${visible.rows[0].other}`).toBe(`${view.relname}: 0`);
      const outside = await t.database.db.execute<{ n: number }>(
        sql.raw(`select count(*)::int as n from "${view.relname}"`),
      );
      expect(`${view.relname}: ${outside.rows[0].n}`).toBe(`${view.relname}: 0`);
    }
  });

  it("keeps named statements, planned once per connection and then generically, to each request's workspace", async () => {
    // Sequential requests reuse the pool's last idle connection, so one connection runs the session look-up,
    // the activity feed and the deals board for both workspaces well past the five executions after which
    // PostgreSQL may switch to a generic plan: a plan that had folded in a workspace would show it to the other.
    const read = async (who: SignedUp) => ({
      feed: (await who.client.get('/api/activities')).json(),
      board: (await who.client.get('/api/deals/board')).json(),
    });
    const first = { a: await read(a), b: await read(b) };
    expect(first.a.feed).not.toEqual(first.b.feed);
    expect(first.a.board).not.toEqual(first.b.board);
    for (let i = 0; i < 12; i++) {
      expect(await read(a)).toEqual(first.a);
      expect(await read(b)).toEqual(first.b);
    }
  });

  it("runs a named statement sent with its transaction's opening in that workspace, and rolls it back with it", async () => {
    // Sequential transactions reuse the pool's last idle connection: from its second run on, each named
    // statement goes out in one simple query with BEGIN and set_config, its values as literals.
    const count = (workspaceId: number, plus: number) =>
      t.database.withWorkspace(workspaceId, async (tx) => {
        const { rows } = await queryNamed<{ n: number; w: number; plus: number }>(
          tx,
          'test-opening',
          'select count(*)::int as n, app_current_workspace()::int as w, $1::int + 1 as plus from websites',
          [plus],
        );
        return rows[0];
      });
    const websitesOf = async (workspaceId: number) =>
      (await owner.query('select count(*)::int as n from websites where workspace_id = $1', [workspaceId]))
        .rows[0].n;
    const expected = { a: await websitesOf(a.workspaceId), b: await websitesOf(b.workspaceId) };
    expect(expected.a).not.toBe(expected.b);
    for (let i = 0; i < 8; i++) {
      expect(await count(a.workspaceId, i)).toEqual({ n: expected.a, w: a.workspaceId, plus: i + 1 });
      expect(await count(b.workspaceId, -i)).toEqual({ n: expected.b, w: b.workspaceId, plus: 1 - i });
    }
    for (let i = 0; i < 3; i++)
      await expect(
        t.database.withWorkspace(b.workspaceId, async (tx) => {
          await queryNamed(tx, 'test-opening', 'insert into websites (name, domain) values ($1, $2)', [
            'opening',
            "o'pening.example",
          ]);
          throw new Error('after the insert');
        }),
      ).rejects.toThrow('after the insert');
    await expect(
      t.database.withWorkspace(b.workspaceId, (tx) =>
        queryNamed(tx, 'test-opening', 'select 1 / $1::int as n', [0]),
      ),
    ).rejects.toThrow(/division by zero/);
    expect(await owner.query(`select 1 from websites where domain = 'o''pening.example'`)).toMatchObject({
      rowCount: 0,
    });
    expect(await count(a.workspaceId, 1)).toEqual({ n: expected.a, w: a.workspaceId, plus: 2 });
  });

  it('replaces a pooled connection that prepared more than 200 statements, at its transaction’s end', async () => {
    const backend = () =>
      t.database.withWorkspace(a.workspaceId, async (tx) => {
        const { rows } = await queryNamed<{ pid: number }>(
          tx,
          'test-pid',
          'select pg_backend_pid() as pid',
          [],
        );
        return rows[0].pid;
      });
    // Sequential transactions reuse the pool's last idle connection.
    const before = await backend();
    expect(await backend()).toBe(before);
    await t.database.withWorkspace(a.workspaceId, async (tx) => {
      for (let i = 0; i < 201; i++) await queryNamed(tx, 'test-many', `select ${i} + $1::int as n`, [i]);
    });
    expect(await backend()).not.toBe(before);
  });

  it('sends a NOTIFY queued for the commit only when the transaction commits', async () => {
    const listener = new pg.Client({ connectionString: t.ownerUrl });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    await listener.query('listen test_at_commit');
    try {
      await t.database.withWorkspace(a.workspaceId, async (tx) => {
        await queryNamed(tx, 'test-pid', 'select pg_backend_pid() as pid', []);
        expect(notifyAtCommit(tx, 'test_at_commit', "committed 'one'")).toBe(true);
      });
      await expect(
        t.database.withWorkspace(a.workspaceId, async (tx) => {
          await queryNamed(tx, 'test-pid', 'select pg_backend_pid() as pid', []);
          notifyAtCommit(tx, 'test_at_commit', 'rolled back');
          throw new Error('after the notice');
        }),
      ).rejects.toThrow('after the notice');
      await t.database.withWorkspace(a.workspaceId, async (tx) => {
        await queryNamed(tx, 'test-pid', 'select pg_backend_pid() as pid', []);
        notifyAtCommit(tx, 'test_at_commit', 'committed two');
      });
      await expect.poll(() => heard).toEqual(["committed 'one'", 'committed two']);
    } finally {
      await listener.end();
    }
  });

  it('runs work queued for the commit inside the transaction, after its function, and never after a failure', async () => {
    const tagged = async (name: string) =>
      (
        await owner.query('select count(*)::int as n from websites where workspace_id = $1 and name = $2', [
          a.workspaceId,
          name,
        ])
      ).rows[0].n;
    const order: string[] = [];
    await t.database.withWorkspace(a.workspaceId, async (tx) => {
      expect(
        beforeCommit(tx, async () => {
          order.push('work');
          // Inside the transaction: in the workspace, and seeing the function's own write.
          const { rows } = await tx.execute<{ n: number }>(
            sql`select count(*)::int as n from websites where name = 'before-commit seen'`,
          );
          expect(rows[0].n).toBe(1);
          await tx.execute(
            sql`insert into websites (name, domain) values ('before-commit work', 'bc1.example')`,
          );
        }),
      ).toBe(true);
      await tx.execute(sql`insert into websites (name, domain) values ('before-commit seen', 'bc0.example')`);
      order.push('function');
    });
    expect(order).toEqual(['function', 'work']);
    expect(await tagged('before-commit work')).toBe(1);
    // A failing function: the work never runs. Failing work: the function's writes roll back with it.
    await expect(
      t.database.withWorkspace(a.workspaceId, async (tx) => {
        beforeCommit(tx, () =>
          tx.execute(sql`insert into websites (name, domain) values ('bc-never', 'bc2.example')`),
        );
        throw new Error('before the commit');
      }),
    ).rejects.toThrow('before the commit');
    await expect(
      t.database.withWorkspace(a.workspaceId, async (tx) => {
        await tx.execute(sql`insert into websites (name, domain) values ('bc-rolled-back', 'bc3.example')`);
        beforeCommit(tx, async () => {
          throw new Error('in the work');
        });
      }),
    ).rejects.toThrow('in the work');
    expect(await tagged('bc-never')).toBe(0);
    expect(await tagged('bc-rolled-back')).toBe(0);
    expect(await t.database.withPlatform(async (tx) => beforeCommit(tx, async () => {}))).toBe(false);
  });

  it('holds a transaction’s lines for one write per writer at its commit, in order, once it is told to', async () => {
    const writes: string[][] = [];
    const write = async (tx: Tx, names: string[]) => {
      writes.push([...names]);
      for (const [i, name] of names.entries())
        await tx.execute(
          sql`insert into websites (name, domain) values (${name}, ${`hold${i}-${name}.example`})`,
        );
    };
    await t.database.withWorkspace(a.workspaceId, async (tx) => {
      expect(holdWrite(tx, write, 'not-held')).toBe(false);
      holdWritesUntilCommit(tx);
      expect(holdWrite(tx, write, 'held-one')).toBe(true);
      expect(holdWrite(tx, write, 'held-two')).toBe(true);
      // A row held by other work at the commit, after its writer's rows went: written too, by a write of its own.
      beforeCommit(tx, async () => {
        expect(holdWrite(tx, write, 'held-late')).toBe(true);
      });
      // Not written yet: the lines wait for the commit.
      const { rows } = await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from websites where name like 'held-%'`,
      );
      expect(rows[0].n).toBe(0);
    });
    expect(writes).toEqual([['held-one', 'held-two'], ['held-late']]);
    const { rows } = await owner.query(
      `select name from websites where workspace_id = $1 and name like 'held-%' order by id`,
      [a.workspaceId],
    );
    expect(rows.map((r) => r.name)).toEqual(['held-one', 'held-two', 'held-late']);
    await expect(
      t.database.withWorkspace(a.workspaceId, async (tx) => {
        holdWritesUntilCommit(tx);
        holdWrite(tx, write, 'held-lost');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(writes).toHaveLength(2);
  });

  it('refuses to write a row into another workspace', async () => {
    await expect(
      t.database.withWorkspace(b.workspaceId, (tx) =>
        tx.execute(
          sql`insert into websites (workspace_id, name, domain) values (${a.workspaceId}, 'x', 'x.example')`,
        ),
      ),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/row-level security/) } });
    await expect(
      t.database.withWorkspace(b.workspaceId, (tx) => tx.execute(sql`update websites set name = 'taken'`)),
    ).resolves.toBeDefined();
    const { rows } = await owner.query(`select count(*)::int as n from websites where name = 'taken'`);
    expect(rows[0].n).toBe(0);
  });

  it('cannot be bypassed by the runtime role', async () => {
    const { rows } = await owner.query(
      `select rolbypassrls, rolsuper from pg_roles where rolname = 'hub_app'`,
    );
    expect(rows[0]).toEqual({ rolbypassrls: false, rolsuper: false });
  });
});

// Every route times every id of A: a sweep that grows with the API. On two busy cores, with the browser suite
// running beside this one, a pass took about a minute, the API project's default limit.
describe('every API route, called by another workspace', { timeout: 180_000 }, () => {
  it.each([
    ['its owner’s session', async () => b.client],
    // Made fresh: the session pass may have revoked an earlier key of B's while trying A's ids.
    ['an admin API key of its own', async () => (await apiKeyClient(t.app, b, 'admin')).client],
  ])('never reveals or changes the other workspace, through %s', async (_how, makeIntruder) => {
    const intruder: ApiClient = await makeIntruder();
    const before = await snapshot(a.workspaceId);
    expect(Object.values(before).some((v) => !v.startsWith('0:'))).toBe(true);

    // Everything that identifies workspace A: ids of its rows, and its distinctive strings.
    const ids = new Set<number>([a.workspaceId, a.userId]);
    const markers = new Set<string>(['Isolation Target Works', a.email]);
    for (const table of tenantTables) {
      const { rows } = await owner.query(`select * from "${table}" where workspace_id = $1 limit 5`, [
        a.workspaceId,
      ]);
      for (const row of rows) {
        for (const [key, value] of Object.entries(row)) {
          if ((key === 'id' || key.endsWith('_id')) && typeof value === 'number' && key !== 'workspace_id')
            ids.add(value);
          if (typeof value === 'string' && /@|\.example|\.com/.test(value) && value.length > 6)
            markers.add(value);
        }
      }
    }
    const skip = new Set(['/api/logout', '/api/auth/switch-workspace']);
    const leaks: string[] = [];
    const statuses = new Set<number>();
    for (const route of apiRoutes(t.app)) {
      if (skip.has(route.url) || isPublicApiRoute(route.method, route.url)) continue;
      const targets = route.url.includes(':') ? [...ids] : [0];
      for (const id of targets) {
        const url = fillParams(route.url, id);
        const res = await intruder.request(
          route.method,
          url,
          route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        );
        statuses.add(res.statusCode);
        for (const marker of markers) {
          if (res.body.includes(marker)) leaks.push(`${route.method} ${url} revealed ${marker}`);
        }
      }
    }
    expect(leaks).toEqual([]);
    // The intruder was let in (its own workspace answered), so the absence of leaks means something.
    expect(statuses.has(200) && !statuses.has(401)).toBe(true);
    expect(await snapshot(a.workspaceId)).toEqual(before);
  });
});
