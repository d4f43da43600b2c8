-- Site health (issue 13): per-website crawl settings, crawls, every URL a crawl met, every link, and the
-- link-fix deployments the owner recorded.

create table site_health_settings (
  workspace_id bigint not null default app_current_workspace(),
  website_id integer not null,
  -- null: https://<domain>/. A value starting with '/' is a path on this product's own origin (the demo's
  -- fixture sites); the API accepts only absolute http(s) URLs.
  start_url text check (length(start_url) <= 2048),
  server_type text not null default 'nginx'
    check (server_type in ('nginx', 'apache', 'netlify', 'vercel', 'cloudflare', 'express')),
  page_budget integer not null default 500 check (page_budget between 1 and 20000),
  max_depth integer not null default 5 check (max_depth between 0 and 50),
  -- [{ "path": "/pricing", "keyword": "coaching prices" }]: the pages' target keyphrases.
  keywords jsonb not null default '[]' check (jsonb_typeof(keywords) = 'array'),
  primary key (workspace_id, website_id),
  foreign key (workspace_id, website_id) references websites (workspace_id, id) on delete cascade
);
select app_enable_tenant_rls('site_health_settings');

create table site_crawls (
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  id bigint generated always as identity primary key,
  website_id integer not null,
  -- 'verify' crawls re-check the URLs a deployment fixed and follow nothing.
  kind text not null check (kind in ('full', 'verify')),
  trigger text not null check (trigger in ('manual', 'scheduled', 'deployment')),
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  start_url text not null,
  page_budget integer not null,
  max_depth integer not null,
  robots_status text check (robots_status in ('ok', 'missing', 'invalid', 'unreachable')),
  robots_txt text,
  -- How many URLs the site's sitemaps listed (null: no sitemap found).
  sitemap_urls integer,
  -- One worker at a time: a worker holds the lease while it works and renews it per batch.
  lease_until timestamptz,
  error text,
  seo_score integer,
  -- Written when the crawl finishes: live pages, URLs met, broken URLs (the Analytics tab's history).
  pages_ok integer,
  urls_total integer,
  urls_broken integer,
  -- What changed since the previous full crawl of the website (written when the crawl finishes).
  comparison jsonb,
  deployment_id bigint,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  foreign key (workspace_id, website_id) references websites (workspace_id, id) on delete cascade
);
create index site_crawls_website_idx on site_crawls (workspace_id, website_id, id desc);
create index site_crawls_unfinished_idx on site_crawls (id) where status in ('queued', 'running');
select app_enable_tenant_rls('site_crawls');

create table site_urls (
  workspace_id bigint not null default app_current_workspace(),
  crawl_id bigint not null references site_crawls (id) on delete cascade,
  url text not null,
  internal boolean not null,
  depth integer not null,
  -- skipped: robots.txt disallows it, or it lies beyond the depth or the page budget.
  state text not null default 'queued' check (state in ('queued', 'done', 'skipped')),
  skip_reason text check (skip_reason in ('robots', 'depth', 'budget')),
  http_status integer,
  -- An internal redirect is recorded hop by hop (its target is a URL of the crawl); an external link's
  -- whole chain is recorded here, since it is checked, not crawled.
  location text,
  redirect_chain jsonb,
  error text,
  response_ms integer,
  size_bytes integer,
  content_type text,
  title text,
  meta_description text,
  canonical text,
  headings jsonb,
  word_count integer,
  images jsonb,
  hreflang jsonb,
  robots_directives text,
  seo jsonb,
  seo_score integer,
  fetched_at timestamptz,
  primary key (workspace_id, crawl_id, url)
);
create index site_urls_queued_idx on site_urls (crawl_id, depth) where state = 'queued';
select app_enable_tenant_rls('site_urls');

create table site_links (
  workspace_id bigint not null default app_current_workspace(),
  crawl_id bigint not null references site_crawls (id) on delete cascade,
  source_url text not null,
  target_url text not null,
  anchor_text text not null,
  nofollow boolean not null default false,
  primary key (workspace_id, crawl_id, source_url, target_url, anchor_text)
);
create index site_links_target_idx on site_links (workspace_id, crawl_id, target_url);
select app_enable_tenant_rls('site_links');

create table link_fix_deployments (
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  id bigint generated always as identity primary key,
  website_id integer not null,
  domain text not null,
  server_type text not null,
  -- [{ brokenUrl, fixedUrl }] as deployed.
  fixes jsonb not null,
  snippet text not null,
  deployed_by bigint references users(id) on delete set null,
  created_at timestamptz not null default now(),
  foreign key (workspace_id, website_id) references websites (workspace_id, id) on delete cascade
);
select app_enable_tenant_rls('link_fix_deployments');

-- The scheduler and the restart recovery run outside any workspace; they learn ids only.
create or replace function app_unfinished_site_crawls()
  returns table (workspace_id bigint, id bigint)
  language sql stable security definer set search_path = public as $$
  select workspace_id, id from site_crawls where status in ('queued', 'running') order by id
$$;

create or replace function app_all_websites()
  returns table (workspace_id bigint, website_id integer)
  language sql stable security definer set search_path = public as $$
  select workspace_id, id from websites order by workspace_id, id
$$;
