-- Backups of a workspace (files in the data directory), restores into new workspaces, and succession.

create table backups (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  trigger text not null check (trigger in ('manual', 'scheduled')),
  status text not null default 'queued' check (status in ('queued', 'running', 'completed', 'failed')),
  -- Tables written so far out of all, while running.
  tables_done integer not null default 0,
  tables_total integer not null default 0,
  error text,
  file_name text,
  size_bytes bigint,
  file_sha256 text,
  schema_version text,
  -- [{table, rows, checksum}] in file order.
  tables jsonb,
  total_rows bigint,
  verify_status text not null default 'unverified' check (verify_status in ('unverified', 'queued', 'verified', 'failed')),
  verified_at timestamptz,
  verify_error text,
  -- A running backup's worker holds it until then; a killed worker's backup is taken over after it.
  lease_until timestamptz,
  created_by bigint references users(id) on delete set null,
  created_at timestamptz not null default now(),
  completed_at timestamptz
);
select app_enable_tenant_rls('backups');
create index backups_workspace_idx on backups (workspace_id, created_at desc, id desc);
create index backups_unfinished_idx on backups (id) where status in ('queued', 'running');

create table backup_restores (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  backup_id bigint not null references backups(id) on delete cascade,
  status text not null default 'queued' check (status in ('queued', 'running', 'completed', 'failed')),
  -- Not a foreign key: the new workspace is another tenant, and outlives or predeceases this record freely.
  new_workspace_id bigint,
  error text,
  created_by bigint references users(id) on delete set null,
  created_at timestamptz not null default now(),
  completed_at timestamptz
);
select app_enable_tenant_rls('backup_restores');
create index backup_restores_backup_idx on backup_restores (workspace_id, backup_id, id desc);
create index backup_restores_backup_fk on backup_restores (backup_id);
create index backup_restores_unfinished_idx on backup_restores (id) where status in ('queued', 'running');

-- The schema a backup was taken with: the runtime role may not read schema_migrations itself.
create or replace function app_schema_version()
  returns text language sql stable security definer set search_path = public as $$
  select count(*) || ':' || coalesce(max(name), '') from schema_migrations
$$;

-- The weekly schedule and the restart recovery run outside any workspace; they learn ids only.
create or replace function app_all_workspace_ids()
  returns table (workspace_id bigint)
  language sql stable security definer set search_path = public as $$
  select id from workspaces order by id
$$;

create or replace function app_unfinished_backups()
  returns table (workspace_id bigint, id bigint, kind text)
  language sql stable security definer set search_path = public as $$
  select workspace_id, id, 'backup' from backups where status in ('queued', 'running')
  union all
  select workspace_id, id, 'restore' from backup_restores where status in ('queued', 'running')
  order by 2
$$;

-- Succession: when the owner has not signed in for the chosen period, the successor may take over.
alter table users add column last_sign_in_at timestamptz;

create table succession_plans (
  workspace_id bigint primary key default app_current_workspace() references workspaces(id) on delete cascade,
  owner_id bigint not null references users(id) on delete cascade,
  successor_id bigint not null references users(id) on delete cascade,
  inactivity_days integer not null check (inactivity_days between 1 and 3650),
  status text not null default 'active' check (status in ('active', 'notified', 'claimed', 'cancelled')),
  notified_at timestamptz,
  closed_at timestamptz,
  created_at timestamptz not null default now()
);
select app_enable_tenant_rls('succession_plans');
create index succession_plans_owner_fk on succession_plans (owner_id);
create index succession_plans_successor_fk on succession_plans (successor_id);

create or replace function app_open_succession_plans()
  returns table (workspace_id bigint)
  language sql stable security definer set search_path = public as $$
  select workspace_id from succession_plans where status in ('active', 'notified') order by workspace_id
$$;
