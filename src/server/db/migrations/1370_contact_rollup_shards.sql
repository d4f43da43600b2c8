-- Contact creators of one workspace no longer wait on each other for the daily rollups (issue 32's
-- lead-form target: p99 < 50 ms at 50 submissions/s). Every lead of a day from one form lands in one
-- rollup group (that day, source, 'lead', no owner, no type), and each contact insert's upsert of that
-- group's row held its row lock until commit: a workspace's submissions queued behind each other from
-- the contact's insert through their timeline entry, submission, workflow run and commit (sampled in
-- pg_stat_activity at 20/s: nearly every waiting backend was a contact insert waiting for this row).
--
-- As contact_stats (1331): a group is split over up to 32 rows, and a statement adds its signed change
-- to the row of its connection (backend pid mod 32), so concurrent creators touch different rows and a
-- transaction holds at most one row of each group (no deadlock between two groups' writers: each
-- statement still locks its groups in one order). Readers sum a group's rows; a group whose rows sum
-- to no contact is no group (reports read it through `having sum(n) <> 0`). A shard row that comes back
-- to zero is deleted by the statement that zeroed it.

alter table contact_daily_rollups add column shard smallint not null default 0 check (shard between 0 and 31);
alter table contact_daily_rollups drop constraint contact_daily_rollups_pkey;
alter table contact_daily_rollups add primary key (workspace_id, day, source, status, owner_id, contact_type, shard);

-- One group's signed change: +n rows (and their value) arriving in it, or -n leaving it.
create type app_contact_rollup_change as (
  workspace_id bigint, day date, source text, status text, owner_id bigint, contact_type text,
  n bigint, value_cents bigint
);

-- A statement's changes, added to this connection's shard: one function for the three triggers (as
-- contact_stats' in 1331), so the upsert is written once and names the table it fills (backups'
-- catalogue finds trigger-filled tables in their triggers' functions). Security definer (owned by the
-- migrating superuser), as before: the rows come from the statement's own transition tables, so each
-- carries the workspace of a contact the statement was allowed to write; but the statement may run where
-- no workspace is set (a user's removal sets owners to null through a foreign key). A change is kept only
-- while its workspace exists (one being deleted gets no rollups back).
create function app_contact_rollups_apply() returns trigger
  language plpgsql security definer set search_path = public as $$
declare
  slot constant smallint := (pg_backend_pid() % 32)::smallint;
  changes app_contact_rollup_change[];
begin
  -- Each branch names only the transition tables its operation has.
  if tg_op = 'INSERT' then
    changes := array(
      select row(g.*)::app_contact_rollup_change from (
        select workspace_id, (created_at at time zone 'UTC')::date, source, status, coalesce(owner_id, 0),
          coalesce(contact_type, ''), count(*), sum(value_cents)
        from new_rows group by 1, 2, 3, 4, 5, 6) g);
  elsif tg_op = 'UPDATE' then
    changes := array(
      select row(g.*)::app_contact_rollup_change from (
        select workspace_id, day, source, status, owner_id, contact_type, sum(n), sum(value_cents)
        from (
          select workspace_id, (created_at at time zone 'UTC')::date as day, source, status,
            coalesce(owner_id, 0) as owner_id, coalesce(contact_type, '') as contact_type, 1 as n, value_cents
          from new_rows
          union all
          select workspace_id, (created_at at time zone 'UTC')::date, source, status,
            coalesce(owner_id, 0), coalesce(contact_type, ''), -1, -value_cents
          from old_rows
        ) moved
        group by 1, 2, 3, 4, 5, 6
        having sum(n) <> 0 or sum(value_cents) <> 0) g);
    -- Most updates (names, notes, last contact) leave every group as it was: nothing to lock.
    if cardinality(changes) = 0 then
      return null;
    end if;
  else
    changes := array(
      select row(g.*)::app_contact_rollup_change from (
        select workspace_id, (created_at at time zone 'UTC')::date, source, status, coalesce(owner_id, 0),
          coalesce(contact_type, ''), -count(*), -sum(value_cents)
        from old_rows group by 1, 2, 3, 4, 5, 6) g);
  end if;
  insert into contact_daily_rollups as r (workspace_id, day, source, status, owner_id, contact_type, shard, n, value_cents)
  select c.workspace_id, c.day, c.source, c.status, c.owner_id, c.contact_type, slot, c.n, c.value_cents
  from unnest(changes) c
  where exists (select 1 from workspaces w where w.id = c.workspace_id)
  -- One order for every statement, so two writers lock shared rollup rows in the same order.
  order by 1, 2, 3, 4, 5, 6
  on conflict (workspace_id, day, source, status, owner_id, contact_type, shard)
  do update set n = r.n + excluded.n, value_cents = r.value_cents + excluded.value_cents;
  delete from contact_daily_rollups r using unnest(changes) c
  where c.n < 0 and r.shard = slot and r.n = 0 and r.value_cents = 0 and r.workspace_id = c.workspace_id
    and r.day = c.day and r.source = c.source and r.status = c.status and r.owner_id = c.owner_id
    and r.contact_type = c.contact_type;
  return null;
end $$;

drop trigger contacts_rollup_insert on contacts;
drop trigger contacts_rollup_update on contacts;
drop trigger contacts_rollup_delete on contacts;
drop function app_contact_rollups_add();
drop function app_contact_rollups_move();
drop function app_contact_rollups_remove();
create trigger contacts_rollup_insert after insert on contacts
  referencing new table as new_rows for each statement execute function app_contact_rollups_apply();
create trigger contacts_rollup_update after update on contacts
  referencing old table as old_rows new table as new_rows for each statement execute function app_contact_rollups_apply();
create trigger contacts_rollup_delete after delete on contacts
  referencing old table as old_rows for each statement execute function app_contact_rollups_apply();
