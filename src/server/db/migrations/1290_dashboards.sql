-- Dashboards (issue 34 §2): named arrangements of saved reports on a 12-column grid. A dashboard is shared
-- with the workspace or private to the member who made it (the service reads only those a member may see).
-- A tile is one report's place; deleting the report or the dashboard takes the tile with it. The API checks
-- the layout (inside the grid, no overlaps); the checks here keep a stray write from storing nonsense.

create table dashboards (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  name text not null check (btrim(name) <> '' and length(name) <= 200),
  visibility text not null default 'workspace' check (visibility in ('workspace', 'private')),
  created_by bigint not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index dashboards_workspace_idx on dashboards (workspace_id, lower(name), id);
create index dashboards_created_by_fk on dashboards (created_by);
select app_enable_tenant_rls('dashboards');
create trigger dashboards_touch before update on dashboards for each row execute function app_touch_updated_at();

create table dashboard_tiles (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  dashboard_id bigint not null references dashboards(id) on delete cascade,
  report_id bigint not null references reports(id) on delete cascade,
  x smallint not null check (x >= 0 and x < 12),
  y smallint not null check (y >= 0),
  w smallint not null check (w >= 1 and x + w <= 12),
  h smallint not null check (h >= 1)
);
create index dashboard_tiles_dashboard_idx on dashboard_tiles (dashboard_id, y, x);
create index dashboard_tiles_report_fk on dashboard_tiles (report_id);
create index dashboard_tiles_workspace_fk on dashboard_tiles (workspace_id);
select app_enable_tenant_rls('dashboard_tiles');

-- A member's choice to see one dashboard instead of the four stat cards on the dashboard tab.
create table dashboard_homes (
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  user_id bigint not null references users(id) on delete cascade,
  dashboard_id bigint not null references dashboards(id) on delete cascade,
  primary key (workspace_id, user_id)
);
create index dashboard_homes_dashboard_fk on dashboard_homes (dashboard_id);
create index dashboard_homes_user_fk on dashboard_homes (user_id);
select app_enable_tenant_rls('dashboard_homes');
