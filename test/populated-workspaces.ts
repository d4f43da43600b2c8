import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Config } from '../src/server/config.js';
import { createDatabase } from '../src/server/db/database.js';
import { asAppRole } from '../src/server/db/urls.js';
import { seedDemoWorkspace } from '../src/server/seed/demo-workspace.js';

/**
 * A database as an installation has it: the demo workspace through the app's own seed, plus a workspace of
 * `contacts` contacts loaded by COPY, and in both workspaces reports, dashboards with tiles, homes, schedules,
 * recipients and sends (the demo seed has none). Used by the composite-key migration test (a few thousand
 * contacts) and bench/composite-migration.ts (100,000).
 */
export async function populateWorkspaces(
  ownerUrl: string,
  config: Config,
  options: { contacts: number },
): Promise<{ workspaceIds: number[] }> {
  const database = createDatabase(asAppRole(ownerUrl, config.APP_DB_PASSWORD), { max: 2 });
  try {
    await seedDemoWorkspace({ config, database });
  } finally {
    await database.close();
  }
  const owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
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
    for (const workspaceId of [demoId, big.id]) await addReportingRows(owner, workspaceId, userId);
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
