-- Duplicates (issue 32 §3): suggestions found by a scan job, merges with a snapshot that undo restores.

-- soundex() for the blocks of the fuzzy passes, levenshtein() for their names.
create extension if not exists fuzzystrmatch;

-- Two spellings of one name: equal, one edit apart, or two letters swapped ("Mary", "Mray"). Two edits of
-- another kind are another name more often than a typo ("James", "Jones").
create or replace function app_names_alike(a text, b text) returns boolean
  language sql immutable parallel safe as $$
  select a = b or levenshtein(a, b) <= 1 or (
    length(a) = length(b) and levenshtein(a, b) = 2
    and (select string_agg(c, '' order by c) from regexp_split_to_table(a, '') c)
      = (select string_agg(c, '' order by c) from regexp_split_to_table(b, '') c))
$$;

-- How long a workspace keeps what undo needs; one row per workspace once someone changes it.
create table duplicate_settings (
  workspace_id bigint primary key default app_current_workspace() references workspaces(id) on delete cascade,
  merge_history_days integer not null default 30 check (merge_history_days between 1 and 365),
  updated_at timestamptz not null default now()
);
select app_enable_tenant_rls('duplicate_settings');

create table duplicate_scans (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  -- Passes done of the scan's four (exact email, exact phone, company domain, surname), as a percentage.
  progress integer not null default 0 check (progress between 0 and 100),
  found integer not null default 0,
  error text,
  requested_by bigint references users(id) on delete set null,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);
create index duplicate_scans_recent_idx on duplicate_scans (workspace_id, id desc);
create index duplicate_scans_requested_by_fk on duplicate_scans (requested_by) where requested_by is not null;
select app_enable_tenant_rls('duplicate_scans');

-- A pair of contacts that look like one person, with why. A dismissed pair stays dismissed across scans.
create table duplicate_suggestions (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  contact_a bigint not null references contacts(id) on delete cascade,
  contact_b bigint not null references contacts(id) on delete cascade,
  score real not null check (score between 0 and 1),
  reasons jsonb not null,
  status text not null default 'open' check (status in ('open', 'dismissed')),
  scan_id bigint references duplicate_scans(id) on delete set null,
  dismissed_by bigint references users(id) on delete set null,
  dismissed_at timestamptz,
  created_at timestamptz not null default now(),
  check (contact_a < contact_b),
  unique (workspace_id, contact_a, contact_b)
);
create index duplicate_suggestions_list_idx on duplicate_suggestions (workspace_id, status, score desc, id);
create index duplicate_suggestions_a_fk on duplicate_suggestions (contact_a);
create index duplicate_suggestions_b_fk on duplicate_suggestions (contact_b);
create index duplicate_suggestions_scan_fk on duplicate_suggestions (scan_id) where scan_id is not null;
create index duplicate_suggestions_dismissed_by_fk on duplicate_suggestions (dismissed_by) where dismissed_by is not null;
select app_enable_tenant_rls('duplicate_suggestions');

-- One merge: the survivor, the contacts merged into it, and every affected row as it was before (undo).
create table contact_merges (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  survivor_id bigint not null references contacts(id) on delete cascade,
  merged_ids bigint[] not null check (cardinality(merged_ids) >= 1),
  -- The names of the merged contacts as they were, for the history list (their rows are gone).
  merged_names text[] not null,
  -- {"tables": {"<table>": [row as jsonb, ...]}}; null once undone or expired.
  snapshot jsonb,
  merged_by bigint references users(id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  undone_at timestamptz,
  undone_by bigint references users(id) on delete set null
);
create index contact_merges_recent_idx on contact_merges (workspace_id, id desc);
create index contact_merges_survivor_fk on contact_merges (survivor_id);
create index contact_merges_expiry_idx on contact_merges (expires_at) where snapshot is not null;
create index contact_merges_merged_by_fk on contact_merges (merged_by) where merged_by is not null;
create index contact_merges_undone_by_fk on contact_merges (undone_by) where undone_by is not null;
select app_enable_tenant_rls('contact_merges');

-- Undo writes every row back as it was, updated_at included: while `app.restoring_rows` is on in the
-- transaction, the touch trigger leaves the column as written.
create or replace function app_touch_updated_at() returns trigger language plpgsql as $$
begin
  if coalesce(current_setting('app.restoring_rows', true), '') = 'on' then
    return new;
  end if;
  new.updated_at := now();
  return new;
end $$;

-- The expiry sweep runs outside any workspace: it forgets expired snapshots, nothing else.
create or replace function app_expire_contact_merges(at timestamptz) returns integer
  language sql volatile security definer set search_path = public as $$
  with expired as (
    update contact_merges set snapshot = null where snapshot is not null and expires_at <= at returning 1
  )
  select count(*)::int from expired
$$;
