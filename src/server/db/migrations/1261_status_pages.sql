-- A workspace's public status page (issue 33 §3): off until an owner or admin turns it on under a slug.
create table ops_status_pages (
  workspace_id bigint primary key default app_current_workspace() references workspaces(id) on delete cascade,
  -- Unique across workspaces (a restored copy gets a fresh random one, which fits the pattern).
  slug text not null check (slug ~ '^[a-z0-9][a-z0-9-]{1,58}[a-z0-9]$'),
  enabled boolean not null default false,
  updated_at timestamptz not null default now()
);
create unique index ops_status_pages_slug_uq on ops_status_pages (slug);
select app_enable_tenant_rls('ops_status_pages');

-- The public page is read before any workspace is known: this reveals an enabled page's workspace and name only.
create or replace function app_status_page_workspace(page_slug text) returns table (workspace_id bigint, name text)
  language sql stable security definer set search_path = public as $$
  select p.workspace_id, w.name from ops_status_pages p join workspaces w on w.id = p.workspace_id
  where p.slug = page_slug and p.enabled
$$;
