-- Operations console (issue 12): signed webhooks in and out, uptime monitoring, live events and app
-- integration for the workspace's ecosystem apps. Signing secrets are not stored: each app's secret is
-- derived from SECRET_KEY and the app's id (see operations/signing.ts), so a database dump holds none.

-- The seven feature flags of spec 001 (Central Monitoring), one row per workspace once changed.
create table ops_features (
  workspace_id bigint primary key default app_current_workspace() references workspaces(id) on delete cascade,
  webhook_logging boolean not null default true,
  uptime_monitoring boolean not null default true,
  user_analytics boolean not null default true,
  certification_tracking boolean not null default true,
  trauma_insights boolean not null default true,
  referral_tracking boolean not null default true,
  revenue_analytics boolean not null default true,
  updated_at timestamptz not null default now()
);
select app_enable_tenant_rls('ops_features');

-- Per app: inbound counters, webhook deployment and the Phase 3 integration.
create table ops_app_state (
  app_id bigint primary key references ecosystem_apps(id) on delete cascade,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  events_received bigint not null default 0,
  error_count integer not null default 0,
  last_event_at timestamptz,
  webhooks_deployed_at timestamptz,
  integration_status text not null default 'pending'
    check (integration_status in ('pending', 'integrating', 'active', 'error')),
  -- Steps done of the four (probe, deploy, handshake, acknowledgement).
  integration_step integer not null default 0 check (integration_step between 0 and 4),
  integration_error text,
  -- The handshake's nonce: the app's signed `integration.ack` must carry it back.
  integration_nonce text
);
create index ops_app_state_workspace_idx on ops_app_state (workspace_id);
select app_enable_tenant_rls('ops_app_state');

-- Events received from apps (source 'app') and raised by the hub itself (status changes, deploys).
create table ops_events (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  app_id bigint references ecosystem_apps(id) on delete set null,
  app_name text not null,
  source text not null check (source in ('app', 'hub')),
  -- The Standard Webhooks `webhook-id`: the idempotency key of an app's event.
  webhook_id text not null check (length(webhook_id) between 1 and 200),
  event_type text not null check (length(event_type) between 1 and 100),
  status text not null default 'ok' check (length(status) between 1 and 40),
  tag text check (length(tag) <= 60),
  description text not null default '' check (length(description) <= 500),
  -- Null when the workspace's webhook logging is off.
  payload jsonb,
  received_at timestamptz not null default now()
);
create unique index ops_events_webhook_uq on ops_events (workspace_id, coalesce(app_id, 0), webhook_id);
create index ops_events_recent_idx on ops_events (workspace_id, received_at desc, id desc);
create index ops_events_app_fk on ops_events (app_id) where app_id is not null;
select app_enable_tenant_rls('ops_events');

-- Where an app receives signed webhooks from the hub.
create table ops_endpoints (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  app_id bigint not null references ecosystem_apps(id) on delete cascade,
  -- Null: the app's default receiving path, `api/receive` under its URL (spec 001's documented endpoint).
  url text check (length(url) <= 2048),
  disabled_at timestamptz,
  disabled_reason text,
  -- The first failure of the current run of failures; five days of them disable the endpoint.
  failing_since timestamptz,
  created_at timestamptz not null default now()
);
create index ops_endpoints_app_idx on ops_endpoints (workspace_id, app_id, id);
create index ops_endpoints_app_fk on ops_endpoints (app_id);
select app_enable_tenant_rls('ops_endpoints');

-- Triggers: events of this type are forwarded to this endpoint.
create table ops_triggers (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  endpoint_id bigint not null references ops_endpoints(id) on delete cascade,
  action text not null check (length(action) between 1 and 100),
  unique (endpoint_id, action)
);
create index ops_triggers_action_idx on ops_triggers (workspace_id, action);
select app_enable_tenant_rls('ops_triggers');

-- One message to one endpoint; every attempt and replay sends the same webhook id and body.
create table ops_deliveries (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  endpoint_id bigint not null references ops_endpoints(id) on delete cascade,
  event_id bigint references ops_events(id) on delete set null,
  webhook_id text not null,
  event_type text not null,
  body text not null,
  status text not null default 'pending' check (status in ('pending', 'sending', 'succeeded', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- While 'sending': the worker holding it; after this time another may take it over (a killed worker).
  lease_until timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index ops_deliveries_endpoint_idx on ops_deliveries (workspace_id, endpoint_id, id desc);
create index ops_deliveries_unfinished_idx on ops_deliveries (status) where status in ('pending', 'sending');
create index ops_deliveries_event_fk on ops_deliveries (event_id) where event_id is not null;
create index ops_deliveries_endpoint_fk on ops_deliveries (endpoint_id);
select app_enable_tenant_rls('ops_deliveries');

create table ops_delivery_attempts (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  delivery_id bigint not null references ops_deliveries(id) on delete cascade,
  attempted_at timestamptz not null default now(),
  status_code integer,
  response_excerpt text not null default '',
  duration_ms integer not null,
  error text
);
create index ops_delivery_attempts_delivery_idx on ops_delivery_attempts (delivery_id, id);
select app_enable_tenant_rls('ops_delivery_attempts');

-- Uptime monitors: every app's own URL (url null) and any extra URL.
create table ops_monitors (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  app_id bigint not null references ecosystem_apps(id) on delete cascade,
  url text check (length(url) <= 2048),
  interval_seconds integer not null default 60 check (interval_seconds between 60 and 86400),
  timeout_ms integer not null default 10000 check (timeout_ms between 1000 and 60000),
  next_probe_at timestamptz not null default now(),
  status text not null default 'unknown' check (status in ('unknown', 'up', 'down')),
  last_checked_at timestamptz,
  last_response_ms integer,
  last_error text
);
create unique index ops_monitors_app_default_uq on ops_monitors (app_id) where url is null;
create index ops_monitors_due_idx on ops_monitors (next_probe_at);
create index ops_monitors_workspace_idx on ops_monitors (workspace_id, app_id);
select app_enable_tenant_rls('ops_monitors');

-- Raw probe results of the last 24 hours.
create table ops_heartbeats (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  monitor_id bigint not null references ops_monitors(id) on delete cascade,
  checked_at timestamptz not null,
  up boolean not null,
  status_code integer,
  response_ms integer not null,
  message text
);
create index ops_heartbeats_monitor_idx on ops_heartbeats (monitor_id, checked_at desc);
create index ops_heartbeats_age_idx on ops_heartbeats (checked_at);
select app_enable_tenant_rls('ops_heartbeats');

-- Minute buckets (kept a day) and hour buckets (kept 30 days), as Uptime Kuma keeps its stats.
create table ops_uptime_buckets (
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  monitor_id bigint not null references ops_monitors(id) on delete cascade,
  size text not null check (size in ('minute', 'hour')),
  bucket_start timestamptz not null,
  up integer not null default 0,
  down integer not null default 0,
  response_ms_total bigint not null default 0,
  primary key (monitor_id, size, bucket_start)
);
create index ops_uptime_buckets_workspace_idx on ops_uptime_buckets (workspace_id, size, bucket_start);
select app_enable_tenant_rls('ops_uptime_buckets');

-- A monitor that went down: open until it answers again. Open incidents are the health check's alerts.
create table ops_incidents (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  monitor_id bigint not null references ops_monitors(id) on delete cascade,
  opened_at timestamptz not null,
  closed_at timestamptz,
  reason text not null default ''
);
create index ops_incidents_open_idx on ops_incidents (workspace_id) where closed_at is null;
create index ops_incidents_monitor_fk on ops_incidents (monitor_id);
select app_enable_tenant_rls('ops_incidents');

-- The inbound address names the app; this gives its workspace and name only (the signature authenticates).
create or replace function app_ops_inbound_app(app bigint) returns table (workspace_id bigint, name text)
  language sql stable security definer set search_path = public as $$
  select a.workspace_id, a.name from ecosystem_apps a where a.id = app
$$;

-- Claims the monitors due at `at` across workspaces whose uptime monitoring is on, moving each one's next
-- probe a full interval on in the same statement: however many processes tick, a monitor is probed once
-- per interval. Apps without a monitor get their default one first.
create or replace function app_ops_claim_due_probes(at timestamptz, max_count integer)
  returns table (workspace_id bigint, monitor_id bigint, app_id bigint, url text, timeout_ms integer)
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
  returning m.workspace_id, m.id, m.app_id, coalesce(m.url, a.url), m.timeout_ms;
end $$;

-- Deliveries a stopped or killed worker left unfinished, across workspaces (ids and lease only).
create or replace function app_ops_unfinished_deliveries()
  returns table (workspace_id bigint, id bigint, status text, lease_until timestamptz, next_attempt_at timestamptz)
  language sql stable security definer set search_path = public as $$
  select d.workspace_id, d.id, d.status, d.lease_until, d.next_attempt_at from ops_deliveries d
  where d.status in ('pending', 'sending')
$$;

-- Integrations a stopped worker left mid-way (before the wait for the app's acknowledgement).
create or replace function app_ops_unfinished_integrations() returns table (workspace_id bigint, app_id bigint)
  language sql stable security definer set search_path = public as $$
  select s.workspace_id, s.app_id from ops_app_state s
  where s.integration_status = 'integrating' and s.integration_step < 3
$$;

-- Retention: heartbeats and minute buckets a day, hour buckets and events 30 days.
create or replace function app_ops_prune(at timestamptz) returns void
  language sql security definer set search_path = public as $$
  delete from ops_heartbeats where checked_at < at - interval '24 hours';
  delete from ops_uptime_buckets where size = 'minute' and bucket_start < at - interval '24 hours';
  delete from ops_uptime_buckets where size = 'hour' and bucket_start < at - interval '30 days';
  delete from ops_events where received_at < at - interval '30 days';
$$;

-- Every app gets its operations state, its default receiving endpoint and its default monitor when it is
-- added (in the adding transaction, so in its workspace); apps that existed before get them here.
create or replace function app_ops_app_added() returns trigger language plpgsql as $$
begin
  insert into ops_app_state (app_id, workspace_id) values (new.id, new.workspace_id);
  insert into ops_endpoints (app_id, workspace_id) values (new.id, new.workspace_id);
  insert into ops_monitors (app_id, workspace_id) values (new.id, new.workspace_id);
  return null;
end $$;
create trigger ecosystem_apps_ops after insert on ecosystem_apps for each row execute function app_ops_app_added();
insert into ops_app_state (app_id, workspace_id) select id, workspace_id from ecosystem_apps;
insert into ops_endpoints (app_id, workspace_id) select id, workspace_id from ecosystem_apps;
insert into ops_monitors (app_id, workspace_id) select id, workspace_id from ecosystem_apps;
