-- Fast contact reads under row-level security.
--
-- Under RLS, PostgreSQL may only use a query's conditions as index conditions when their operators
-- are LEAKPROOF. LIKE (pg_trgm), row comparisons (keyset cursors) and cube containment
-- (earthdistance) are not, so through the table itself every search, deep page and radius query
-- degrades to a scan of the whole workspace. Reads that need those indexes go through this view
-- instead: it is owned by the migration owner (who bypasses RLS) and carries the same tenant
-- condition itself, so a query that forgets its filter still sees only its own workspace.
-- The check option keeps writes through the view inside the workspace too.
create view contacts_in_workspace as
  select * from contacts where workspace_id = app_current_workspace()
  with local check option;

-- Per-workspace counters for the CRM tiles and pipeline, kept by statement-level triggers so a
-- dashboard never counts a million rows and a bulk import updates them once per statement.
create table contact_stats (
  workspace_id bigint primary key default app_current_workspace() references workspaces(id) on delete cascade,
  total bigint not null default 0,
  lead bigint not null default 0,
  qualified bigint not null default 0,
  customer bigint not null default 0,
  lost bigint not null default 0,
  -- Active deals: qualified contacts with a value (an open opportunity with money on it).
  active_deals bigint not null default 0,
  lead_value_cents bigint not null default 0,
  qualified_value_cents bigint not null default 0,
  customer_value_cents bigint not null default 0,
  lost_value_cents bigint not null default 0
);
select app_enable_tenant_rls('contact_stats');

create or replace function app_contact_stats_apply() returns trigger language plpgsql as $$
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
  if tg_op in ('INSERT', 'UPDATE') then
    insert into contact_stats as s (workspace_id, total, lead, qualified, customer, lost, active_deals,
      lead_value_cents, qualified_value_cents, customer_value_cents, lost_value_cents)
    select workspace_id, count(*),
      count(*) filter (where status = 'lead'), count(*) filter (where status = 'qualified'),
      count(*) filter (where status = 'customer'), count(*) filter (where status = 'lost'),
      count(*) filter (where status = 'qualified' and value_cents > 0),
      coalesce(sum(value_cents) filter (where status = 'lead'), 0),
      coalesce(sum(value_cents) filter (where status = 'qualified'), 0),
      coalesce(sum(value_cents) filter (where status = 'customer'), 0),
      coalesce(sum(value_cents) filter (where status = 'lost'), 0)
    from new_rows group by workspace_id
    on conflict (workspace_id) do update set
      total = s.total + excluded.total,
      lead = s.lead + excluded.lead,
      qualified = s.qualified + excluded.qualified,
      customer = s.customer + excluded.customer,
      lost = s.lost + excluded.lost,
      active_deals = s.active_deals + excluded.active_deals,
      lead_value_cents = s.lead_value_cents + excluded.lead_value_cents,
      qualified_value_cents = s.qualified_value_cents + excluded.qualified_value_cents,
      customer_value_cents = s.customer_value_cents + excluded.customer_value_cents,
      lost_value_cents = s.lost_value_cents + excluded.lost_value_cents;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    -- Update only (never insert): when a whole workspace is deleted its counters go with it.
    update contact_stats s set
      total = s.total - d.total,
      lead = s.lead - d.lead,
      qualified = s.qualified - d.qualified,
      customer = s.customer - d.customer,
      lost = s.lost - d.lost,
      active_deals = s.active_deals - d.active_deals,
      lead_value_cents = s.lead_value_cents - d.lead_value_cents,
      qualified_value_cents = s.qualified_value_cents - d.qualified_value_cents,
      customer_value_cents = s.customer_value_cents - d.customer_value_cents,
      lost_value_cents = s.lost_value_cents - d.lost_value_cents
    from (
      select workspace_id, count(*) as total,
        count(*) filter (where status = 'lead') as lead, count(*) filter (where status = 'qualified') as qualified,
        count(*) filter (where status = 'customer') as customer, count(*) filter (where status = 'lost') as lost,
        count(*) filter (where status = 'qualified' and value_cents > 0) as active_deals,
        coalesce(sum(value_cents) filter (where status = 'lead'), 0) as lead_value_cents,
        coalesce(sum(value_cents) filter (where status = 'qualified'), 0) as qualified_value_cents,
        coalesce(sum(value_cents) filter (where status = 'customer'), 0) as customer_value_cents,
        coalesce(sum(value_cents) filter (where status = 'lost'), 0) as lost_value_cents
      from old_rows group by workspace_id
    ) d
    where s.workspace_id = d.workspace_id;
  end if;
  return null;
end $$;

create trigger contacts_stats_insert after insert on contacts
  referencing new table as new_rows for each statement execute function app_contact_stats_apply();
create trigger contacts_stats_update after update on contacts
  referencing old table as old_rows new table as new_rows for each statement execute function app_contact_stats_apply();
create trigger contacts_stats_delete after delete on contacts
  referencing old table as old_rows for each statement execute function app_contact_stats_apply();
