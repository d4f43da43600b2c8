-- Ecosystem console (issue 11): the workspace's family of apps, their data endpoints, collection runs,
-- the cross-sales matrix and the priority plan.

create table ecosystem_apps (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  name text not null check (btrim(name) <> '' and length(name) <= 120),
  category text not null check (category in ('core', 'business', 'healing', 'nonprofit', 'entertainment', 'education')),
  -- An absolute http(s) URL, or a path on this server (the demo's simulated apps under /demo-apps/).
  url text not null check (length(url) <= 2048),
  description text not null default '' check (length(description) <= 2000),
  app_type text not null default 'B2C' check (app_type in ('B2C', 'B2B', 'Mixed')),
  pricing_free boolean not null default false,
  pricing_monthly_cents bigint check (pricing_monthly_cents >= 0),
  pricing_annual_cents bigint check (pricing_annual_cents >= 0),
  pricing_lifetime_cents bigint check (pricing_lifetime_cents >= 0),
  pricing_one_time_cents bigint check (pricing_one_time_cents >= 0),
  features text[] not null default '{}',
  -- Where the app lists its users (User integration); null = the app has none to share.
  users_url text check (length(users_url) <= 2048),
  -- Names the app had before a rename: contacts still carrying one are standardised to the current name.
  former_names text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index ecosystem_apps_name_uq on ecosystem_apps (workspace_id, lower(name));
select app_enable_tenant_rls('ecosystem_apps');
create trigger ecosystem_apps_touch before update on ecosystem_apps for each row execute function app_touch_updated_at();

create table ecosystem_endpoints (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  app_id bigint not null references ecosystem_apps(id) on delete cascade,
  name text not null check (btrim(name) <> '' and length(name) <= 120),
  endpoint_type text not null check (endpoint_type in ('replit', 'canva', 'website')),
  category text not null check (category in ('leads', 'business', 'presentation', 'data', 'certification')),
  description text not null default '' check (length(description) <= 2000),
  url text not null check (length(url) <= 2048),
  format text not null default 'json' check (format in ('json', 'csv')),
  -- "Name: value" sealed with AES-256-GCM under SECRET_KEY (never returned, never logged).
  auth_header_sealed text,
  -- Contact field -> the key (JSON) or header (CSV) that feeds it; fields not named are matched by name.
  field_mapping jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index ecosystem_endpoints_app_idx on ecosystem_endpoints (workspace_id, app_id, id);
create index ecosystem_endpoints_app_fk on ecosystem_endpoints (app_id);
select app_enable_tenant_rls('ecosystem_endpoints');

-- One "collect" request: every endpoint of one app, or of all apps. Endpoints are worked in id order;
-- each batch commits its contacts with its result's counters, so a restarted run resumes where it stopped.
create table ecosystem_collection_runs (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  app_id bigint references ecosystem_apps(id) on delete set null,
  app_name text,
  status text not null default 'queued' check (status in ('queued', 'running', 'completed', 'failed')),
  runner uuid,
  total_endpoints integer not null default 0,
  error text,
  created_by bigint references users(id) on delete set null,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index ecosystem_runs_recent_idx on ecosystem_collection_runs (workspace_id, created_at desc, id desc);
create index ecosystem_runs_unfinished_idx on ecosystem_collection_runs (status) where status in ('queued', 'running');
create index ecosystem_runs_app_fk on ecosystem_collection_runs (app_id) where app_id is not null;
select app_enable_tenant_rls('ecosystem_collection_runs');

create table ecosystem_collection_results (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  run_id bigint not null references ecosystem_collection_runs(id) on delete cascade,
  endpoint_id bigint references ecosystem_endpoints(id) on delete set null,
  position integer not null,
  app_name text not null,
  endpoint_name text not null,
  status text not null default 'pending' check (status in ('pending', 'running', 'completed', 'failed')),
  processed_rows integer not null default 0,
  fetched integer not null default 0,
  created integer not null default 0,
  updated integer not null default 0,
  failed integer not null default 0,
  reason text,
  -- The first failed rows with their reasons (the rest are counted).
  failures jsonb not null default '[]',
  unique (run_id, position)
);
create index ecosystem_results_endpoint_fk on ecosystem_collection_results (endpoint_id) where endpoint_id is not null;
select app_enable_tenant_rls('ecosystem_collection_results');

-- The cross-sales matrix: users of one app fit another app's services.
create table cross_sales_targets (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  source_app_id bigint not null references ecosystem_apps(id) on delete cascade,
  target_app_id bigint not null references ecosystem_apps(id) on delete cascade,
  services text[] not null default '{}',
  value_min_cents bigint not null check (value_min_cents >= 0),
  value_max_cents bigint not null,
  reasoning text not null default '' check (length(reasoning) <= 2000),
  check (value_max_cents >= value_min_cents),
  check (source_app_id <> target_app_id),
  unique (workspace_id, source_app_id, target_app_id)
);
create index cross_sales_targets_source_fk on cross_sales_targets (source_app_id);
create index cross_sales_targets_target_fk on cross_sales_targets (target_app_id);
select app_enable_tenant_rls('cross_sales_targets');

create table cross_sales_plan_items (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  title text not null check (btrim(title) <> '' and length(title) <= 200),
  source_app text not null,
  target_app text not null,
  priority text not null check (priority in ('CRITICAL', 'HIGH', 'MEDIUM', 'LOW')),
  revenue_cents bigint not null default 0 check (revenue_cents >= 0),
  timeline text not null default '',
  difficulty text not null check (difficulty in ('Easy', 'Medium', 'Hard')),
  status text not null default 'Not Started' check (status in ('Not Started', 'In Progress', 'Completed')),
  description text not null default '',
  target_audience text not null default '',
  steps text[] not null default '{}',
  started_at timestamptz,
  completed_at timestamptz,
  created_at timestamptz not null default now()
);
create index cross_sales_plan_idx on cross_sales_plan_items (workspace_id, id);
select app_enable_tenant_rls('cross_sales_plan_items');


-- Collection runs to resume when workers start, across workspaces (reveals ids only).
create or replace function app_unfinished_collection_runs() returns table (workspace_id bigint, id bigint)
  language sql stable security definer set search_path = public as $$
  select workspace_id, id from ecosystem_collection_runs where status in ('queued', 'running')
$$;
