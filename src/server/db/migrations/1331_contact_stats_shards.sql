-- Contact creators of one workspace no longer wait on each other until commit (issue 32's lead-form
-- target: 50 submissions/s). Each contact insert added to the workspace's one counters row and so held
-- its row lock until commit, as did the plan-limit check (SELECT … FOR UPDATE on that row): a lead form's
-- submissions ran one at a time from the contact's insert to their commit (timeline, submission,
-- workflow run, the commit's flush), which capped the workspace near 40 a second.
--
-- 1. The counters are split over 32 rows per workspace. A statement adds its change to the row of its
--    connection (backend pid mod 32; a pool's connections have near-consecutive pids, so they rarely
--    share one, where a transaction id mod 8 collided often at 50 a second): concurrent creators touch
--    different rows, and a transaction never holds two of them, so counters cannot deadlock. Readers
--    sum the rows.
-- 2. The plan limit is checked where it cannot race, at commit: a deferred constraint trigger takes the
--    workspace's capacity lock (an advisory lock held for the commit alone) and counts with the committed
--    rows of every other creator visible. The service checks first and refuses with the plan's message;
--    near the limit it takes the same lock at once (counted exactly, as before), so the commit-time check
--    only ever catches a true race. The limit comes from the service (`app.contact_limit`, per
--    transaction): plans live in the application.

alter table contact_stats add column shard smallint not null default 0 check (shard between 0 and 31);
alter table contact_stats drop constraint contact_stats_pkey;
alter table contact_stats add primary key (workspace_id, shard);

-- One contact arriving (+1) in or leaving (−1) a status, with its value.
create type app_contact_change as (workspace_id bigint, n integer, status text, value_cents bigint);

-- Security definer: a change is kept only while its workspace exists (one being deleted gets no
-- counters back), whatever the caller may see of workspaces.
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
  where exists (select 1 from workspaces w where w.id = c.workspace_id)
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

-- The plan limit at commit (see the top): once per transaction that created contacts under a limit.
create or replace function app_contact_capacity_check() returns trigger language plpgsql as $$
declare
  cap constant bigint := nullif(current_setting('app.contact_limit', true), '')::bigint;
  total bigint;
begin
  if cap is null or current_setting('app.contact_capacity_checked', true) = 'yes' then
    return null;
  end if;
  perform set_config('app.contact_capacity_checked', 'yes', true);
  perform app_lock_contact_capacity();
  -- A statement after the lock: its snapshot has every creator that committed before this one got it.
  select coalesce(sum(s.total), 0) into total from contact_stats s;
  if total > cap then
    raise exception 'the plan''s contact limit (%) would be passed', cap
      using errcode = 'check_violation', constraint = 'contacts_plan_limit';
  end if;
  return null;
end $$;

-- The workspace's capacity lock (until commit); the service takes it early near the limit.
create or replace function app_lock_contact_capacity() returns void language sql as $$
  select pg_advisory_xact_lock(hashtext('contact_capacity'), (app_current_workspace() % 2147483647)::int)
$$;

create constraint trigger contacts_capacity after insert on contacts
  deferrable initially deferred for each row execute function app_contact_capacity_check();
