import type { IncidentEventKind } from '@domain/monitoring/incident-schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';

const iso = (column: SQL) => sql`to_json(${column}) #>> '{}'`;

// ---- dependencies ----

/** Each app's depth under the apps it depends on (0: depends on none), so parents settle before children. */
export async function appDepths(tx: Tx): Promise<Map<number, number>> {
  const { rows } = await tx.execute<{ appId: number; depth: number }>(sql`
    with recursive d(app_id, depth) as (
      select id, 0 from ecosystem_apps
      union all
      select dep.app_id, d.depth + 1 from ecosystem_app_dependencies dep join d on dep.depends_on_app_id = d.app_id
      where d.depth < 50
    )
    select app_id::int as "appId", max(depth)::int as depth from d group by app_id`);
  return new Map(rows.map((r) => [r.appId, r.depth]));
}

export async function dependenciesOf(tx: Tx, appId: number): Promise<number[]> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    select depends_on_app_id::int as id from ecosystem_app_dependencies where app_id = ${appId}
    order by depends_on_app_id`);
  return rows.map((r) => r.id);
}

/** The first of `candidates` from which `appId` can already be reached (adding it would close a cycle). */
export async function dependsOnAny(tx: Tx, candidates: number[], appId: number): Promise<number | null> {
  if (candidates.length === 0) return null;
  const { rows } = await tx.execute<{ id: number }>(sql`
    with recursive up(root, app_id) as (
      select c, c from unnest(${sql.param(candidates)}::bigint[]) c
      union
      select up.root, dep.depends_on_app_id from ecosystem_app_dependencies dep join up on dep.app_id = up.app_id
    )
    select root::int as id from up where app_id = ${appId} order by root limit 1`);
  return rows[0]?.id ?? null;
}

export async function replaceDependencies(tx: Tx, appId: number, dependsOn: number[]): Promise<void> {
  await tx.execute(sql`delete from ecosystem_app_dependencies where app_id = ${appId}`);
  if (dependsOn.length > 0)
    await tx.execute(sql`
      insert into ecosystem_app_dependencies (app_id, depends_on_app_id)
      select ${appId}, unnest(${sql.param(dependsOn)}::bigint[]) on conflict do nothing`);
}

export async function existingAppIds(tx: Tx, ids: number[]): Promise<Set<number>> {
  const { rows } = await tx.execute<{ id: number }>(
    sql`select id::int as id from ecosystem_apps where id = any(${sql.param(ids)}::bigint[])`,
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * The nearest app above `appId` (through its dependencies) that is down or failing: an open incident,
 * a monitor counted down, or a failed round not yet enough to count. Its incident tells the team.
 */
export async function failingAncestor(tx: Tx, appId: number): Promise<{ id: number; name: string } | null> {
  const { rows } = await tx.execute<{ id: number; name: string }>(sql`
    with recursive up(app_id, depth) as (
      select depends_on_app_id, 1 from ecosystem_app_dependencies where app_id = ${appId}
      union
      select dep.depends_on_app_id, up.depth + 1 from ecosystem_app_dependencies dep join up on dep.app_id = up.app_id
      where up.depth < 50
    )
    select a.id::int as id, a.name from up join ecosystem_apps a on a.id = up.app_id
    where exists (select 1 from ops_incidents i where i.app_id = a.id and i.closed_at is null)
      or exists (select 1 from ops_monitors m where m.app_id = a.id and (m.status = 'down' or m.consecutive_failures > 0))
    order by up.depth, a.id limit 1`);
  return rows[0] ?? null;
}

// ---- the app's state ----

export async function appIsDown(tx: Tx, appId: number): Promise<boolean> {
  const { rows } = await tx.execute(
    sql`select 1 from ops_monitors where app_id = ${appId} and status = 'down' limit 1`,
  );
  return rows.length > 0;
}

export async function inMaintenance(tx: Tx, appId: number, at: Date): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    select 1 from ops_maintenance_windows where app_id = ${appId} and starts_at <= ${at} and ends_at > ${at} limit 1`);
  return rows.length > 0;
}

export async function openIncidentOf(
  tx: Tx,
  appId: number,
): Promise<{ id: number; suppressed: boolean; notified: boolean } | null> {
  const { rows } = await tx.execute<{ id: number; suppressed: boolean; notified: boolean }>(sql`
    select id::int as id, suppressed, notified_at is not null as notified from ops_incidents
    where app_id = ${appId} and closed_at is null for update`);
  return rows[0] ?? null;
}

export async function insertIncident(
  tx: Tx,
  i: { appId: number; monitorId: number; at: Date; reason: string; parentAppId: number | null },
): Promise<number | null> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    insert into ops_incidents (app_id, monitor_id, opened_at, reason, suppressed, parent_app_id)
    values (${i.appId}, ${i.monitorId}, ${i.at}, ${i.reason}, ${i.parentAppId !== null}, ${i.parentAppId})
    on conflict (workspace_id, app_id) where closed_at is null do nothing
    returning id::int as id`);
  return rows[0]?.id ?? null;
}

/** The failed probes that led to the incident: the monitor's failures since its last good probe. */
export async function addLeadingFailures(tx: Tx, incidentId: number, monitorId: number): Promise<void> {
  await tx.execute(sql`
    insert into ops_incident_events (incident_id, at, kind, detail)
    select ${incidentId}, h.checked_at, 'probe_failed', left(h.location || ': ' || coalesce(h.message, ''), 1000)
    from ops_heartbeats h
    where h.monitor_id = ${monitorId} and not h.up
      and h.checked_at > coalesce((select max(g.checked_at) from ops_heartbeats g where g.monitor_id = ${monitorId} and g.up), '-infinity')
    order by h.checked_at, h.id limit 30`);
}

export async function addEvent(
  tx: Tx,
  incidentId: number,
  at: Date,
  kind: IncidentEventKind,
  detail = '',
): Promise<void> {
  await tx.execute(sql`
    insert into ops_incident_events (incident_id, at, kind, detail)
    values (${incidentId}, ${at}, ${kind}, ${detail.slice(0, 1000)})`);
}

export async function markNotified(tx: Tx, incidentId: number, at: Date): Promise<void> {
  await tx.execute(sql`update ops_incidents set notified_at = ${at} where id = ${incidentId}`);
}

export async function closeIncident(tx: Tx, incidentId: number, at: Date): Promise<void> {
  await tx.execute(sql`update ops_incidents set closed_at = ${at} where id = ${incidentId}`);
}

// ---- holds ----

/** The open incident of a down app whose address (its host, and its path if it has one, either scheme) the texts link to. */
export async function downAppLinkedFrom(
  tx: Tx,
  texts: string[],
): Promise<{ incidentId: number; appName: string } | null> {
  const { rows } = await tx.execute<{ incidentId: number; appName: string }>(sql`
    select i.id::int as "incidentId", a.name as "appName" from ops_incidents i
    join ecosystem_apps a on a.id = i.app_id
    where i.closed_at is null and a.url ~* '^https?://'
      and exists (
        select 1 from unnest(${sql.param(texts)}::text[]) t
        where strpos(lower(t), lower(rtrim(substring(a.url from '^https?:(//[^?#]*)'), '/'))) > 0)
    order by i.opened_at, i.id limit 1`);
  return rows[0] ?? null;
}

export async function addHold(
  tx: Tx,
  h: {
    incidentId: number;
    campaignId?: number;
    runId?: number;
    name: string;
    resumeJob: string;
    at: Date;
  },
): Promise<boolean> {
  const target =
    h.campaignId !== undefined
      ? sql`(workspace_id, incident_id, campaign_id) where campaign_id is not null`
      : sql`(workspace_id, incident_id, run_id) where run_id is not null`;
  const { rows } = await tx.execute(sql`
    insert into ops_holds (incident_id, campaign_id, run_id, name, resume_job, held_at)
    values (${h.incidentId}, ${h.campaignId ?? null}, ${h.runId ?? null}, ${h.name}, ${h.resumeJob}, ${h.at})
    on conflict ${target} do nothing returning id`);
  return rows.length > 0;
}

export async function releaseHolds(
  tx: Tx,
  incidentId: number,
  at: Date,
): Promise<{ campaignId: number | null; runId: number | null; resumeJob: string }[]> {
  const { rows } = await tx.execute<{
    campaignId: number | null;
    runId: number | null;
    resumeJob: string;
  }>(sql`
    update ops_holds set released_at = ${at} where incident_id = ${incidentId} and released_at is null
    returning campaign_id::int as "campaignId", run_id::int as "runId", resume_job as "resumeJob"`);
  return rows;
}

// ---- reading ----

const incidentColumns = sql`
  i.id::int as id, i.app_id::int as "appId", a.name as "appName", ${iso(sql`i.opened_at`)} as "openedAt",
  ${iso(sql`i.closed_at`)} as "closedAt", i.reason, i.suppressed, p.name as "parentAppName",
  ${iso(sql`i.notified_at`)} as "notifiedAt"`;
const incidentFrom = sql`
  from ops_incidents i join ecosystem_apps a on a.id = i.app_id
  left join ecosystem_apps p on p.id = i.parent_app_id`;

export type IncidentRow = {
  id: number;
  appId: number;
  appName: string;
  openedAt: string;
  closedAt: string | null;
  reason: string;
  suppressed: boolean;
  parentAppName: string | null;
  notifiedAt: string | null;
};

export async function listIncidents(tx: Tx, openOnly: boolean): Promise<IncidentRow[]> {
  const { rows } = await tx.execute<IncidentRow>(sql`
    select ${incidentColumns} ${incidentFrom}
    ${openOnly ? sql`where i.closed_at is null` : sql``}
    order by i.closed_at is null desc, i.opened_at desc, i.id desc limit 200`);
  return rows;
}

export async function findIncident(tx: Tx, id: number): Promise<IncidentRow | null> {
  const { rows } = await tx.execute<IncidentRow>(
    sql`select ${incidentColumns} ${incidentFrom} where i.id = ${id}`,
  );
  return rows[0] ?? null;
}

/** Incidents of apps below this one that it suppressed: opened, naming it, while it was open. */
export async function childIncidents(tx: Tx, parent: IncidentRow): Promise<IncidentRow[]> {
  const { rows } = await tx.execute<IncidentRow>(sql`
    select ${incidentColumns} ${incidentFrom}
    where i.parent_app_id = ${parent.appId} and i.opened_at >= ${parent.openedAt}::timestamptz
      and (${parent.closedAt}::timestamptz is null or i.opened_at <= ${parent.closedAt}::timestamptz)
    order by a.name, i.id limit 500`);
  return rows;
}

export async function incidentTimeline(tx: Tx, id: number) {
  const { rows } = await tx.execute<{ id: number; at: string; kind: IncidentEventKind; detail: string }>(sql`
    select id::int as id, ${iso(sql`at`)} as at, kind, detail from ops_incident_events where incident_id = ${id}
    order by at, id limit 500`);
  return rows;
}

export async function incidentHolds(tx: Tx, id: number) {
  const { rows } = await tx.execute<{
    kind: 'campaign' | 'workflow_run';
    id: number;
    name: string;
    heldAt: string;
    releasedAt: string | null;
  }>(sql`
    select case when campaign_id is not null then 'campaign' else 'workflow_run' end as kind,
      coalesce(campaign_id, run_id)::int as id, name, ${iso(sql`held_at`)} as "heldAt",
      ${iso(sql`released_at`)} as "releasedAt"
    from ops_holds where incident_id = ${id} order by held_at, id`);
  return rows;
}

/**
 * Customers of the app: contacts whose source is the app (its users, as data collection files them,
 * under its current or a former name), their companies and the companies of their deals.
 */
export async function affectedCustomers(tx: Tx, appId: number) {
  const users = sql`
    select c.id, c.first_name, c.last_name, c.email, c.company_id from contacts c
    join ecosystem_apps a on a.id = ${appId}
    where c.source = a.name or c.source = any(a.former_names)`;
  const companies = sql`
    select co.id, co.name from companies co
    where co.id in (select company_id from users)
      or co.id in (select d.company_id from deals d where d.contact_id in (select id from users))`;
  const { rows } = await tx.execute<{
    contacts: { id: number; name: string; email: string | null }[];
    contactCount: number;
    companies: { id: number; name: string }[];
    companyCount: number;
  }>(sql`
    with users as (${users}), affected_companies as (${companies})
    select
      coalesce((select json_agg(json_build_object('id', u.id, 'name', btrim(u.first_name || ' ' || u.last_name),
        'email', u.email) order by u.id) from (select * from users order by id limit 50) u), '[]') as contacts,
      (select count(*)::int from users) as "contactCount",
      coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.name)
        from (select * from affected_companies order by name limit 50) c), '[]') as companies,
      (select count(*)::int from affected_companies) as "companyCount"`);
  return rows[0];
}

// ---- maintenance and availability ----

export async function insertMaintenance(
  tx: Tx,
  appId: number,
  w: { startsAt: string; endsAt: string; reason: string },
): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    insert into ops_maintenance_windows (app_id, starts_at, ends_at, reason)
    values (${appId}, ${w.startsAt}, ${w.endsAt}, ${w.reason}) returning id::int as id`);
  return rows[0].id;
}

export async function listMaintenance(tx: Tx, appId: number) {
  const { rows } = await tx.execute<{
    id: number;
    appId: number;
    startsAt: string;
    endsAt: string;
    reason: string;
  }>(sql`
    select id::int as id, app_id::int as "appId", ${iso(sql`starts_at`)} as "startsAt",
      ${iso(sql`ends_at`)} as "endsAt", reason
    from ops_maintenance_windows where app_id = ${appId} order by starts_at desc, id desc limit 200`);
  return rows;
}

export async function deleteMaintenance(tx: Tx, id: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`delete from ops_maintenance_windows where id = ${id} returning id`);
  return rows.length > 0;
}

/** Every app's incidents and maintenance windows that touch the period (of the given apps, or all). */
export async function spansIn(tx: Tx, from: Date, to: Date, appIds?: number[]) {
  const filter = appIds ? sql`and a.id = any(${sql.param(appIds)}::bigint[])` : sql``;
  const { rows } = await tx.execute<{
    appId: number;
    appName: string;
    down: [string, string | null][];
    maintenance: [string, string][];
  }>(sql`
    select a.id::int as "appId", a.name as "appName",
      coalesce((select json_agg(json_build_array(i.opened_at, i.closed_at)) from ops_incidents i
        where i.app_id = a.id and i.opened_at < ${to} and (i.closed_at is null or i.closed_at > ${from})), '[]') as down,
      coalesce((select json_agg(json_build_array(w.starts_at, w.ends_at)) from ops_maintenance_windows w
        where w.app_id = a.id and w.starts_at < ${to} and w.ends_at > ${from}), '[]') as maintenance
    from ecosystem_apps a where true ${filter} order by a.name, a.id`);
  return rows;
}

/** Apps a company uses: the sources of its contacts that name an app (current or former name). */
export async function companyAppIds(tx: Tx, companyId: number): Promise<number[] | null> {
  const { rows: found } = await tx.execute(sql`select 1 from companies where id = ${companyId}`);
  if (found.length === 0) return null;
  const { rows } = await tx.execute<{ id: number }>(sql`
    select distinct a.id::int as id from contacts c
    join ecosystem_apps a on c.source = a.name or c.source = any(a.former_names)
    where c.company_id = ${companyId}
       or c.id in (select d.contact_id from deals d where d.company_id = ${companyId})`);
  return rows.map((r) => r.id);
}
