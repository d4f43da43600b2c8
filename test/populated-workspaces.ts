import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Config } from '../src/server/config.js';
import { createDatabase } from '../src/server/db/database.js';
import { asAppRole } from '../src/server/db/urls.js';
import { seedDemoWorkspace } from '../src/server/seed/demo-workspace.js';
import { addEcosystemOpsRows } from './populated-ops.js';

/**
 * A database as an installation has it: the demo workspace through the app's own seed, plus a workspace of
 * `contacts` contacts loaded by COPY, and in both workspaces reports, dashboards with tiles, homes, schedules,
 * recipients and sends, a crawl with its URLs and links, an import with its chunks and row errors, a backup
 * with a restore, a link-fix deployment, tasks with comments, a segment of every contact and geofence alerts (rows of every re-keyed table, which the demo seed mostly lacks). Used by the composite-key migration test (a few thousand
 * contacts) and bench/composite-migration.ts (100,000).
 */
export async function populateWorkspaces(
  ownerUrl: string,
  config: Config,
  options: { contacts: number },
): Promise<{ workspaceIds: number[] }> {
  const owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
  const database = createDatabase(asAppRole(ownerUrl, config.APP_DB_PASSWORD), { max: 2 });
  try {
    await withLaterStoreFunctions(owner, () => seedDemoWorkspace({ config, database }));
  } finally {
    await database.close();
  }
  try {
    const { rows: users } = await owner.query<{ id: number; workspace_id: number }>(
      `select u.id::int, m.workspace_id::int from users u join memberships m on m.user_id = u.id order by u.id limit 1`,
    );
    const { id: userId, workspace_id: demoId } = users[0];
    const {
      rows: [big],
    } = await owner.query<{ id: number }>(
      `insert into workspaces (name) values ('Many Contacts Ltd') returning id::int`,
    );
    await owner.query(`insert into memberships (workspace_id, user_id, role) values ($1, $2, 'owner')`, [
      big.id,
      userId,
    ]);
    await copyContacts(owner, big.id, options.contacts);
    for (const workspaceId of [demoId, big.id]) {
      await addReportingRows(owner, workspaceId, userId);
      await addRowsOfRekeyedAreas(owner, workspaceId);
      await addEcosystemOpsRows(owner, workspaceId);
    }
    return { workspaceIds: [demoId, big.id] };
  } finally {
    await owner.end();
  }
}

async function copyContacts(owner: pg.Client, workspaceId: number, count: number): Promise<void> {
  const stream = owner.query(
    copyFrom(
      'copy contacts (workspace_id, first_name, last_name, email, phone, status, value_cents) from stdin',
    ),
  );
  const done = new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
  const chunk: string[] = [];
  for (let i = 0; i < count; i++) {
    chunk.push(
      `${workspaceId}\tFirst${i}\tLast${i}\tcontact${i}@many.example\t+1555${String(i).padStart(7, '0')}\t${['lead', 'customer'][i % 2]}\t${i * 100}\n`,
    );
    if (chunk.length === 10_000) stream.write(chunk.splice(0).join(''));
  }
  stream.end(chunk.join(''));
  await done;
}

/** Five reports and two dashboards a workspace, each dashboard tiled with the reports, and a schedule per report. */
async function addReportingRows(owner: pg.Client, workspaceId: number, userId: number): Promise<void> {
  await owner.query(
    `with r as (
       insert into reports (workspace_id, name, definition, created_by)
       select $1, 'Report ' || n, jsonb_build_object('source', 'contacts', 'n', n), $2 from generate_series(1, 5) n
       returning id),
     d as (
       insert into dashboards (workspace_id, name, created_by)
       select $1, 'Dashboard ' || n, $2 from generate_series(1, 2) n returning id),
     t as (
       insert into dashboard_tiles (workspace_id, dashboard_id, report_id, x, y, w, h)
       select $1, d.id, r.id, 0, row_number() over (), 12, 1 from d cross join r returning 1),
     h as (insert into dashboard_homes (workspace_id, user_id, dashboard_id) select $1, $2, min(id) from d)
     insert into report_schedules (workspace_id, report_id, frequency, time_of_day, created_by)
     select $1, r.id, 'daily', '08:00', $2 from r`,
    [workspaceId, userId],
  );
  await owner.query(
    `insert into report_schedule_recipients (workspace_id, schedule_id, email, time_zone, next_run_at)
     select $1, s.id, 'reader' || s.id || '@example.test', 'UTC', now() + interval '1 day'
     from report_schedules s where s.workspace_id = $1`,
    [workspaceId],
  );
  await owner.query(
    `insert into report_sends (workspace_id, recipient_id, period, status)
     select $1, r.id, '2026-11-2' || n, 'sent' from report_schedule_recipients r cross join generate_series(1, 3) n
     where r.workspace_id = $1`,
    [workspaceId],
  );
}

async function addRowsOfRekeyedAreas(owner: pg.Client, workspaceId: number): Promise<void> {
  const {
    rows: [site],
  } = await owner.query<{ id: number }>(
    `insert into websites (workspace_id, name, domain) values ($1, 'Seeded site', 'seeded.example') returning id`,
    [workspaceId],
  );
  const {
    rows: [crawl],
  } = await owner.query<{ id: number }>(
    `insert into site_crawls (workspace_id, website_id, kind, trigger, status, start_url, page_budget, max_depth)
     values ($1, $2, 'full', 'manual', 'done', 'https://seeded.example/', 100, 3) returning id::int`,
    [workspaceId, site.id],
  );
  await owner.query(
    `insert into site_urls (workspace_id, crawl_id, url, internal, depth, state)
     select $1, $2, 'https://seeded.example/p' || n, true, 1, 'done' from generate_series(1, 20) n;
     insert into site_links (workspace_id, crawl_id, source_url, target_url, anchor_text)
     select $1, $2, 'https://seeded.example/', 'https://seeded.example/p' || n, 'Page ' || n from generate_series(1, 20) n`
      .replaceAll('$1', String(workspaceId))
      .replaceAll('$2', String(crawl.id)),
  );
  const {
    rows: [job],
  } = await owner.query<{ id: number }>(
    `insert into import_jobs (workspace_id, filename, status) values ($1, 'seeded.csv', 'completed') returning id::int`,
    [workspaceId],
  );
  await owner.query(
    `insert into import_file_chunks (workspace_id, job_id, seq, data) select $1, $2, n, 'chunk'::bytea from generate_series(0, 2) n`,
    [workspaceId, job.id],
  );
  await owner.query(
    `insert into import_row_errors (workspace_id, job_id, row_number, line_number, reason, fields)
     select $1, $2, n, n + 1, 'Invalid email', array['x'] from generate_series(1, 5) n`,
    [workspaceId, job.id],
  );
  const {
    rows: [backup],
  } = await owner.query<{ id: number }>(
    `insert into backups (workspace_id, trigger, status) values ($1, 'manual', 'completed') returning id::int`,
    [workspaceId],
  );
  await owner.query(
    `insert into backup_restores (workspace_id, backup_id, status) values ($1, $2, 'completed')`,
    [workspaceId, backup.id],
  );
  await owner.query(
    `insert into link_fix_deployments (workspace_id, website_id, domain, server_type, fixes, snippet)
     values ($1, $2, 'seeded.example', 'nginx', '[]', '# none')`,
    [workspaceId, site.id],
  );
  await owner.query(
    `with t as (insert into tasks (workspace_id, title) select $1, 'Seeded task ' || n from generate_series(1, 3) n returning id)
     insert into task_comments (workspace_id, task_id, body) select $1, id, 'A comment' from t`,
    [workspaceId],
  );
  // A company with a deal of the workspace's first contact, a timeline entry each, a finished duplicate scan
  // with a suggestion of the first two contacts, and a merge into the third.
  await owner.query(
    `with c as (select array_agg(id order by id) as ids from (
         select id from contacts where workspace_id = $1 order by id limit 3) x),
       co as (insert into companies (workspace_id, name) values ($1, 'Seeded company ' || $1) returning id),
       d as (insert into deals (workspace_id, name, contact_id, company_id)
         select $1, 'Seeded deal', c.ids[1], co.id from c, co returning id),
       dt as (insert into deal_timeline (workspace_id, deal_id, kind, title) select $1, id, 'created', 'Created' from d),
       ct as (insert into contact_timeline (workspace_id, contact_id, kind, title)
         select $1, c.ids[1], 'note', 'A note' from c),
       s as (insert into duplicate_scans (workspace_id, status, progress, found, finished_at)
         values ($1, 'done', 100, 1, now()) returning id),
       ds as (insert into duplicate_suggestions (workspace_id, contact_a, contact_b, score, reasons, scan_id)
         select $1, c.ids[1], c.ids[2], 0.9, '[]', s.id from c, s)
     insert into contact_merges (workspace_id, survivor_id, merged_ids, merged_names, expires_at)
     select $1, c.ids[3], array[c.ids[3] + 1000000000], array['Gone'], now() + interval '30 days' from c`,
    [workspaceId],
  );
  // Every contact a member of one segment: the biggest table the segments' re-keying (1415) rebuilds.
  await owner.query(
    `with s as (insert into segments (workspace_id, name, definition, depends_on, status)
       values ($1, 'Seeded segment', '{"match": "all", "conditions": []}', '{contact}', 'ready') returning id),
     m as (insert into segment_members (workspace_id, segment_id, contact_id)
       select $1, s.id, c.id from s, contacts c where c.workspace_id = $1 returning segment_id, contact_id)
     insert into segment_history (workspace_id, segment_id, contact_id, change) select $1, segment_id, contact_id, 'entered' from m`,
    [workspaceId],
  );
  await owner.query(
    `insert into geofence_alerts (workspace_id, user_id, contact_id, distance_miles, message)
     select $1, m.user_id, c.id, 0.5, 'Seeded alert' from memberships m
     cross join lateral (select id from contacts where workspace_id = $1 order by id limit 2) c
     where m.workspace_id = $1`,
    [workspaceId],
  );
}

/** Each table's row count and a hash of all its rows (ids included), read as the owner: equal before and after a migration. */
export async function tableHashes(owner: pg.Client): Promise<Record<string, string>> {
  const { rows: tables } = await owner.query<{ name: string }>(
    `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p')
       and not relispartition and relname <> 'schema_migrations' order by 1`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await owner.query(
      `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${name}" t`,
    );
    result[name] = `${rows[0].n}:${rows[0].h}`;
  }
  return result;
}

/**
 * Today's stores seed a schema the migrations under test have not reached yet. The functions they call that
 * later migrations add are stood in for there by ones that do nothing, because the older schema does their
 * work itself: its tokens are unique in their own tables (1439 fills the directory from them) and a trigger
 * copies the platform plan to the workspace (until 1443). Removed again before migrating.
 */
async function withLaterStoreFunctions(owner: pg.Client, seed: () => Promise<unknown>): Promise<void> {
  const standIns = [
    ['app_public_tokens_claim(text, text[], text)', 'integer', 'return 0;'],
    ['app_public_tokens_release(text, text[])', 'void', ''],
    ['app_copy_platform_subscription()', 'void', ''],
  ] as const;
  const { rows } = await owner.query(`select to_regprocedure($1) is null as missing`, [standIns[0][0]]);
  if (!rows[0].missing) {
    await seed();
    return;
  }
  for (const [signature, returns, body] of standIns)
    await owner.query(
      `create function ${signature} returns ${returns} language plpgsql as $$ begin ${body} end $$`,
    );
  try {
    await seed();
  } finally {
    for (const [signature] of standIns) await owner.query(`drop function ${signature}`);
  }
}
