-- Google Search Console (issue 13 §2): a workspace's service account (private key sealed with SECRET_KEY),
-- the property and last sync of each website, and the rank measured per website and target keyword.

create table search_console_connections (
  workspace_id bigint primary key default app_current_workspace() references workspaces(id) on delete cascade,
  client_email text not null check (length(client_email) <= 320),
  sealed_private_key text not null,
  connected_at timestamptz not null default now()
);
select app_enable_tenant_rls('search_console_connections');

create table search_console_sites (
  workspace_id bigint not null default app_current_workspace(),
  website_id integer not null,
  -- 'sc-domain:example.com' or a URL-prefix property ('https://example.com/').
  property text not null check (length(property) between 1 and 2048),
  status text not null default 'pending'
    check (status in ('pending', 'ok', 'unauthorized', 'forbidden', 'rate_limited', 'failed')),
  error text,
  synced_at timestamptz,
  primary key (workspace_id, website_id),
  foreign key (workspace_id, website_id) references websites (workspace_id, id) on delete cascade
);
select app_enable_tenant_rls('search_console_sites');

create table search_console_ranks (
  workspace_id bigint not null default app_current_workspace(),
  website_id integer not null,
  path text not null,
  keyword text not null,
  position real not null,
  clicks integer not null,
  impressions integer not null,
  -- The last day of the measured 28 days.
  measured_on date not null,
  primary key (workspace_id, website_id, path, keyword),
  foreign key (workspace_id, website_id) references websites (workspace_id, id) on delete cascade
);
select app_enable_tenant_rls('search_console_ranks');

-- The daily sync visits every connected workspace (the runtime role sees one workspace at a time).
create or replace function app_search_console_workspaces()
  returns table (workspace_id bigint)
  language sql stable security definer set search_path = public as $$
  select workspace_id from search_console_connections order by workspace_id
$$;
