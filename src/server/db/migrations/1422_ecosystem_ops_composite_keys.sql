-- Ecosystem apps, monitoring, incidents, webhooks and cross-sales keyed by workspace (issue 35, as 1400 did for
-- reports): every primary key and unique key of these tables starts with workspace_id, and every foreign key
-- that points at one of them pairs workspace_id on both sides, so the database itself keeps a monitor,
-- incident, delivery or task in its app's workspace and Citus can shard them by workspace_id. References that
-- were cleared on delete are cleared by column (`set null (col)`), so workspace_id is never nulled. The
-- single-column indexes the old foreign keys needed become (workspace_id, col) ones, or go where a composite
-- index already leads with (workspace_id, col). Rows keep their ids; only keys and indexes are rebuilt.

alter table cross_sales_targets drop constraint cross_sales_targets_source_app_id_fkey,
  drop constraint cross_sales_targets_target_app_id_fkey;
alter table ecosystem_app_dependencies drop constraint ecosystem_app_dependencies_app_id_fkey,
  drop constraint ecosystem_app_dependencies_depends_on_app_id_fkey;
alter table ecosystem_collection_runs drop constraint ecosystem_collection_runs_app_id_fkey;
alter table ecosystem_endpoints drop constraint ecosystem_endpoints_app_id_fkey;
alter table ecosystem_collection_results drop constraint ecosystem_collection_results_endpoint_id_fkey,
  drop constraint ecosystem_collection_results_run_id_fkey;
alter table ops_app_state drop constraint ops_app_state_app_id_fkey;
alter table ops_endpoints drop constraint ops_endpoints_app_id_fkey;
alter table ops_events drop constraint ops_events_app_id_fkey;
alter table ops_incidents drop constraint ops_incidents_app_id_fkey, drop constraint ops_incidents_parent_app_id_fkey,
  drop constraint ops_incidents_monitor_id_fkey;
alter table ops_maintenance_windows drop constraint ops_maintenance_windows_app_id_fkey;
alter table ops_monitors drop constraint ops_monitors_app_id_fkey;
alter table tasks drop constraint tasks_app_id_fkey;
alter table ops_heartbeats drop constraint ops_heartbeats_monitor_id_fkey;
alter table ops_uptime_buckets drop constraint ops_uptime_buckets_monitor_id_fkey;
alter table ops_deliveries drop constraint ops_deliveries_endpoint_id_fkey, drop constraint ops_deliveries_event_id_fkey;
alter table ops_triggers drop constraint ops_triggers_endpoint_id_fkey;
alter table ops_holds drop constraint ops_holds_incident_id_fkey;
alter table ops_incident_events drop constraint ops_incident_events_incident_id_fkey;
alter table ops_delivery_attempts drop constraint ops_delivery_attempts_delivery_id_fkey;

alter table ecosystem_apps drop constraint ecosystem_apps_pkey,
  add constraint ecosystem_apps_pkey primary key (workspace_id, id);
alter table ecosystem_endpoints drop constraint ecosystem_endpoints_pkey,
  add constraint ecosystem_endpoints_pkey primary key (workspace_id, id);
alter table ecosystem_collection_runs drop constraint ecosystem_collection_runs_pkey,
  add constraint ecosystem_collection_runs_pkey primary key (workspace_id, id);
alter table ecosystem_collection_results drop constraint ecosystem_collection_results_pkey,
  add constraint ecosystem_collection_results_pkey primary key (workspace_id, id),
  drop constraint ecosystem_collection_results_run_id_position_key,
  add constraint ecosystem_collection_results_run_id_position_key unique (workspace_id, run_id, position);
alter table ecosystem_app_dependencies drop constraint ecosystem_app_dependencies_pkey,
  add constraint ecosystem_app_dependencies_pkey primary key (workspace_id, app_id, depends_on_app_id);
alter table cross_sales_targets drop constraint cross_sales_targets_pkey,
  add constraint cross_sales_targets_pkey primary key (workspace_id, id);
alter table cross_sales_plan_items drop constraint cross_sales_plan_items_pkey,
  add constraint cross_sales_plan_items_pkey primary key (workspace_id, id);
alter table ops_app_state drop constraint ops_app_state_pkey,
  add constraint ops_app_state_pkey primary key (workspace_id, app_id);
alter table ops_monitors drop constraint ops_monitors_pkey, add constraint ops_monitors_pkey primary key (workspace_id, id);
alter table ops_heartbeats drop constraint ops_heartbeats_pkey,
  add constraint ops_heartbeats_pkey primary key (workspace_id, id);
alter table ops_uptime_buckets drop constraint ops_uptime_buckets_pkey,
  add constraint ops_uptime_buckets_pkey primary key (workspace_id, monitor_id, size, bucket_start);
alter table ops_incidents drop constraint ops_incidents_pkey,
  add constraint ops_incidents_pkey primary key (workspace_id, id);
alter table ops_incident_events drop constraint ops_incident_events_pkey,
  add constraint ops_incident_events_pkey primary key (workspace_id, id);
alter table ops_holds drop constraint ops_holds_pkey, add constraint ops_holds_pkey primary key (workspace_id, id);
alter table ops_maintenance_windows drop constraint ops_maintenance_windows_pkey,
  add constraint ops_maintenance_windows_pkey primary key (workspace_id, id);
alter table ops_endpoints drop constraint ops_endpoints_pkey,
  add constraint ops_endpoints_pkey primary key (workspace_id, id);
alter table ops_triggers drop constraint ops_triggers_pkey, add constraint ops_triggers_pkey primary key (workspace_id, id),
  drop constraint ops_triggers_endpoint_id_action_key,
  add constraint ops_triggers_endpoint_id_action_key unique (workspace_id, endpoint_id, action);
alter table ops_events drop constraint ops_events_pkey, add constraint ops_events_pkey primary key (workspace_id, id);
alter table ops_deliveries drop constraint ops_deliveries_pkey,
  add constraint ops_deliveries_pkey primary key (workspace_id, id);
alter table ops_delivery_attempts drop constraint ops_delivery_attempts_pkey,
  add constraint ops_delivery_attempts_pkey primary key (workspace_id, id);

-- Unique indexes the code names as conflict targets keep their names and predicates.
drop index ops_incidents_app_open_uq;
create unique index ops_incidents_app_open_uq on ops_incidents (workspace_id, app_id) where closed_at is null;
drop index ops_monitors_app_default_uq;
create unique index ops_monitors_app_default_uq on ops_monitors (workspace_id, app_id) where url is null;
drop index ops_holds_campaign_uq;
create unique index ops_holds_campaign_uq on ops_holds (workspace_id, incident_id, campaign_id)
  where campaign_id is not null;
drop index ops_holds_run_uq;
create unique index ops_holds_run_uq on ops_holds (workspace_id, incident_id, run_id) where run_id is not null;

-- An inbound webhook names only its app (app_ops_inbound_app looks it up before its workspace is known).
create index ecosystem_apps_id_idx on ecosystem_apps (id);

-- Child-side indexes for the composite foreign keys.
drop index cross_sales_plan_idx;
drop index cross_sales_targets_source_fk;
drop index cross_sales_targets_target_fk;
create index cross_sales_targets_target_fk on cross_sales_targets (workspace_id, target_app_id);
drop index ecosystem_app_dependencies_workspace_idx;
drop index ecosystem_app_dependencies_parent_fk;
create index ecosystem_app_dependencies_parent_fk on ecosystem_app_dependencies (workspace_id, depends_on_app_id);
drop index ecosystem_runs_app_fk;
create index ecosystem_runs_app_fk on ecosystem_collection_runs (workspace_id, app_id) where app_id is not null;
drop index ecosystem_results_endpoint_fk;
create index ecosystem_results_endpoint_fk on ecosystem_collection_results (workspace_id, endpoint_id)
  where endpoint_id is not null;
drop index ecosystem_endpoints_app_fk;
drop index ops_app_state_workspace_idx;
drop index ops_endpoints_app_fk;
drop index ops_events_app_fk;
create index ops_events_app_fk on ops_events (workspace_id, app_id) where app_id is not null;
drop index ops_incidents_app_fk;
drop index ops_incidents_parent_fk;
create index ops_incidents_parent_fk on ops_incidents (workspace_id, parent_app_id) where parent_app_id is not null;
drop index ops_incidents_monitor_fk;
create index ops_incidents_monitor_fk on ops_incidents (workspace_id, monitor_id) where monitor_id is not null;
drop index ops_maintenance_app_fk;
drop index tasks_app_fk;
drop index ops_heartbeats_monitor_idx;
create index ops_heartbeats_monitor_idx on ops_heartbeats (workspace_id, monitor_id, checked_at desc);
drop index ops_deliveries_endpoint_fk;
drop index ops_deliveries_event_fk;
create index ops_deliveries_event_fk on ops_deliveries (workspace_id, event_id) where event_id is not null;
drop index ops_incident_events_incident_idx;
create index ops_incident_events_incident_idx on ops_incident_events (workspace_id, incident_id, at, id);
drop index ops_delivery_attempts_delivery_idx;
create index ops_delivery_attempts_delivery_idx on ops_delivery_attempts (workspace_id, delivery_id, id);

alter table cross_sales_targets
  add constraint cross_sales_targets_source_app_id_fkey foreign key (workspace_id, source_app_id)
    references ecosystem_apps (workspace_id, id) on delete cascade,
  add constraint cross_sales_targets_target_app_id_fkey foreign key (workspace_id, target_app_id)
    references ecosystem_apps (workspace_id, id) on delete cascade;
alter table ecosystem_app_dependencies
  add constraint ecosystem_app_dependencies_app_id_fkey foreign key (workspace_id, app_id)
    references ecosystem_apps (workspace_id, id) on delete cascade,
  add constraint ecosystem_app_dependencies_depends_on_app_id_fkey foreign key (workspace_id, depends_on_app_id)
    references ecosystem_apps (workspace_id, id) on delete cascade;
alter table ecosystem_collection_runs
  add constraint ecosystem_collection_runs_app_id_fkey foreign key (workspace_id, app_id)
    references ecosystem_apps (workspace_id, id) on delete set null (app_id);
alter table ecosystem_endpoints
  add constraint ecosystem_endpoints_app_id_fkey foreign key (workspace_id, app_id)
    references ecosystem_apps (workspace_id, id) on delete cascade;
alter table ecosystem_collection_results
  add constraint ecosystem_collection_results_endpoint_id_fkey foreign key (workspace_id, endpoint_id)
    references ecosystem_endpoints (workspace_id, id) on delete set null (endpoint_id),
  add constraint ecosystem_collection_results_run_id_fkey foreign key (workspace_id, run_id)
    references ecosystem_collection_runs (workspace_id, id) on delete cascade;
alter table ops_app_state
  add constraint ops_app_state_app_id_fkey foreign key (workspace_id, app_id)
    references ecosystem_apps (workspace_id, id) on delete cascade;
alter table ops_endpoints
  add constraint ops_endpoints_app_id_fkey foreign key (workspace_id, app_id)
    references ecosystem_apps (workspace_id, id) on delete cascade;
alter table ops_events
  add constraint ops_events_app_id_fkey foreign key (workspace_id, app_id)
    references ecosystem_apps (workspace_id, id) on delete set null (app_id);
alter table ops_incidents
  add constraint ops_incidents_app_id_fkey foreign key (workspace_id, app_id)
    references ecosystem_apps (workspace_id, id) on delete cascade,
  add constraint ops_incidents_parent_app_id_fkey foreign key (workspace_id, parent_app_id)
    references ecosystem_apps (workspace_id, id) on delete set null (parent_app_id),
  add constraint ops_incidents_monitor_id_fkey foreign key (workspace_id, monitor_id)
    references ops_monitors (workspace_id, id) on delete set null (monitor_id);
alter table ops_maintenance_windows
  add constraint ops_maintenance_windows_app_id_fkey foreign key (workspace_id, app_id)
    references ecosystem_apps (workspace_id, id) on delete cascade;
alter table ops_monitors
  add constraint ops_monitors_app_id_fkey foreign key (workspace_id, app_id)
    references ecosystem_apps (workspace_id, id) on delete cascade;
alter table tasks
  add constraint tasks_app_id_fkey foreign key (workspace_id, app_id)
    references ecosystem_apps (workspace_id, id) on delete set null (app_id);
alter table ops_heartbeats
  add constraint ops_heartbeats_monitor_id_fkey foreign key (workspace_id, monitor_id)
    references ops_monitors (workspace_id, id) on delete cascade;
alter table ops_uptime_buckets
  add constraint ops_uptime_buckets_monitor_id_fkey foreign key (workspace_id, monitor_id)
    references ops_monitors (workspace_id, id) on delete cascade;
alter table ops_deliveries
  add constraint ops_deliveries_endpoint_id_fkey foreign key (workspace_id, endpoint_id)
    references ops_endpoints (workspace_id, id) on delete cascade,
  add constraint ops_deliveries_event_id_fkey foreign key (workspace_id, event_id)
    references ops_events (workspace_id, id) on delete set null (event_id);
alter table ops_triggers
  add constraint ops_triggers_endpoint_id_fkey foreign key (workspace_id, endpoint_id)
    references ops_endpoints (workspace_id, id) on delete cascade;
alter table ops_holds
  add constraint ops_holds_incident_id_fkey foreign key (workspace_id, incident_id)
    references ops_incidents (workspace_id, id) on delete cascade;
alter table ops_incident_events
  add constraint ops_incident_events_incident_id_fkey foreign key (workspace_id, incident_id)
    references ops_incidents (workspace_id, id) on delete cascade;
alter table ops_delivery_attempts
  add constraint ops_delivery_attempts_delivery_id_fkey foreign key (workspace_id, delivery_id)
    references ops_deliveries (workspace_id, id) on delete cascade;

-- The probe loop claims due monitors across workspaces (SECURITY DEFINER, no RLS): its joins carry
-- workspace_id so they stay on the new keys, as the default-monitor check does on ops_monitors_app_default_uq.
create or replace function app_ops_claim_due_probes(at timestamptz, horizon timestamptz, max_count int)
  returns table (workspace_id bigint, monitor_id bigint, app_id bigint, url text, timeout_ms integer,
    locations text[], due_at timestamptz)
  language plpgsql security definer set search_path = public as $$
begin
  insert into ops_monitors (workspace_id, app_id, next_probe_at)
    select a.workspace_id, a.id, at from ecosystem_apps a
    where not exists (
      select 1 from ops_monitors m where m.workspace_id = a.workspace_id and m.app_id = a.id and m.url is null)
    on conflict do nothing;
  return query
  with due as (
    select m.workspace_id as ws, m.id, m.next_probe_at from ops_monitors m
    where m.next_probe_at <= horizon
      and coalesce((select f.uptime_monitoring from ops_features f where f.workspace_id = m.workspace_id), true)
    order by m.next_probe_at
    limit max_count
    for update skip locked
  )
  update ops_monitors m set next_probe_at = case
      when due.next_probe_at + make_interval(secs => m.interval_seconds) > at
        then due.next_probe_at + make_interval(secs => m.interval_seconds)
      else at + make_interval(secs => m.interval_seconds) end
  from due, ecosystem_apps a
  where m.workspace_id = due.ws and m.id = due.id and a.workspace_id = m.workspace_id and a.id = m.app_id
  returning m.workspace_id, m.id, m.app_id, coalesce(m.url, a.url), m.timeout_ms, m.locations, due.next_probe_at;
end $$;
