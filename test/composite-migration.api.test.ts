import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../src/server/config.js';
import { checkCatalogue } from '../src/server/db/catalogue-check.js';
import { ensureDatabase, runMigrations } from '../src/server/db/migrate.js';
import { withDatabase } from '../src/server/db/urls.js';
import { testAppPassword } from './global-setup.js';
import { seedAutomationTables } from './populated-automation.js';
import { populateWorkspaces, tableHashes } from './populated-workspaces.js';
import { directoryDifference } from './public-token-directory.js';

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
  'companies',
  'contacts',
  'deals',
  'contact_timeline',
  'contact_engagement',
  'contact_merges',
  'deal_timeline',
  'duplicate_scans',
  'duplicate_suggestions',
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
  'segments',
  'segment_members',
  'segment_history',
  'segment_counts',
  'content_items',
  'products',
  'activities',
  'geofence_alerts',
  'api_keys',
  'invites',
  'phone_sync_tokens',
  'phone_sync_records',
  'payments',
  'subscriptions',
  'workflows',
  'workflow_versions',
  'workflow_runs',
  'workflow_run_steps',
  'campaigns',
  'marketing_messages',
  'email_accounts',
  'email_mailbox_cursors',
  'email_processing_jobs',
  'email_conversations',
  'forms',
  'form_ab_tests',
  'form_ab_views',
  'form_daily_stats',
  'form_submissions',
];

/**
 * Rows the populated workspaces do not make, so that 1441's re-keyed tables and 1439's directory backfill
 * migrate something: an API key, an invite, a phone sync token with a record, a payment and a membership each.
 */
async function seedTokenTables(client: pg.Client, workspaces: number[]) {
  for (const ws of workspaces) {
    await client.query(
      `insert into api_keys (workspace_id, name, prefix, secret_hash, role) values ($1, 'k', 'hub_pre' || $1, 'x', 'admin');
       insert into invites (workspace_id, email, role, token_hash, expires_at)
         values ($1, 'i' || $1 || '@example.com', 'member', 'invite' || $1, now() + interval '1 day');
       with t as (insert into phone_sync_tokens (workspace_id, name, token_hash, token_hint)
         values ($1, 'p', 'sync' || $1, '…') returning id)
       insert into phone_sync_records (workspace_id, token_id, sync_type, item_count, payload)
         select $1, id, 'contacts', 0, '[]' from t;
       insert into payments (workspace_id, description, amount_cents, one_time_cents, provider)
         values ($1, 'seed', 100, 100, 'offline');
       insert into subscriptions (workspace_id, kind, plan, price_cents, status)
         values ($1, 'reoss', 'basic', 100, 'active')`.replaceAll('$1', String(ws)),
    );
  }
}

let owner: pg.Client;
let url: string;
let workspaceIds: number[];
let before: Record<string, string>;

beforeAll(async () => {
  const sharedUrl = inject('ownerDatabaseUrl');
  url = withDatabase(sharedUrl, `${new URL(sharedUrl).pathname.slice(1)}_composite_${process.pid}`);
  await ensureDatabase(url);
  await runMigrations(url, testAppPassword, { before: firstComposite });
  const config = loadConfig({ NODE_ENV: 'test', APP_DB_PASSWORD: testAppPassword, SEED_DEMO: 'false' });
  ({ workspaceIds } = await populateWorkspaces(url, config, { contacts: 3_000 }));
  owner = new pg.Client({ connectionString: url });
  await owner.connect();
  await seedTokenTables(owner, workspaceIds);
  await seedAutomationTables(owner, workspaceIds);
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
    // The directory is new (1439): the next test checks its rows.
    const { public_tokens: _directory, ...after } = await tableHashes(owner);
    expect(after).toEqual(before);
  });

  it('fill the public tokens directory with every existing token, each naming its workspace', async () => {
    const { rows: workspaces } = await owner.query<{ id: number }>('select id::int from workspaces');
    for (const { id } of workspaces) expect(await directoryDifference(url, id)).toEqual([]);
    const { rows } = await owner.query(`select count(*)::int as n from api_keys`);
    expect(rows[0].n).toBeGreaterThan(0);
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

    const { rows: contacts } = await owner.query(
      `select min(id) as id from contacts where workspace_id = $1`,
      [other],
    );
    const dealRefused = await owner
      .query(`insert into deals (workspace_id, name, contact_id) values ($1, 'Crossed', $2)`, [
        demo,
        contacts[0].id,
      ])
      .then(
        () => undefined,
        (error: { code: string; constraint: string }) => error,
      );
    expect(dealRefused?.code).toBe('23503');
    expect(dealRefused?.constraint).toBe('deals_contact_id_fkey');
  });

  it('clear a deleted contact’s optional references without clearing their workspace', async () => {
    const [, other] = workspaceIds;
    const { rows } = await owner.query(
      `with c as (select min(id) as id from contacts where workspace_id = $1),
         t as (insert into tasks (workspace_id, title, contact_id) select $1, 'Call', id from c returning id)
       select (select id from c) as contact, (select id from t) as task`,
      [other],
    );
    await owner.query(`delete from contacts where workspace_id = $1 and id = $2`, [other, rows[0].contact]);
    const { rows: tasks } = await owner.query(
      `select workspace_id::int, contact_id from tasks where workspace_id = $1 and id = $2`,
      [other, rows[0].task],
    );
    expect(tasks).toEqual([{ workspace_id: other, contact_id: null }]);
  });

  it('refuse a segment member or a content copy that points at another workspace’s segment or source', async () => {
    const [demo, other] = workspaceIds;
    await owner.query('begin');
    try {
      const {
        rows: [row],
      } = await owner.query(
        `with s as (insert into segments (workspace_id, name, definition, depends_on)
           select $2, name, definition, depends_on from segments where workspace_id = $1 limit 1 returning id),
         i as (insert into content_items (workspace_id, type, topic, title, slug, body, generator)
           values ($2, 'blog', 'Seeded', 'Seeded', 'seeded-source', 'Body', 'offline') returning id)
         select (select id from s) as segment, (select id from i) as item,
           (select min(id) from contacts where workspace_id = $1) as contact`,
        [demo, other],
      );
      const refusal = (query: string, values: unknown[]) =>
        owner
          .query('savepoint probe')
          .then(() => owner.query(query, values))
          .then(
            () => undefined,
            (error: { code: string; constraint: string }) => `${error.code} ${error.constraint}`,
          )
          .finally(() => owner.query('rollback to savepoint probe'));
      expect(
        await refusal(
          `insert into segment_members (workspace_id, segment_id, contact_id) values ($1, $2, $3)`,
          [demo, row.segment, row.contact],
        ),
      ).toBe('23503 segment_members_segment_id_fkey');
      expect(
        await refusal(
          `insert into content_items (workspace_id, type, topic, title, slug, body, generator, source_id)
           values ($1, 'blog', 'Copy', 'Copy', 'seeded-copy', 'Body', 'offline', $2)`,
          [demo, row.item],
        ),
      ).toBe('23503 content_items_source_id_fkey');
    } finally {
      await owner.query('rollback');
    }
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
        'contacts',
        'companies',
        'deals',
        'contact_timeline',
        'contact_merges',
        'duplicate_suggestions',
        'ops_monitors',
        'ops_incidents',
        'ops_endpoints',
        'ops_events',
        'ops_deliveries',
        'segments',
        'segment_history',
        'content_items',
        'products',
        'activities',
        'geofence_alerts',
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
