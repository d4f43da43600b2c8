-- First-party web analytics (issue 14): a public key per website, raw events partitioned by month,
-- daily rollups per site and dimension, the daily visitor-hash salt, and the days waiting for a rollup.

-- The key the tracking script sends; it names a site without revealing the workspace's ids.
alter table websites add column tracking_key text not null unique default encode(gen_random_bytes(12), 'hex');

-- Raw events. workspace_id leads every key; occurred_at partitions by month so old months can be dropped
-- whole and a report's raw fallback scans only the months it asks for. No IP is stored: visitor_id is a
-- 48-bit slice of sha-256(daily salt, site, IP, user agent).
create table analytics_events (
  workspace_id bigint not null default app_current_workspace(),
  website_id integer not null,
  occurred_at timestamptz not null,
  visitor_id bigint not null,
  name text not null check (name <> '' and length(name) <= 64),
  path text not null check (length(path) <= 512),
  source text not null default '' check (length(source) <= 255),
  utm_medium text not null default '' check (length(utm_medium) <= 255),
  utm_campaign text not null default '' check (length(utm_campaign) <= 255),
  country text not null default '' check (length(country) <= 2),
  device text not null check (device in ('mobile', 'tablet', 'desktop')),
  props jsonb,
  foreign key (workspace_id, website_id) references websites (workspace_id, id) on delete cascade
) partition by range (occurred_at);
create index analytics_events_site_time_idx on analytics_events (workspace_id, website_id, occurred_at);
select app_enable_tenant_rls('analytics_events');

-- Creates the month's partition if it is missing, under the same forced RLS as its parent. SECURITY DEFINER
-- because the runtime role may not create tables; it takes only a date and returns nothing.
create or replace function app_analytics_ensure_partition(month date) returns void
  language plpgsql security definer set search_path = public as $$
declare
  first_day date := date_trunc('month', month)::date;
  part text := 'analytics_events_' || to_char(first_day, 'YYYY_MM');
begin
  if to_regclass(part) is not null then return; end if;
  perform pg_advisory_xact_lock(hashtext(part));
  if to_regclass(part) is not null then return; end if;
  execute format('create table %I partition of analytics_events for values from (%L) to (%L)',
    part, first_day, (first_day + interval '1 month')::date);
  perform app_enable_tenant_rls(part::regclass);
  execute format('grant select, insert, update, delete on %I to hub_app', part);
end $$;
revoke all on function app_analytics_ensure_partition(date) from public;
grant execute on function app_analytics_ensure_partition(date) to hub_app;

select app_analytics_ensure_partition((now() - interval '1 month')::date);
select app_analytics_ensure_partition(now()::date);
select app_analytics_ensure_partition((now() + interval '1 month')::date);

-- One row per site, UTC day, dimension and value. 'total' rows (value '') carry the day's totals.
-- Visitor ids rotate daily, so a day's unique visitors add up across days exactly as raw events count them.
create table analytics_daily (
  workspace_id bigint not null default app_current_workspace(),
  website_id integer not null,
  day date not null,
  dimension text not null check (dimension in ('total', 'page', 'source', 'country', 'device', 'event')),
  value text not null,
  visitors integer not null,
  pageviews integer not null,
  events integer not null,
  primary key (workspace_id, dimension, day, website_id, value),
  foreign key (workspace_id, website_id) references websites (workspace_id, id) on delete cascade
);
select app_enable_tenant_rls('analytics_daily');

-- Days whose events changed since their last rollup; written in the same transaction as the events, so a
-- crash between ingest and rollup loses nothing.
create table analytics_dirty_days (
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  day date not null,
  marked_at timestamptz not null default clock_timestamp(),
  primary key (workspace_id, day)
);
select app_enable_tenant_rls('analytics_dirty_days');

-- The rollup job runs outside any workspace; it learns only which (workspace, day) pairs wait.
create or replace function app_analytics_dirty_days() returns table (workspace_id bigint, day date, marked_at timestamptz)
  language sql stable security definer set search_path = public as $$
  select workspace_id, day, marked_at from analytics_dirty_days order by day, workspace_id limit 1000
$$;

-- The ingest endpoint has no session: the site key (or the demo workspace's site number) gives ids only.
create or replace function app_analytics_site_lookup(key text)
  returns table (workspace_id bigint, website_id integer, domain text)
  language sql stable security definer set search_path = public as $$
  select w.workspace_id, w.id, w.domain from websites w where w.tracking_key = key
$$;
create or replace function app_analytics_demo_site_lookup(demo_email text, site integer)
  returns table (workspace_id bigint, website_id integer, domain text)
  language sql stable security definer set search_path = public as $$
  select w.workspace_id, w.id, w.domain
  from users u
  join memberships m on m.user_id = u.id and m.role = 'owner'
  join websites w on w.workspace_id = m.workspace_id and w.id = site
  where u.email = demo_email
  order by m.workspace_id
  limit 1
$$;

-- The daily salt of the visitor hash (platform data, not a tenant's): yesterday's is deleted once today's exists.
create table analytics_salts (
  day date primary key,
  salt bytea not null
);
