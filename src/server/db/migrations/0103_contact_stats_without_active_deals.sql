-- The contacts' "active deals" counter (qualified contacts with a value) gave way to real deals
-- (issue 17, 0400_deals.sql): the CRM tiles count deals now, so the triggers stop keeping it.
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
    insert into contact_stats as s (workspace_id, total, lead, qualified, customer, lost,
      lead_value_cents, qualified_value_cents, customer_value_cents, lost_value_cents)
    select workspace_id, count(*),
      count(*) filter (where status = 'lead'), count(*) filter (where status = 'qualified'),
      count(*) filter (where status = 'customer'), count(*) filter (where status = 'lost'),
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
      lead_value_cents = s.lead_value_cents - d.lead_value_cents,
      qualified_value_cents = s.qualified_value_cents - d.qualified_value_cents,
      customer_value_cents = s.customer_value_cents - d.customer_value_cents,
      lost_value_cents = s.lost_value_cents - d.lost_value_cents
    from (
      select workspace_id, count(*) as total,
        count(*) filter (where status = 'lead') as lead, count(*) filter (where status = 'qualified') as qualified,
        count(*) filter (where status = 'customer') as customer, count(*) filter (where status = 'lost') as lost,
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

alter table contact_stats drop column active_deals;
