-- CSV contact imports: the job (progress + resume checkpoint), the uploaded file, and the failed rows.

create table import_jobs (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  created_by bigint references users(id) on delete set null,
  filename text not null,
  file_bytes bigint not null default 0,
  status text not null default 'processing' check (status in ('processing', 'completed', 'failed')),
  -- The header record as written in the file (the error report repeats it).
  header text[] not null default '{}',
  preview jsonb not null default '[]',
  total_rows integer not null default 0,
  -- Also the resume checkpoint: committed in the same transaction as each batch's contacts, so a
  -- restarted run skips exactly the rows whose effects are already in the database.
  processed_rows integer not null default 0,
  successful_imports integer not null default 0,
  failed_imports integer not null default 0,
  created_contacts integer not null default 0,
  updated_contacts integer not null default 0,
  -- Fencing token of the run that owns the job; a batch commits only while its run still owns it.
  runner uuid,
  attempts integer not null default 0,
  error_message text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);
create index import_jobs_workspace_idx on import_jobs (workspace_id, created_at desc, id desc);
select app_enable_tenant_rls('import_jobs');

-- The uploaded file in fixed-size chunks, so a restarted worker reads it again from any offset.
create table import_file_chunks (
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  job_id bigint not null references import_jobs(id) on delete cascade,
  seq integer not null,
  data bytea not null,
  primary key (workspace_id, job_id, seq)
);
-- CSV text is read once and deleted; compressing it would only cost CPU.
alter table import_file_chunks alter column data set storage external;
select app_enable_tenant_rls('import_file_chunks');

create table import_row_errors (
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  job_id bigint not null references import_jobs(id) on delete cascade,
  row_number integer not null,
  line_number integer not null,
  reason text not null,
  fields text[] not null,
  primary key (workspace_id, job_id, row_number)
);
select app_enable_tenant_rls('import_row_errors');

-- Jobs to resume when workers start, across workspaces (reveals ids only).
create or replace function app_unfinished_import_jobs() returns table (workspace_id bigint, id bigint)
  language sql stable security definer set search_path = public as $$
  select workspace_id, id from import_jobs where status = 'processing'
$$;
