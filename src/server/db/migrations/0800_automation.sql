-- Automation (issue 16): workflows with versions, their runs and per-step history, and the
-- workspace's automation settings (run retention). A run belongs to the version it started on, so
-- editing an active workflow never changes a run under way.

create table automation_settings (
  workspace_id bigint primary key default app_current_workspace() references workspaces(id) on delete cascade,
  -- Finished runs older than this are pruned (the owner sets it).
  run_retention_days integer not null default 90 check (run_retention_days between 1 and 3650),
  -- Open and click tracking of marketing mail; off, messages carry no pixel and no rewritten links.
  tracking_enabled boolean not null default true,
  -- Marketing messages sent per minute at most (0 = no limit).
  send_rate_per_minute integer not null default 600 check (send_rate_per_minute between 0 and 100000)
);
select app_enable_tenant_rls('automation_settings');

create table workflows (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  name text not null check (btrim(name) <> '' and length(name) <= 200),
  description text not null default '' check (length(description) <= 1000),
  status text not null default 'draft' check (status in ('draft', 'active', 'paused')),
  -- The current version's trigger type, so an event finds its workflows through an index.
  trigger_type text not null,
  current_version integer not null default 1,
  -- A schedule trigger's last fired slot (start of the interval it ran for).
  last_scheduled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index workflows_trigger_idx on workflows (workspace_id, status, trigger_type);
select app_enable_tenant_rls('workflows');
create trigger workflows_touch before update on workflows for each row execute function app_touch_updated_at();

create table workflow_versions (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  workflow_id bigint not null references workflows(id) on delete cascade,
  version integer not null,
  definition jsonb not null,
  created_at timestamptz not null default now(),
  unique (workflow_id, version)
);
select app_enable_tenant_rls('workflow_versions');

create table workflow_runs (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  workflow_id bigint not null references workflows(id) on delete cascade,
  version_id bigint not null references workflow_versions(id) on delete cascade,
  contact_id bigint references contacts(id) on delete set null,
  -- One run per trigger event per workflow: the event's key (e.g. 'contact.created:42').
  trigger_key text not null,
  status text not null default 'running' check (status in ('running', 'waiting', 'completed', 'failed')),
  -- The step to run next, as a path into the version's step tree ('2', '3/yes/0'); '' when done.
  cursor text not null default '0',
  -- Attempts of the current step so far (retries with backoff).
  step_attempts integer not null default 0,
  wake_at timestamptz,
  -- A running run not advanced by then is stuck: the watchdog fails it.
  deadline_at timestamptz,
  failure_reason text,
  -- A/B split choices made so far (path -> variant index), so a retried step chooses the same.
  choices jsonb not null default '{}',
  started_at timestamptz not null,
  finished_at timestamptz,
  unique (workflow_id, trigger_key),
  check ((status = 'waiting') = (wake_at is not null))
);
create index workflow_runs_workflow_idx on workflow_runs (workspace_id, workflow_id, started_at desc, id desc);
create index workflow_runs_contact_idx on workflow_runs (workspace_id, contact_id, started_at desc) where contact_id is not null;
create index workflow_runs_waiting_idx on workflow_runs (wake_at) where status = 'waiting';
create index workflow_runs_running_idx on workflow_runs (deadline_at) where status = 'running';
create index workflow_runs_finished_idx on workflow_runs (workspace_id, finished_at) where finished_at is not null;
create index workflow_runs_version_fk on workflow_runs (version_id);
create index workflow_runs_contact_fk on workflow_runs (contact_id) where contact_id is not null;
select app_enable_tenant_rls('workflow_runs');

create table workflow_run_steps (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  run_id bigint not null references workflow_runs(id) on delete cascade,
  path text not null,
  step_type text not null,
  status text not null check (status in ('completed', 'failed', 'retrying', 'waiting')),
  attempts integer not null default 1,
  detail text,
  finished_at timestamptz not null,
  unique (run_id, path)
);
create index workflow_run_steps_type_idx on workflow_run_steps (workspace_id, step_type, status);
select app_enable_tenant_rls('workflow_run_steps');

-- The workers' sweeps run outside any workspace; these reveal ids only.
create or replace function app_due_workflow_runs(at timestamptz)
  returns table (workspace_id bigint, id bigint)
  language sql stable security definer set search_path = public as $$
  select workspace_id, id from workflow_runs where status = 'waiting' and wake_at <= at order by wake_at limit 1000
$$;

create or replace function app_stuck_workflow_runs(at timestamptz)
  returns table (workspace_id bigint, id bigint)
  language sql stable security definer set search_path = public as $$
  select workspace_id, id from workflow_runs where status = 'running' and deadline_at < at order by deadline_at limit 1000
$$;

create or replace function app_unfinished_workflow_runs()
  returns table (workspace_id bigint, id bigint)
  language sql stable security definer set search_path = public as $$
  select workspace_id, id from workflow_runs where status = 'running' order by id
$$;

create or replace function app_scheduled_workflows()
  returns table (workspace_id bigint, id bigint)
  language sql stable security definer set search_path = public as $$
  select workspace_id, id from workflows where status = 'active' and trigger_type = 'schedule' order by id
$$;

create or replace function app_workspaces_with_finished_runs()
  returns table (workspace_id bigint)
  language sql stable security definer set search_path = public as $$
  select distinct workspace_id from workflow_runs where finished_at is not null
$$;
