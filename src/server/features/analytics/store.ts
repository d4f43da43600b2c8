import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.js';

/** A resolved site key: who owns the site and which host may send its events. */
export interface SiteRef {
  workspaceId: number;
  websiteId: number;
  domain: string;
}

export async function lookupSiteByKey(db: Db, key: string): Promise<SiteRef | null> {
  const { rows } = await db.execute<{ workspace_id: number; website_id: number; domain: string }>(
    sql`select workspace_id, website_id, domain from app_analytics_site_lookup(${key})`,
  );
  return rows[0]
    ? { workspaceId: rows[0].workspace_id, websiteId: rows[0].website_id, domain: rows[0].domain }
    : null;
}

export async function lookupDemoSite(db: Db, demoEmail: string, site: number): Promise<SiteRef | null> {
  const { rows } = await db.execute<{ workspace_id: number; website_id: number; domain: string }>(
    sql`select workspace_id, website_id, domain from app_analytics_demo_site_lookup(${demoEmail}, ${site})`,
  );
  return rows[0]
    ? { workspaceId: rows[0].workspace_id, websiteId: rows[0].website_id, domain: rows[0].domain }
    : null;
}

/** The salt of `day`, created on first use; older salts are deleted so yesterday's hashes cannot be recomputed. */
export async function dailySalt(tx: Tx, day: string, fresh: Buffer): Promise<Buffer> {
  await tx.execute(
    sql`insert into analytics_salts (day, salt) values (${day}, ${fresh}) on conflict (day) do nothing`,
  );
  await tx.execute(sql`delete from analytics_salts where day < ${day}::date`);
  const { rows } = await tx.execute<{ salt: Buffer }>(
    sql`select salt from analytics_salts where day = ${day}`,
  );
  return rows[0].salt;
}

export async function ensurePartition(db: Db | Tx, month: string): Promise<void> {
  await db.execute(sql`select app_analytics_ensure_partition(${month}::date)`);
}

export interface EventRow {
  websiteId: number;
  occurredAt: Date;
  visitorId: number;
  name: string;
  path: string;
  source: string;
  utmMedium: string;
  utmCampaign: string;
  country: string;
  device: string;
  props: string | null;
}

/** A page view of a visitor known as a contact, as the batch recorded it. */
export type IdentifiedViewRow = {
  contact_id: number;
  website_id: number;
  path: string;
  occurred_at: string;
};

/**
 * One statement per batch: arrays unnested into rows, each stamped with its visitor's contact when the
 * visitor identified themselves that day on that site; then the touched days marked for a rollup.
 * Answers the page views of known contacts.
 */
export async function insertEvents(tx: Tx, events: EventRow[]): Promise<IdentifiedViewRow[]> {
  // sql.param keeps an array one parameter (a bare array would become a list of them).
  const col = <K extends keyof EventRow>(key: K) => sql.param(events.map((e) => e[key]));
  const { rows } = await tx.execute<IdentifiedViewRow>(sql`
    with batch as (
      select * from unnest(
        ${col('websiteId')}::int[], ${sql.param(events.map((e) => e.occurredAt.toISOString()))}::timestamptz[],
        ${col('visitorId')}::bigint[], ${col('name')}::text[], ${col('path')}::text[], ${col('source')}::text[],
        ${col('utmMedium')}::text[], ${col('utmCampaign')}::text[], ${col('country')}::text[],
        ${col('device')}::text[], ${col('props')}::jsonb[]
      ) as e(website_id, occurred_at, visitor_id, name, path, source, utm_medium, utm_campaign, country, device, props)
    ), inserted as (
      insert into analytics_events
        (website_id, occurred_at, visitor_id, name, path, source, utm_medium, utm_campaign, country, device, props,
         contact_id)
      select e.website_id, e.occurred_at, e.visitor_id, e.name, e.path, e.source, e.utm_medium, e.utm_campaign,
        e.country, e.device, e.props, v.contact_id
      from batch e
      left join analytics_visitor_contacts v on v.website_id = e.website_id and v.visitor_id = e.visitor_id
        and v.day = (e.occurred_at at time zone 'UTC')::date
      returning contact_id, website_id, path, name, occurred_at
    )
    select contact_id, website_id, path, occurred_at::text from inserted
    where contact_id is not null and name = 'pageview'`);
  const days = [...new Set(events.map((e) => e.occurredAt.toISOString().slice(0, 10)))];
  await tx.execute(sql`
    insert into analytics_dirty_days (day) select unnest(${sql.param(days)}::date[])
    on conflict (workspace_id, day) do update set marked_at = clock_timestamp()`);
  return rows;
}

/** Whether the workspace links visitors to contacts (no settings row: on). */
export async function linkVisitorsOn(tx: Tx): Promise<boolean> {
  const { rows } = await tx.execute<{ on: boolean }>(sql`select link_visitors as on from analytics_settings`);
  return rows[0]?.on ?? true;
}

export async function setLinkVisitors(tx: Tx, on: boolean): Promise<void> {
  await tx.execute(sql`
    insert into analytics_settings (link_visitors) values (${on})
    on conflict (workspace_id) do update set link_visitors = excluded.link_visitors`);
}

export interface VisitorContactRow {
  websiteId: number;
  day: string;
  visitorId: number;
  contactId: number;
  at: Date;
}

/**
 * Records that the visitor (site, UTC day, daily hash) is this contact; a later identification as
 * another contact wins, one as the same contact keeps the first moment. Nothing when the contact is gone
 * (a link signed before it was deleted). True when the visitor is now that contact.
 */
export async function upsertVisitorContact(tx: Tx, row: VisitorContactRow): Promise<boolean> {
  const { rows } = await tx.execute<{ contact_id: number }>(sql`
    with found as (select id from contacts where id = ${row.contactId}),
    written as (
      insert into analytics_visitor_contacts (website_id, day, visitor_id, contact_id, identified_at)
      select ${row.websiteId}, ${row.day}::date, ${row.visitorId}, id, ${row.at.toISOString()}::timestamptz
      from found
      on conflict (workspace_id, website_id, day, visitor_id) do update
      set contact_id = excluded.contact_id, identified_at = excluded.identified_at
      where analytics_visitor_contacts.contact_id <> excluded.contact_id
      returning contact_id
    )
    select id as contact_id from found`);
  return rows.length > 0;
}

/**
 * Gives the contact the visitor's anonymous events of that UTC day on that site, marked as made before
 * identification. Bounded by the day (one partition, the site-and-time index) as well as by the hash.
 */
export async function attachEarlierEvents(tx: Tx, row: VisitorContactRow): Promise<number> {
  const { rowCount } = await tx.execute(sql`
    update analytics_events set contact_id = ${row.contactId}, before_identification = true
    where website_id = ${row.websiteId} and visitor_id = ${row.visitorId} and contact_id is null
      and occurred_at >= ${dayStart(row.day)} and occurred_at < ${dayStart(row.day)} + interval '1 day'
      and occurred_at <= ${row.at.toISOString()}::timestamptz`);
  return rowCount ?? 0;
}

/** The contact's page views seen as the contact (not those attached later) whose path is LIKE `likePattern`. */
export async function countContactPageViews(tx: Tx, contactId: number, likePattern: string): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from analytics_events
    where contact_id = ${contactId} and name = 'pageview' and not before_identification
      and path like ${likePattern}`);
  return rows[0].n;
}

export type ContactPageViewRow = {
  occurredAt: string;
  path: string;
  websiteId: number;
  website: string;
  beforeIdentification: boolean;
};

/** The contact's latest page views, newest first (the contact index: one index range per partition). */
export async function listContactPageViews(
  tx: Tx,
  contactId: number,
  limit: number,
): Promise<ContactPageViewRow[]> {
  const { rows } = await tx.execute<ContactPageViewRow>(sql`
    select to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "occurredAt",
      e.path, e.website_id as "websiteId", w.name as website,
      e.before_identification as "beforeIdentification"
    from analytics_events e join websites w on w.id = e.website_id
    where e.contact_id = ${contactId} and e.name = 'pageview'
    order by e.occurred_at desc limit ${limit}`);
  return rows;
}

export async function currentWorkspaceId(tx: Tx): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`select app_current_workspace()::int as id`);
  return rows[0].id;
}

export interface DirtyDay {
  workspaceId: number;
  day: string;
  markedAt: string;
}

export async function listDirtyDays(db: Db): Promise<DirtyDay[]> {
  const { rows } = await db.execute<{ workspace_id: number; day: string; marked_at: string }>(
    sql`select workspace_id, day::text as day, marked_at::text as marked_at from app_analytics_dirty_days()`,
  );
  return rows.map((r) => ({ workspaceId: r.workspace_id, day: r.day, markedAt: r.marked_at }));
}

const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'UTC')`;

/**
 * Replaces one UTC day's rollup rows with aggregates of that day's raw events, so running it twice
 * gives the same rows. Page rows count page views only; event rows count custom events only.
 */
export async function rebuildDay(tx: Tx, day: string): Promise<void> {
  // Two rollups of one day at once (the cron job and a manual run, or two workers) would each delete,
  // then both insert the same keys: the second waits here and then sees the first's rows to delete.
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended('analytics-rollup:' || app_current_workspace() || ':' || ${day}, 0))`,
  );
  await tx.execute(sql`delete from analytics_daily where day = ${day}::date`);
  await tx.execute(sql`
    insert into analytics_daily (website_id, day, dimension, value, visitors, pageviews, events)
    select e.website_id, ${day}::date, d.dimension, d.value,
      count(distinct e.visitor_id), count(*) filter (where e.name = 'pageview'),
      count(*) filter (where e.name <> 'pageview')
    from analytics_events e
    cross join lateral (values
      ('total', ''),
      ('page', case when e.name = 'pageview' then e.path end),
      ('source', e.source),
      ('country', e.country),
      ('device', e.device),
      ('event', case when e.name <> 'pageview' then e.name end)
    ) as d(dimension, value)
    where e.occurred_at >= ${dayStart(day)} and e.occurred_at < ${dayStart(day)} + interval '1 day'
      and d.value is not null
    group by e.website_id, d.dimension, d.value`);
}

export async function clearDirtyDay(tx: Tx, day: string, markedAt: string): Promise<void> {
  // A day marked again while it was rolled up keeps its mark, so the newer events get their turn.
  await tx.execute(
    sql`delete from analytics_dirty_days where day = ${day}::date and marked_at <= ${markedAt}::timestamptz`,
  );
}

export type RollupDimension = 'total' | 'page' | 'source' | 'country' | 'device' | 'event';

export interface Period {
  from: string;
  to: string;
}

const siteFilter = (site: number | undefined) => (site === undefined ? sql`` : sql`and website_id = ${site}`);

export type DayCounts = {
  day: string;
  visitors: number;
  pageviews: number;
};

export async function dailyTotals(tx: Tx, period: Period, site?: number): Promise<DayCounts[]> {
  const { rows } = await tx.execute<DayCounts>(sql`
    select day::text as day, sum(visitors)::int as visitors, sum(pageviews)::int as pageviews
    from analytics_daily
    where dimension = 'total' and day between ${period.from}::date and ${period.to}::date ${siteFilter(site)}
    group by day order by day`);
  return rows;
}

export interface SiteCounts {
  websiteId: number;
  visitors: number;
  pageviews: number;
}

export async function siteTotals(tx: Tx, period: Period): Promise<SiteCounts[]> {
  const { rows } = await tx.execute<{ website_id: number; visitors: number; pageviews: number }>(sql`
    select website_id, sum(visitors)::int as visitors, sum(pageviews)::int as pageviews
    from analytics_daily
    where dimension = 'total' and day between ${period.from}::date and ${period.to}::date
    group by website_id`);
  return rows.map((r) => ({ websiteId: r.website_id, visitors: r.visitors, pageviews: r.pageviews }));
}

/** Per-site totals of two periods in one pass over the rollups (the overview compares them). */
export async function siteTotalsOfPeriods(
  tx: Tx,
  current: Period,
  previous: Period,
): Promise<{ current: SiteCounts[]; previous: SiteCounts[] }> {
  const { rows } = await tx.execute<{
    website_id: number;
    visitors: number;
    pageviews: number;
    prev_visitors: number;
    prev_pageviews: number;
  }>(sql`
    select website_id,
      coalesce(sum(visitors) filter (where day >= ${current.from}::date), 0)::int as visitors,
      coalesce(sum(pageviews) filter (where day >= ${current.from}::date), 0)::int as pageviews,
      coalesce(sum(visitors) filter (where day <= ${previous.to}::date), 0)::int as prev_visitors,
      coalesce(sum(pageviews) filter (where day <= ${previous.to}::date), 0)::int as prev_pageviews
    from analytics_daily
    where dimension = 'total' and day between ${previous.from}::date and ${current.to}::date
    group by website_id`);
  return {
    current: rows.map((r) => ({ websiteId: r.website_id, visitors: r.visitors, pageviews: r.pageviews })),
    previous: rows.map((r) => ({
      websiteId: r.website_id,
      visitors: r.prev_visitors,
      pageviews: r.prev_pageviews,
    })),
  };
}

/** Websites that have ever sent an event (a rollup row exists). */
export async function sitesWithData(tx: Tx): Promise<Set<number>> {
  const { rows } = await tx.execute<{ website_id: number }>(sql`
    select distinct website_id from analytics_daily where dimension = 'total'`);
  return new Set(rows.map((r) => r.website_id));
}

export type ValueCounts = {
  value: string;
  visitors: number;
  pageviews: number;
  events: number;
};

const orderAndLimit = (limit: number) =>
  sql`order by visitors desc, pageviews desc, events desc, value limit ${limit}`;

export async function breakdown(
  tx: Tx,
  dimension: RollupDimension,
  period: Period,
  site: number | undefined,
  limit: number,
): Promise<ValueCounts[]> {
  const { rows } = await tx.execute<ValueCounts>(sql`
    select value, sum(visitors)::int as visitors, sum(pageviews)::int as pageviews, sum(events)::int as events
    from analytics_daily
    where dimension = ${dimension} and day between ${period.from}::date and ${period.to}::date ${siteFilter(site)}
    group by value ${orderAndLimit(limit)}`);
  return rows;
}

const rawColumn: Record<RollupDimension, ReturnType<typeof sql>> = {
  total: sql`''`,
  page: sql`case when name = 'pageview' then path end`,
  source: sql`source`,
  country: sql`country`,
  device: sql`device`,
  event: sql`case when name <> 'pageview' then name end`,
};

/**
 * The same breakdown computed from raw events (a visitor counts once per UTC day, as the rollup does).
 * The reports never call it; the rollup test and the benchmark compare against it.
 */
export async function breakdownFromRaw(
  tx: Tx,
  dimension: RollupDimension,
  period: Period,
  site: number | undefined,
  limit: number,
): Promise<ValueCounts[]> {
  const { rows } = await tx.execute<ValueCounts>(sql`
    select value, count(distinct (visitor_id, (occurred_at at time zone 'UTC')::date))::int as visitors,
      (count(*) filter (where name = 'pageview'))::int as pageviews,
      (count(*) filter (where name <> 'pageview'))::int as events
    from (
      select ${rawColumn[dimension]} as value, visitor_id, occurred_at, name
      from analytics_events
      where occurred_at >= ${dayStart(period.from)} and occurred_at < ${dayStart(period.to)} + interval '1 day'
        ${siteFilter(site)}
    ) e
    where value is not null
    group by value ${orderAndLimit(limit)}`);
  return rows;
}
