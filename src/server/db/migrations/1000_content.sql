-- Content studio (issue 15 §1–2): generated and edited content items, their translations, and each
-- workspace's WordPress connection.

create table content_items (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  website_id integer,
  type text not null check (type in ('blog', 'social', 'email', 'landing', 'product')),
  status text not null default 'draft' check (status in ('draft', 'scheduled', 'published')),
  topic text not null check (btrim(topic) <> '' and length(topic) <= 200),
  title text not null check (btrim(title) <> '' and length(title) <= 200),
  slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 120),
  outline text[] not null default '{}',
  body text not null check (length(body) <= 100000),
  meta_description text not null default '' check (length(meta_description) <= 300),
  keywords text[] not null default '{}',
  locale text not null default 'en',
  -- The item this one translates (a translation is an item of its own, editable and publishable).
  source_id bigint references content_items(id) on delete cascade,
  -- 'offline' (the deterministic generator) or the provider's name: the UI labels which wrote it.
  generator text not null,
  -- The site-health on-page checks of the last SEO pass: [{id, passed, detail?}], null when not run.
  seo_checks jsonb,
  scheduled_at timestamptz(3),
  published_at timestamptz(3),
  -- Where WordPress put it, once published there.
  wordpress_post_id bigint,
  wordpress_url text,
  wordpress_error text,
  created_by bigint references users(id) on delete set null,
  created_at timestamptz(3) not null default now(),
  updated_at timestamptz(3) not null default now(),
  foreign key (workspace_id, website_id) references websites (workspace_id, id) on delete set null (website_id),
  unique (workspace_id, slug),
  check ((status = 'scheduled') = (scheduled_at is not null)),
  check ((status = 'published') = (published_at is not null))
);
create index content_items_list_idx on content_items (workspace_id, created_at desc, id desc);
create index content_items_feed_idx on content_items (workspace_id, website_id, published_at desc)
  where status = 'published';
create index content_items_source_fk on content_items (source_id) where source_id is not null;
create index content_items_created_by_fk on content_items (created_by) where created_by is not null;
select app_enable_tenant_rls('content_items');
create trigger content_items_touch before update on content_items for each row execute function app_touch_updated_at();

create table content_wordpress (
  workspace_id bigint primary key default app_current_workspace() references workspaces(id) on delete cascade,
  site_url text not null,
  username text not null,
  -- The application password, sealed with SECRET_KEY (AES-256-GCM, the workspace id as context).
  sealed_password text not null,
  updated_at timestamptz not null default now()
);
select app_enable_tenant_rls('content_wordpress');
create trigger content_wordpress_touch before update on content_wordpress for each row execute function app_touch_updated_at();

-- Scheduled items whose time has come, in every workspace (the publish sweep runs outside any one).
create or replace function app_due_content(at timestamptz)
  returns table (workspace_id bigint, id bigint)
  language sql stable security definer set search_path = public as $$
  select workspace_id, id from content_items where status = 'scheduled' and scheduled_at <= at order by scheduled_at, id
$$;
create index content_items_due_idx on content_items (scheduled_at) where status = 'scheduled';
