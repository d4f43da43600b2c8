-- The contact counters' triggers stay inside the row's workspace (issue 35): on Citus they run on the contact's
-- shard, where the coordinator's `workspaces` cannot be read. They read it only to skip the counters of a
-- workspace being deleted (its cascade deletes the contacts after it, and the counters' rows would point at no
-- workspace). A workspace's deletion now says so itself, in a transaction-local setting that a shard sees too.
create function app_workspace_deleting() returns trigger language plpgsql as $$
begin
  perform set_config('app.deleting_workspaces',
    coalesce(current_setting('app.deleting_workspaces', true), '') || ',' || old.id || ',', true);
  return old;
end $$;
create trigger workspaces_deleting before delete on workspaces
  for each row execute function app_workspace_deleting();

create function app_workspace_is_deleting(ws bigint) returns boolean language sql stable as $$
  select strpos(coalesce(current_setting('app.deleting_workspaces', true), ''), ',' || ws || ',') > 0
$$;

create or replace function app_contact_rollups_apply() returns trigger
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
  where not app_workspace_is_deleting(c.workspace_id)
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

create or replace function app_contact_stats_apply() returns trigger
  language plpgsql security definer set search_path = public as $$
declare
  slot constant smallint := (pg_backend_pid() % 32)::smallint;
  changes app_contact_change[];
begin
  -- Most updates (names, notes, last contact) leave the counters alone: take no lock on them.
  -- (Nested: PL/pgSQL does not short-circuit, and old_rows exists only for UPDATE and DELETE.)
  if tg_op = 'UPDATE' then
    if not exists (
      select 1 from new_rows n join old_rows o using (id)
      where n.status is distinct from o.status or n.value_cents is distinct from o.value_cents
        or n.workspace_id is distinct from o.workspace_id
    ) then
      return null;
    end if;
  end if;
  -- Each branch names only the transition tables its operation has.
  if tg_op = 'INSERT' then
    changes := array(select row(workspace_id, 1, status, value_cents)::app_contact_change from new_rows);
  elsif tg_op = 'UPDATE' then
    changes := array(
      select row(workspace_id, 1, status, value_cents)::app_contact_change from new_rows
      union all
      select row(workspace_id, -1, status, value_cents)::app_contact_change from old_rows);
  else
    changes := array(select row(workspace_id, -1, status, value_cents)::app_contact_change from old_rows);
  end if;
  insert into contact_stats as s (workspace_id, shard, total, lead, qualified, customer, lost,
    lead_value_cents, qualified_value_cents, customer_value_cents, lost_value_cents)
  select c.workspace_id, slot, sum(c.n),
    coalesce(sum(c.n) filter (where c.status = 'lead'), 0),
    coalesce(sum(c.n) filter (where c.status = 'qualified'), 0),
    coalesce(sum(c.n) filter (where c.status = 'customer'), 0),
    coalesce(sum(c.n) filter (where c.status = 'lost'), 0),
    coalesce(sum(c.n * c.value_cents) filter (where c.status = 'lead'), 0),
    coalesce(sum(c.n * c.value_cents) filter (where c.status = 'qualified'), 0),
    coalesce(sum(c.n * c.value_cents) filter (where c.status = 'customer'), 0),
    coalesce(sum(c.n * c.value_cents) filter (where c.status = 'lost'), 0)
  from unnest(changes) c
  where not app_workspace_is_deleting(c.workspace_id)
  group by c.workspace_id order by c.workspace_id
  on conflict (workspace_id, shard) do update set
    total = s.total + excluded.total,
    lead = s.lead + excluded.lead,
    qualified = s.qualified + excluded.qualified,
    customer = s.customer + excluded.customer,
    lost = s.lost + excluded.lost,
    lead_value_cents = s.lead_value_cents + excluded.lead_value_cents,
    qualified_value_cents = s.qualified_value_cents + excluded.qualified_value_cents,
    customer_value_cents = s.customer_value_cents + excluded.customer_value_cents,
    lost_value_cents = s.lost_value_cents + excluded.lost_value_cents;
  return null;
end $$;
