-- Reports (issue 34 §1): a workspace's saved report definitions. The definition (source, measures,
-- breakdown, filters, range, chart) is JSON checked by the API's schema on the way in and again when read,
-- so a definition the catalogue no longer accepts answers 400 instead of running. Dashboards (issue 34 §2)
-- will place reports by id; deleting a report takes its places with it.

create table reports (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  name text not null check (btrim(name) <> '' and length(name) <= 200),
  definition jsonb not null check (jsonb_typeof(definition) = 'object'),
  created_by bigint references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index reports_workspace_idx on reports (workspace_id, lower(name), id);
create index reports_created_by_fk on reports (created_by) where created_by is not null;
select app_enable_tenant_rls('reports');
create trigger reports_touch before update on reports for each row execute function app_touch_updated_at();
