-- Incident-aware operations (issue 33, part 3): an app is down after N failed probe rounds (two probe
-- locations agreeing where a monitor has several), apps depend on apps, an incident per app with its
-- timeline (children of a down parent opened suppressed), maintenance windows, and the sends an incident
-- holds until its app is up again.

alter table ops_monitors
  -- Consecutive failed rounds before the monitor counts as down (Uptime Kuma's "retries").
  add column failures_to_down integer not null default 2 check (failures_to_down between 1 and 10),
  -- Named probe locations; a round fails when at least two of them (or the only one) fail.
  add column locations text[] not null default '{local}'
    check (cardinality(locations) between 1 and 5 and array_position(locations, null) is null),
  add column consecutive_failures integer not null default 0 check (consecutive_failures >= 0);
alter table ops_heartbeats add column location text not null default 'local';

-- An app that needs another to work: when the other is down, this one's incident is not announced.
create table ecosystem_app_dependencies (
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  app_id bigint not null references ecosystem_apps(id) on delete cascade,
  depends_on_app_id bigint not null references ecosystem_apps(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (app_id, depends_on_app_id),
  check (app_id <> depends_on_app_id)
);
create index ecosystem_app_dependencies_parent_fk on ecosystem_app_dependencies (depends_on_app_id);
create index ecosystem_app_dependencies_workspace_idx on ecosystem_app_dependencies (workspace_id);
select app_enable_tenant_rls('ecosystem_app_dependencies');

-- Incidents become the app's (one open per app), whichever of its monitors went down.
alter table ops_incidents
  add column app_id bigint references ecosystem_apps(id) on delete cascade,
  -- Decided at opening: a parent app (or one further up) was down or failing, so nobody was told.
  add column suppressed boolean not null default false,
  add column parent_app_id bigint references ecosystem_apps(id) on delete set null,
  add column notified_at timestamptz;
update ops_incidents i set app_id = m.app_id from ops_monitors m where m.id = i.monitor_id;
update ops_incidents i set closed_at = i.opened_at
  where i.closed_at is null
    and exists (select 1 from ops_incidents j where j.app_id = i.app_id and j.closed_at is null and j.id < i.id);
alter table ops_incidents alter column app_id set not null;
alter table ops_incidents alter column monitor_id drop not null;
alter table ops_incidents drop constraint ops_incidents_monitor_id_fkey;
alter table ops_incidents
  add constraint ops_incidents_monitor_id_fkey foreign key (monitor_id) references ops_monitors(id) on delete set null;
create unique index ops_incidents_app_open_uq on ops_incidents (app_id) where closed_at is null;
create index ops_incidents_app_idx on ops_incidents (workspace_id, app_id, opened_at);
create index ops_incidents_app_fk on ops_incidents (app_id);
create index ops_incidents_parent_fk on ops_incidents (parent_app_id) where parent_app_id is not null;

create table ops_incident_events (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  incident_id bigint not null references ops_incidents(id) on delete cascade,
  at timestamptz not null,
  kind text not null check (kind in ('probe_failed', 'opened', 'notified', 'suppressed', 'held', 'resolved')),
  detail text not null default '' check (length(detail) <= 1000)
);
create index ops_incident_events_incident_idx on ops_incident_events (incident_id, at, id);
select app_enable_tenant_rls('ops_incident_events');

-- Planned downtime: no incident opens and uptime does not count inside it.
create table ops_maintenance_windows (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  app_id bigint not null references ecosystem_apps(id) on delete cascade,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  reason text not null default '' check (length(reason) <= 500),
  created_at timestamptz not null default now(),
  check (ends_at > starts_at)
);
create index ops_maintenance_app_idx on ops_maintenance_windows (workspace_id, app_id, starts_at);
create index ops_maintenance_app_fk on ops_maintenance_windows (app_id);
select app_enable_tenant_rls('ops_maintenance_windows');

-- A campaign or workflow run an open incident holds: its sender found the app down and stopped; the
-- incident's resolution releases it and queues its job again, in the resolving transaction.
create table ops_holds (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  incident_id bigint not null references ops_incidents(id) on delete cascade,
  campaign_id bigint references campaigns(id) on delete cascade,
  run_id bigint references workflow_runs(id) on delete cascade,
  name text not null default '',
  -- The sender's job, queued again on release with the workspace and the campaign's or run's id.
  resume_job text not null,
  held_at timestamptz not null,
  released_at timestamptz,
  check ((campaign_id is null) <> (run_id is null))
);
create unique index ops_holds_campaign_uq on ops_holds (incident_id, campaign_id) where campaign_id is not null;
create unique index ops_holds_run_uq on ops_holds (incident_id, run_id) where run_id is not null;
create index ops_holds_campaign_fk on ops_holds (campaign_id) where campaign_id is not null;
create index ops_holds_run_fk on ops_holds (run_id) where run_id is not null;
select app_enable_tenant_rls('ops_holds');

-- The claim hands out the monitor's locations too.
drop function app_ops_claim_due_probes(timestamptz, integer);
create or replace function app_ops_claim_due_probes(at timestamptz, max_count integer)
  returns table (workspace_id bigint, monitor_id bigint, app_id bigint, url text, timeout_ms integer, locations text[])
  language plpgsql security definer set search_path = public as $$
begin
  insert into ops_monitors (workspace_id, app_id, next_probe_at)
    select a.workspace_id, a.id, at from ecosystem_apps a
    where not exists (select 1 from ops_monitors m where m.app_id = a.id and m.url is null)
    on conflict do nothing;
  return query
  with due as (
    select m.id from ops_monitors m
    where m.next_probe_at <= at
      and coalesce((select f.uptime_monitoring from ops_features f where f.workspace_id = m.workspace_id), true)
    order by m.next_probe_at
    limit max_count
    for update skip locked
  )
  update ops_monitors m set next_probe_at = at + make_interval(secs => m.interval_seconds)
  from due, ecosystem_apps a
  where m.id = due.id and a.id = m.app_id
  returning m.workspace_id, m.id, m.app_id, coalesce(m.url, a.url), m.timeout_ms, m.locations;
end $$;
