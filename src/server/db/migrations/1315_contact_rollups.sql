-- Reports (issue 34 §1 targets): per-day rollups of contacts by the fields a contacts report groups and
-- filters by, so a report over a million contacts reads days × groups instead of every row.
--
-- Kept exact by statement-level triggers with transition tables rather than by the contacts store: every
-- path that writes contacts (the API, the import's INSERT … SELECT from its COPY staging, merges and their
-- undo, owner removal's `on delete set null`, workspace deletion) goes through the table, and a statement
-- touching 200,000 rows costs one grouped upsert, not 200,000.
--
-- The key columns are never null (no owner is 0, no type is ''), so the key is one plain unique index,
-- joins on it hash, and the upsert infers it; the reports' `contactRollup` reads them back as nulls.

create table contact_daily_rollups (
  workspace_id bigint not null references workspaces(id) on delete cascade,
  day date not null,
  source text not null,
  status text not null,
  owner_id bigint not null,
  contact_type text not null,
  -- No check (n >= 0): an update's upsert proposes a group's negative change, and a check would refuse the
  -- proposed row before the conflict turns it into an update. A group emptied to 0 is deleted.
  n bigint not null,
  value_cents bigint not null,
  primary key (workspace_id, day, source, status, owner_id, contact_type)
);
select app_enable_tenant_rls('contact_daily_rollups');

-- Security definer (owned by the migrating superuser): the rows come from the statement's own transition
-- tables, so each carries the workspace of a contact the statement was allowed to write; but the statement
-- may run where no workspace is set (a user's removal sets owners to null through a foreign key).
create function app_contact_rollups_add() returns trigger
  language plpgsql security definer set search_path = public as $$
begin
  insert into contact_daily_rollups as r (workspace_id, day, source, status, owner_id, contact_type, n, value_cents)
  select workspace_id, (created_at at time zone 'UTC')::date, source, status, coalesce(owner_id, 0),
    coalesce(contact_type, ''), count(*), sum(value_cents)
  from new_rows group by 1, 2, 3, 4, 5, 6
  -- One order for every statement, so two writers lock shared rollup rows in the same order.
  order by 1, 2, 3, 4, 5, 6
  on conflict (workspace_id, day, source, status, owner_id, contact_type)
  do update set n = r.n + excluded.n, value_cents = r.value_cents + excluded.value_cents;
  return null;
end $$;

-- An update moves rows between groups: the net change per group (nothing for an update that leaves the
-- grouped fields alone). A group that loses rows exists already, so the upsert only ever updates it.
create function app_contact_rollups_move() returns trigger
  language plpgsql security definer set search_path = public as $$
begin
  with changes as (
    select workspace_id, (created_at at time zone 'UTC')::date as day, source, status,
      coalesce(owner_id, 0) as owner_id, coalesce(contact_type, '') as contact_type, 1 as n, value_cents
    from new_rows
    union all
    select workspace_id, (created_at at time zone 'UTC')::date, source, status,
      coalesce(owner_id, 0), coalesce(contact_type, ''), -1, -value_cents
    from old_rows
  )
  insert into contact_daily_rollups as r (workspace_id, day, source, status, owner_id, contact_type, n, value_cents)
  select workspace_id, day, source, status, owner_id, contact_type, sum(n), sum(value_cents)
  from changes group by 1, 2, 3, 4, 5, 6
  having sum(n) <> 0 or sum(value_cents) <> 0
  order by 1, 2, 3, 4, 5, 6
  on conflict (workspace_id, day, source, status, owner_id, contact_type)
  do update set n = r.n + excluded.n, value_cents = r.value_cents + excluded.value_cents;
  delete from contact_daily_rollups r
  using (select distinct workspace_id, (created_at at time zone 'UTC')::date as day, source, status,
           coalesce(owner_id, 0) as owner_id, coalesce(contact_type, '') as contact_type from old_rows) g
  where r.n = 0 and r.workspace_id = g.workspace_id and r.day = g.day and r.source = g.source
    and r.status = g.status and r.owner_id = g.owner_id and r.contact_type = g.contact_type;
  return null;
end $$;

-- A delete only decrements (never inserts): when a workspace is deleted, its rollups may be gone already.
create function app_contact_rollups_remove() returns trigger
  language plpgsql security definer set search_path = public as $$
begin
  with gone as (
    select workspace_id, (created_at at time zone 'UTC')::date as day, source, status,
      coalesce(owner_id, 0) as owner_id, coalesce(contact_type, '') as contact_type,
      count(*) as n, sum(value_cents) as value_cents
    from old_rows group by 1, 2, 3, 4, 5, 6
  ),
  emptied as (
    delete from contact_daily_rollups r using gone g
    where r.n = g.n and r.workspace_id = g.workspace_id and r.day = g.day and r.source = g.source
      and r.status = g.status and r.owner_id = g.owner_id and r.contact_type = g.contact_type
  )
  update contact_daily_rollups r set n = r.n - g.n, value_cents = r.value_cents - g.value_cents
  from gone g
  where r.n > g.n and r.workspace_id = g.workspace_id and r.day = g.day and r.source = g.source
    and r.status = g.status and r.owner_id = g.owner_id and r.contact_type = g.contact_type;
  return null;
end $$;

create function app_contact_rollups_clear() returns trigger
  language plpgsql security definer set search_path = public as $$
begin
  delete from contact_daily_rollups;
  return null;
end $$;

create trigger contacts_rollup_insert after insert on contacts
  referencing new table as new_rows for each statement execute function app_contact_rollups_add();
create trigger contacts_rollup_update after update on contacts
  referencing old table as old_rows new table as new_rows for each statement execute function app_contact_rollups_move();
create trigger contacts_rollup_delete after delete on contacts
  referencing old table as old_rows for each statement execute function app_contact_rollups_remove();
create trigger contacts_rollup_truncate after truncate on contacts
  for each statement execute function app_contact_rollups_clear();

insert into contact_daily_rollups (workspace_id, day, source, status, owner_id, contact_type, n, value_cents)
select workspace_id, (created_at at time zone 'UTC')::date, source, status, coalesce(owner_id, 0),
  coalesce(contact_type, ''), count(*), sum(value_cents)
from contacts group by 1, 2, 3, 4, 5, 6;
