-- Live segments (issue 32 §4): saved conditions over contacts, their members kept current as contacts
-- change (not rebuilt on a schedule), and who entered and left.

create table segments (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  name text not null check (btrim(name) <> '' and length(name) <= 200),
  -- { match: all|any, conditions: [...] } (src/domain/segments/segment-schemas.ts), compiled to SQL by the server.
  definition jsonb not null,
  -- The kinds of change that can alter the answer (contact, deal, form, page_view, campaign, email):
  -- a change of another kind evaluates no contact against this segment.
  depends_on text[] not null,
  -- A new or edited definition's full membership is computed in batches of contacts, in id order:
  -- `version` names the definition a batch job belongs to, `build_after` the last contact id done.
  version integer not null default 1,
  status text not null default 'building' check (status in ('building', 'ready')),
  build_after bigint not null default 0,
  built bigint not null default 0,
  to_build bigint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index segments_list_idx on segments (workspace_id, id);
select app_enable_tenant_rls('segments');
create trigger segments_touch before update on segments for each row execute function app_touch_updated_at();

create table segment_members (
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  segment_id bigint not null references segments(id) on delete cascade,
  contact_id bigint not null references contacts(id) on delete cascade,
  since timestamptz not null default now(),
  primary key (segment_id, contact_id)
);
-- A contact's segments (its evaluation reads them), and the foreign key's clean-up when a contact goes.
create index segment_members_contact_idx on segment_members (contact_id, segment_id);
create index segment_members_recent_idx on segment_members (segment_id, since desc, contact_id);
select app_enable_tenant_rls('segment_members');

create table segment_history (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  segment_id bigint not null references segments(id) on delete cascade,
  contact_id bigint references contacts(id) on delete set null,
  change text not null check (change in ('entered', 'left')),
  at timestamptz not null default now()
);
create index segment_history_segment_idx on segment_history (segment_id, at desc, id desc);
create index segment_history_contact_fk on segment_history (contact_id) where contact_id is not null;
select app_enable_tenant_rls('segment_history');

-- Each segment's member count, kept by statement triggers on its members (also for the deletes a contact's
-- deletion cascades to): the list and the count read this row alone.
create table segment_counts (
  workspace_id bigint not null references workspaces(id) on delete cascade,
  segment_id bigint primary key references segments(id) on delete cascade,
  member_count bigint not null default 0
);
select app_enable_tenant_rls('segment_counts');

create or replace function app_segment_count_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into segment_counts as sc (workspace_id, segment_id, member_count)
    select min(workspace_id), segment_id, count(*) from new_rows group by segment_id
    on conflict (segment_id) do update set member_count = sc.member_count + excluded.member_count;
  else
    update segment_counts sc set member_count = sc.member_count - d.n
    from (select segment_id, count(*) as n from old_rows group by segment_id) d where sc.segment_id = d.segment_id;
  end if;
  return null;
end $$;
create trigger segment_members_count_insert after insert on segment_members
  referencing new table as new_rows for each statement execute function app_segment_count_apply();
create trigger segment_members_count_delete after delete on segment_members
  referencing old table as old_rows for each statement execute function app_segment_count_apply();

-- A restarted server resumes the builds a stopped one left unfinished; this reveals ids only.
create or replace function app_building_segments()
  returns table (workspace_id bigint, id bigint, version integer)
  language sql stable security definer set search_path = public as $$
  select workspace_id, id, version from segments where status = 'building' order by id
$$;
