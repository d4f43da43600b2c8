import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../src/server/config.js';
import { checkCatalogue } from '../src/server/db/catalogue-check.js';
import { ensureDatabase, runMigrations } from '../src/server/db/migrate.js';
import { withDatabase } from '../src/server/db/urls.js';
import { testAppPassword } from './global-setup.js';
import { populateWorkspaces, tableHashes } from './populated-workspaces.js';

/** The first migration that re-keys tables by workspace (issue 35); the database is populated just before it. */
const firstComposite = '1400';
const rekeyed = [
  'reports',
  'dashboards',
  'dashboard_tiles',
  'dashboard_homes',
  'report_schedules',
  'report_schedule_recipients',
  'report_sends',
  'site_crawls',
  'site_urls',
  'site_links',
  'import_jobs',
  'import_file_chunks',
  'import_row_errors',
  'backups',
  'backup_restores',
  'link_fix_deployments',
  'tasks',
  'task_comments',
  'ecosystem_apps',
  'ecosystem_endpoints',
  'ecosystem_collection_runs',
  'ecosystem_collection_results',
  'ecosystem_app_dependencies',
  'cross_sales_targets',
  'cross_sales_plan_items',
  'ops_app_state',
  'ops_monitors',
  'ops_heartbeats',
  'ops_uptime_buckets',
  'ops_incidents',
  'ops_incident_events',
  'ops_holds',
  'ops_maintenance_windows',
  'ops_endpoints',
  'ops_triggers',
  'ops_events',
  'ops_deliveries',
  'ops_delivery_attempts',
];

let owner: pg.Client;
let workspaceIds: number[];
let before: Record<string, string>;

beforeAll(async () => {
  const sharedUrl = inject('ownerDatabaseUrl');
  const url = withDatabase(sharedUrl, `${new URL(sharedUrl).pathname.slice(1)}_composite_${process.pid}`);
  await ensureDatabase(url);
  await runMigrations(url, testAppPassword, { before: firstComposite });
  const config = loadConfig({ NODE_ENV: 'test', APP_DB_PASSWORD: testAppPassword, SEED_DEMO: 'false' });
  ({ workspaceIds } = await populateWorkspaces(url, config, { contacts: 3_000 }));
  owner = new pg.Client({ connectionString: url });
  await owner.connect();
  before = await tableHashes(owner);
  const applied = await runMigrations(url, testAppPassword);
  expect(applied).toContain('1400_reports_composite_keys.sql');
});
afterAll(async () => {
  await owner?.end();
});

describe('the composite-key migrations on a populated database', () => {
  it('keep every row of every table, ids and relations included', async () => {
    const { rows } = await owner.query(`select count(*)::int as n from contacts where workspace_id = $1`, [
      workspaceIds[1],
    ]);
    expect(rows[0].n).toBe(3_000);
    for (const table of rekeyed)
      expect(`${table}: ${before[table].startsWith('0:')}`).toBe(`${table}: false`);
    expect(await tableHashes(owner)).toEqual(before);
  });

  it('leave the re-keyed tables ready to distribute', async () => {
    // A re-keyed table may still point at a table of an area not re-keyed yet (a task at its contact).
    const pointsOutside = (rule: string) => {
      const target = /^foreign key \S+ to (\w+) /.exec(rule)?.[1];
      return target !== undefined && !rekeyed.includes(target);
    };
    const violations = await checkCatalogue(owner);
    expect(violations.filter((v) => rekeyed.includes(v.table) && !pointsOutside(v.rule))).toEqual([]);
  });

  it('let the database itself refuse a row that points into another workspace', async () => {
    const [demo, other] = workspaceIds;
    const { rows } = await owner.query(
      `select (select min(id) from dashboards where workspace_id = $1) as dashboard,
              (select min(id) from reports where workspace_id = $2) as report`,
      [demo, other],
    );
    const refused = await owner
      .query(
        `insert into dashboard_tiles (workspace_id, dashboard_id, report_id, x, y, w, h) values ($1, $2, $3, 0, 99, 1, 1)`,
        [demo, rows[0].dashboard, rows[0].report],
      )
      .then(
        () => undefined,
        (error: { code: string; constraint: string }) => error,
      );
    expect(refused?.code).toBe('23503');
    expect(refused?.constraint).toBe('dashboard_tiles_report_id_fkey');
  });

  it('keep a look-up by id on an index: (workspace_id, id), as RLS adds the workspace', async () => {
    await owner.query('begin');
    try {
      // Tables this small would be read whole; the question is whether an index can answer.
      await owner.query('set local enable_seqscan = off');
      await owner.query(`analyze ${rekeyed.join(', ')}`);
      for (const table of [
        'reports',
        'dashboards',
        'report_sends',
        'site_crawls',
        'import_jobs',
        'backups',
        'link_fix_deployments',
        'ops_monitors',
        'ops_incidents',
        'ops_endpoints',
        'ops_events',
        'ops_deliveries',
      ]) {
        const { rows } = await owner.query(
          `explain (format json) select * from ${table} where workspace_id = $1 and id = $2`,
          [workspaceIds[0], 1],
        );
        const plan = rows[0]['QUERY PLAN'][0].Plan;
        expect(`${table}: ${plan['Node Type']} ${plan['Index Cond']}`).toBe(
          `${table}: Index Scan ((workspace_id = '${workspaceIds[0]}'::bigint) AND (id = '1'::bigint))`,
        );
      }
    } finally {
      await owner.query('rollback');
    }
  });

  it('keep an index for the look-ups that name an id before its workspace is known', async () => {
    await owner.query('begin');
    try {
      await owner.query('set local enable_seqscan = off');
      // An inbound webhook's address names its app alone (app_ops_inbound_app).
      const { rows } = await owner.query(
        `explain (format json) select a.workspace_id, a.name from ecosystem_apps a where a.id = $1`,
        [1],
      );
      const plan = rows[0]['QUERY PLAN'][0].Plan;
      expect(`${plan['Node Type']} ${plan['Index Name']} ${plan['Index Cond']}`).toBe(
        `Index Scan ecosystem_apps_id_idx (id = '1'::bigint)`,
      );
    } finally {
      await owner.query('rollback');
    }
  });
});
