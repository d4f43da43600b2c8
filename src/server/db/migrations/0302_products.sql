-- What each of a workspace's websites sells (payments panel, spec 000 §2.4), in integer cents.
create table products (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  website_id integer not null,
  name text not null check (length(name) between 1 and 120),
  description text not null default '',
  price_cents bigint not null check (price_cents >= 0),
  billing text not null check (billing in ('one_time', 'monthly', 'yearly')),
  created_at timestamptz not null default now(),
  foreign key (workspace_id, website_id) references websites(workspace_id, id) on delete cascade
);
create index products_workspace_website_idx on products (workspace_id, website_id, id);
select app_enable_tenant_rls('products');
