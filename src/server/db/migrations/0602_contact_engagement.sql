-- Timeline entries per contact, for cross-sales scoring (issue 11): every opportunities or metrics
-- request counted the whole timeline of the workspace per contact (a hash aggregate over ~1.5 M rows
-- at a million contacts, most of the 2 s). Kept by statement-level triggers, as contact_stats is,
-- so a bulk insert of entries updates each contact once. A table of its own, not a column of
-- contacts: a restore replaces what triggers wrote in trigger-filled tables (backups/catalog.ts),
-- and contacts must never be one.
create table contact_engagement (
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  contact_id bigint not null references contacts(id) on delete cascade,
  entries integer not null default 0 check (entries >= 0),
  primary key (workspace_id, contact_id)
);
-- The foreign key's cascade from contacts looks rows up by contact alone.
create index contact_engagement_contact_fk on contact_engagement (contact_id);
select app_enable_tenant_rls('contact_engagement');

insert into contact_engagement (workspace_id, contact_id, entries)
select workspace_id, contact_id, count(*) from contact_timeline group by 1, 2;

create or replace function app_contact_engagement_apply() returns trigger language plpgsql as $$
begin
  -- Each branch names only the transition tables its operation has (PL/pgSQL plans a statement when it
  -- first runs it). Rows are changed in key order, so two statements wait for each other instead of
  -- deadlocking.
  if tg_op = 'INSERT' then
    insert into contact_engagement as e (workspace_id, contact_id, entries)
    select workspace_id, contact_id, count(*) from new_rows group by 1, 2 order by 1, 2
    on conflict (workspace_id, contact_id) do update set entries = e.entries + excluded.entries;
  elsif tg_op = 'UPDATE' then
    -- Only an entry moved to another contact changes a count (nothing moves them today). Losses are
    -- updates and gains inserts: the check on a proposed row would refuse a negative one before its
    -- conflict is found.
    update contact_engagement e set entries = e.entries + d.n
    from (
      select workspace_id, contact_id, sum(n)::int as n from (
        select workspace_id, contact_id, 1 as n from new_rows
        union all
        select workspace_id, contact_id, -1 from old_rows
      ) moved group by 1, 2 having sum(n) < 0 order by 1, 2
    ) d
    where e.workspace_id = d.workspace_id and e.contact_id = d.contact_id;
    insert into contact_engagement as e (workspace_id, contact_id, entries)
    select workspace_id, contact_id, sum(n) from (
      select workspace_id, contact_id, 1 as n from new_rows
      union all
      select workspace_id, contact_id, -1 from old_rows
    ) moved group by 1, 2 having sum(n) > 0 order by 1, 2
    on conflict (workspace_id, contact_id) do update set entries = e.entries + excluded.entries;
  else
    -- Update only (never insert): entries deleted with their contact leave no count behind.
    update contact_engagement e set entries = e.entries - d.n
    from (select workspace_id, contact_id, count(*)::int as n from old_rows group by 1, 2 order by 1, 2) d
    where e.workspace_id = d.workspace_id and e.contact_id = d.contact_id;
  end if;
  return null;
end $$;

create trigger contact_timeline_engagement_insert after insert on contact_timeline
  referencing new table as new_rows for each statement execute function app_contact_engagement_apply();
create trigger contact_timeline_engagement_update after update on contact_timeline
  referencing old table as old_rows new table as new_rows for each statement execute function app_contact_engagement_apply();
create trigger contact_timeline_engagement_delete after delete on contact_timeline
  referencing old table as old_rows for each statement execute function app_contact_engagement_apply();
