import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coordinatorLocalTables, shardLocalTriggerFunctions } from '../src/server/db/catalogue.js';
import {
  type Catalogue,
  catalogue,
  checkCatalogue,
  type Violation,
} from '../src/server/db/catalogue-check.js';
import { distributionPlan } from '../src/server/db/distribution-plan.js';
import { testAppPassword } from './global-setup.js';
import { fileDatabaseUrl } from './test-app.js';

const describeViolation = (v: Violation) => `${v.table}: ${v.rule}`;

let ownerUrl: string;
let owner: pg.Client;
beforeAll(async () => {
  ownerUrl = await fileDatabaseUrl();
  owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
});
afterAll(async () => {
  await owner.end();
});

describe('the table catalogue', () => {
  it('classifies every table of the migrated database, and each keeps its class’s rules', async () => {
    // Every tenant key and foreign key carries workspace_id (issue 35): no table is left to migrate.
    expect((await checkCatalogue(owner)).map(describeViolation)).toEqual([]);
  });

  it('names, for the coordinator-local tables, look-up functions that exist as SECURITY DEFINER', async () => {
    const named = [...new Set(Object.values(coordinatorLocalTables).flatMap((t) => t.lookUps))];
    const { rows } = await owner.query<{ proname: string }>(
      `select distinct proname from pg_proc where prosecdef and pronamespace = 'public'::regnamespace and proname = any($1)`,
      [named],
    );
    expect(rows.map((r) => r.proname).sort()).toEqual(named.sort());
  });

  it('lists as staying inside the workspace only trigger functions that exist and that a distributed table runs', async () => {
    const { rows } = await owner.query<{ proname: string }>(
      `select distinct p.proname from pg_trigger t join pg_proc p on p.oid = t.tgfoid
       join pg_class c on c.oid = t.tgrelid
       where not t.tgisinternal and c.relnamespace = 'public'::regnamespace and c.relname = any($1)`,
      [catalogue.distributed],
    );
    expect(rows.map((r) => r.proname).sort()).toEqual(Object.keys(shardLocalTriggerFunctions).sort());
  });

  it('reports a probe table that breaks each rule', async () => {
    const probes: Catalogue = {
      distributed: [
        ...catalogue.distributed,
        'probe_parent',
        'probe_nullable',
        'probe_open',
        'probe_narrow_key',
        'probe_global_token',
        'probe_loose_child',
        'probe_crossed_child',
        'probe_good_child',
      ],
      reference: [...catalogue.reference, 'probe_reference_tenant', 'probe_reference_pointer', 'probe_gone'],
      coordinatorLocal: [...catalogue.coordinatorLocal, 'probe_local_pointer'],
      shardLocalTriggers: catalogue.shardLocalTriggers,
    };
    const tenant = (name: string, columns: string, rls = true) =>
      `create table ${name} (workspace_id bigint not null, ${columns});${rls ? ` select app_enable_tenant_rls('${name}');` : ''}`;
    await owner.query('begin');
    try {
      await owner.query(`
        ${tenant('probe_parent', 'id bigint not null, primary key (workspace_id, id)')}
        create table probe_nullable (workspace_id bigint, id bigint);
        select app_enable_tenant_rls('probe_nullable');
        ${tenant('probe_open', 'id bigint, primary key (workspace_id, id)', false)}
        ${tenant('probe_narrow_key', 'id bigint primary key')}
        ${tenant('probe_global_token', 'id bigint, token text, primary key (workspace_id, id)')}
        create unique index probe_global_token_uq on probe_global_token (token);
        ${tenant('probe_loose_child', 'id bigint, parent_id bigint references probe_narrow_key (id), primary key (workspace_id, id)')}
        ${tenant('probe_crossed_child', 'id bigint, parent_id bigint, primary key (workspace_id, id), constraint probe_crossed_fk foreign key (parent_id, workspace_id) references probe_parent (workspace_id, id)')}
        ${tenant('probe_good_child', 'id bigint, parent_id bigint, primary key (workspace_id, id), foreign key (workspace_id, parent_id) references probe_parent (workspace_id, id) on delete set null (parent_id)')}
        create table probe_reference_tenant (id bigint primary key, workspace_id bigint);
        create table probe_reference_pointer (id bigint primary key, ws bigint, parent bigint,
          constraint probe_reference_fk foreign key (ws, parent) references probe_parent (workspace_id, id));
        create table probe_local_pointer (id bigint primary key, ws bigint, parent bigint,
          constraint probe_local_fk foreign key (ws, parent) references probe_parent (workspace_id, id));
        create table probe_unlisted (id bigint primary key);
        create trigger probe_good_touch before update on probe_good_child
          for each row execute function app_touch_updated_at();
        create function probe_leave() returns trigger language plpgsql as $$
          begin update workspaces set name = name where id = 0; return null; end $$;
        create trigger probe_leaves after insert on probe_parent for each statement execute function probe_leave();
      `);
      const found = (await checkCatalogue(owner, probes))
        .filter((v) => v.table.startsWith('probe_'))
        .map(describeViolation)
        .sort();
      expect(found).toEqual(
        [
          'probe_crossed_child: foreign key probe_crossed_fk to probe_parent does not pair workspace_id on both sides',
          'probe_global_token: unique index probe_global_token_uq lacks workspace_id',
          'probe_gone: is in the catalogue but not in the database',
          'probe_local_pointer: foreign key probe_local_fk points at the distributed table probe_parent',
          'probe_loose_child: foreign key probe_loose_child_parent_id_fkey to probe_narrow_key does not pair workspace_id on both sides',
          'probe_narrow_key: primary key probe_narrow_key_pkey lacks workspace_id',
          'probe_nullable: workspace_id is nullable',
          'probe_open: row-level security is not enabled and forced',
          "probe_parent: trigger probe_leaves runs probe_leave, not known to stay inside the row's workspace (shardLocalTriggerFunctions)",
          'probe_reference_pointer: foreign key probe_reference_fk points at the distributed table probe_parent',
          'probe_reference_tenant: a reference table has workspace_id',
          'probe_unlisted: is not in the catalogue (src/server/db/catalogue.ts)',
        ].sort(),
      );
    } finally {
      await owner.query('rollback');
    }
  });
});

describe('the distribution plan', () => {
  it('names every catalogue table exactly once, referenced tables first, each foreign key inside one co-location group', async () => {
    const steps = await distributionPlan(owner);
    const placements = steps.filter((s) => s.kind !== 'drop-foreign-key');
    const named = placements.map((s) => s.table);
    expect(named.length).toBe(new Set(named).size);
    expect([...named].sort()).toEqual(
      [...catalogue.distributed, ...catalogue.reference, ...catalogue.coordinatorLocal].sort(),
    );
    const distributed = placements.filter((s) => s.kind === 'distributed');
    const position = new Map(distributed.map((s, i) => [s.table, i]));
    const groupOf = (table: string): string => {
      const colocateWith = distributed.find((s) => s.table === table)?.colocateWith;
      return colocateWith ? groupOf(colocateWith) : table;
    };
    const { rows: foreignKeys } = await owner.query<{ table: string; target: string; name: string }>(
      `select c.relname as table, f.relname as target, k.conname as name from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class f on f.oid = k.confrelid
       where k.contype = 'f' and k.conparentid = 0 and c.relnamespace = 'public'::regnamespace`,
    );
    const betweenDistributed = foreignKeys.filter((fk) => position.has(fk.table) && position.has(fk.target));
    expect(betweenDistributed.length).toBeGreaterThan(50);
    for (const fk of betweenDistributed) {
      expect(`${fk.name}: ${groupOf(fk.table)}`).toBe(`${fk.name}: ${groupOf(fk.target)}`);
      if (fk.table !== fk.target)
        expect(`${fk.name}: ${(position.get(fk.target) ?? 0) < (position.get(fk.table) ?? 0)}`).toBe(
          `${fk.name}: true`,
        );
    }
    for (const step of distributed)
      if (step.colocateWith)
        expect((position.get(step.colocateWith) ?? Infinity) < (position.get(step.table) ?? 0)).toBe(true);
    // Every foreign key from a distributed table to a coordinator-local one is dropped first: Citus keeps none.
    const toLocal = foreignKeys.filter(
      (fk) => position.has(fk.table) && catalogue.coordinatorLocal.includes(fk.target),
    );
    const dropped = steps.filter((s) => s.kind === 'drop-foreign-key').map((s) => s.sql);
    expect(dropped).toEqual(
      expect.arrayContaining(toLocal.map((fk) => `alter table "${fk.table}" drop constraint "${fk.name}";`)),
    );
    expect(dropped.length).toBe(toLocal.length);
  });

  const cli = (args: string[]) =>
    promisify(execFile)(path.resolve('node_modules/.bin/tsx'), ['src/server/cli/distribute.ts', ...args], {
      env: { ...process.env, DATABASE_URL: ownerUrl, APP_DB_PASSWORD: testAppPassword, NODE_ENV: 'test' },
    });

  it('prints the plan with --dry-run, and refuses to run it where Citus is not installed', async () => {
    const { stdout } = await cli(['--dry-run']);
    expect(stdout).not.toContain('-- not ready');
    // Before any table: Citus distributes the tables with (shard-local) triggers only when told they are safe.
    const settingAt = stdout.indexOf('set citus.enable_unsafe_triggers = on;');
    expect(settingAt).toBeGreaterThanOrEqual(0);
    expect(settingAt).toBeLessThan(stdout.indexOf('select create_'));
    const creates = stdout.split('\n').filter((line) => line.startsWith('select create_'));
    expect(creates).toContain(`select create_reference_table('analytics_salts');`);
    expect(creates).toContain(
      `select create_distributed_table('contact_timeline', 'workspace_id', colocate_with => 'contacts');`,
    );
    expect(creates.length).toBe(catalogue.distributed.length + catalogue.reference.length);
    const refused = await cli([]).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain('The citus extension is not installed in this database');
  });
});
