-- Contacts (CRM core): companies, contacts, contact timeline.

create table companies (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  name text not null check (btrim(name) <> ''),
  domain citext,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index companies_name_uq on companies (workspace_id, lower(name));
create unique index companies_domain_uq on companies (workspace_id, domain) where domain is not null;
select app_enable_tenant_rls('companies');

create table contacts (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  first_name text not null default '',
  last_name text not null default '',
  email citext,
  -- E.164 (+15551234567); normalised by the server with libphonenumber-js before it gets here.
  phone text check (phone ~ '^\+[1-9][0-9]{6,14}$'),
  company text,
  company_id bigint references companies(id) on delete set null,
  source text not null default 'Unknown' check (btrim(source) <> ''),
  status text not null default 'lead' check (status in ('lead', 'qualified', 'customer', 'lost')),
  value_cents bigint not null default 0 check (value_cents >= 0),
  last_contacted_at timestamptz,
  address text,
  city text,
  state text,
  zip text,
  latitude double precision check (latitude between -90 and 90),
  longitude double precision check (longitude between -180 and 180),
  contact_type text check (contact_type in ('buyer', 'seller', 'investor', 'realtor', 'friend', 'family')),
  tags text[] not null default '{}',
  notes text,
  owner_id bigint references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- One lower-cased haystack for search over name, email and company (one trigram index serves all three).
  search_text text generated always as (
    lower(first_name || ' ' || last_name || ' ' || coalesce(email::text, '') || ' ' || coalesce(company, ''))
  ) stored,
  -- Sort key for "name" ordering: what the table shows, case-insensitively.
  name_key text generated always as (lower(btrim(first_name || ' ' || last_name))) stored,
  check ((latitude is null) = (longitude is null))
);

-- Identity: one contact per email (case-insensitive, citext) and per E.164 phone in a workspace.
create unique index contacts_email_uq on contacts (workspace_id, email) where email is not null;
create unique index contacts_phone_uq on contacts (workspace_id, phone) where phone is not null;

create extension if not exists btree_gin;
-- Trigram search scoped by workspace: the GIN index carries workspace_id so a small
-- workspace never pays for a large one's postings.
create index contacts_search_trgm on contacts using gin (workspace_id, search_text gin_trgm_ops);

-- Keyset sort keys (each scanned forwards or backwards).
create index contacts_created_idx on contacts (workspace_id, created_at desc, id desc);
create index contacts_name_idx on contacts (workspace_id, name_key, id);
create index contacts_value_idx on contacts (workspace_id, value_cents desc, id desc);
create index contacts_last_contacted_idx
  on contacts (workspace_id, (coalesce(last_contacted_at, '-infinity'::timestamptz)) desc, id desc);
-- Filters with the default sort.
create index contacts_source_idx on contacts (workspace_id, source, created_at desc, id desc);
create index contacts_status_idx on contacts (workspace_id, status, created_at desc, id desc);
create index contacts_company_idx on contacts (company_id) where company_id is not null;
create index contacts_owner_idx on contacts (owner_id) where owner_id is not null;
-- Geofence and "nearby" queries use earth_box(...) @> ll_to_earth(latitude, longitude).
create index contacts_geo_idx on contacts using gist (ll_to_earth(latitude, longitude)) where latitude is not null;

select app_enable_tenant_rls('contacts');

create or replace function app_touch_updated_at() returns trigger language plpgsql as $$
begin
  new.updated_at := now();
  return new;
end $$;
create trigger contacts_touch before update on contacts for each row execute function app_touch_updated_at();
create trigger companies_touch before update on companies for each row execute function app_touch_updated_at();

create table contact_timeline (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  contact_id bigint not null references contacts(id) on delete cascade,
  kind text not null check (kind in ('note', 'email', 'call', 'message', 'status_change', 'import', 'created', 'updated')),
  title text not null,
  body text,
  occurred_at timestamptz not null default now(),
  metadata jsonb not null default '{}',
  created_by bigint references users(id) on delete set null,
  created_at timestamptz not null default now()
);
create index contact_timeline_contact_idx on contact_timeline (workspace_id, contact_id, occurred_at desc, id desc);
create index contact_timeline_contact_fk on contact_timeline (contact_id);
select app_enable_tenant_rls('contact_timeline');
