-- Deals: opportunities of one contact moving through the sales pipeline (issue 17, ADR 0006).

create table deals (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  name text not null check (btrim(name) <> '' and length(name) <= 200),
  value_cents bigint not null default 0 check (value_cents >= 0),
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  stage text not null default 'leads'
    check (stage in ('leads', 'qualified', 'proposal', 'negotiation', 'won', 'lost')),
  expected_close_date date,
  owner_id bigint references users(id) on delete set null,
  contact_id bigint not null references contacts(id) on delete cascade,
  company_id bigint references companies(id) on delete set null,
  website_id integer,
  lost_reason text check (length(lost_reason) <= 500),
  notes text check (length(notes) <= 5000),
  -- Millisecond precision, so a keyset cursor read by JavaScript names the exact row it stopped at.
  stage_entered_at timestamptz(3) not null default now(),
  -- Set when the deal enters won or lost, cleared when it is reopened: the conversion rate's period.
  closed_at timestamptz(3),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  foreign key (workspace_id, website_id) references websites (workspace_id, id) on delete set null (website_id),
  check ((stage = 'lost') or lost_reason is null),
  check ((stage in ('won', 'lost')) = (closed_at is not null))
);

-- Board columns and their keyset pages: newest arrival in the stage first.
create index deals_board_idx on deals (workspace_id, stage, stage_entered_at desc, id desc);
create index deals_list_idx on deals (workspace_id, stage_entered_at desc, id desc);
create index deals_owner_idx on deals (workspace_id, owner_id, stage, stage_entered_at desc, id desc);
create index deals_website_idx on deals (workspace_id, website_id, stage, stage_entered_at desc, id desc);
create index deals_close_date_idx on deals (workspace_id, expected_close_date) where expected_close_date is not null;
create index deals_closed_at_idx on deals (workspace_id, closed_at) where closed_at is not null;
create index deals_contact_idx on deals (workspace_id, contact_id);
create index deals_company_idx on deals (workspace_id, company_id) where company_id is not null;
-- Foreign keys of rows deleted elsewhere (contact, company, user) are looked up by these.
create index deals_contact_fk on deals (contact_id);
create index deals_company_fk on deals (company_id) where company_id is not null;
create index deals_owner_fk on deals (owner_id) where owner_id is not null;
select app_enable_tenant_rls('deals');
create trigger deals_touch before update on deals for each row execute function app_touch_updated_at();

-- Keyset pages under RLS read through this view (see 0101_contacts_reads.sql for why).
create view deals_in_workspace as
  select * from deals where workspace_id = app_current_workspace()
  with local check option;

-- A deal's own timeline: created, stage moves, edits, notes.
create table deal_timeline (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  deal_id bigint not null references deals(id) on delete cascade,
  kind text not null check (kind in ('created', 'stage_change', 'updated', 'import')),
  title text not null,
  metadata jsonb not null default '{}',
  created_by bigint references users(id) on delete set null,
  occurred_at timestamptz not null default now()
);
create index deal_timeline_deal_idx on deal_timeline (workspace_id, deal_id, occurred_at desc, id desc);
create index deal_timeline_deal_fk on deal_timeline (deal_id);
select app_enable_tenant_rls('deal_timeline');

-- The workspace's own win probability of a stage; a stage without a row uses the default.
create table deal_stage_settings (
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  stage text not null check (stage in ('leads', 'qualified', 'proposal', 'negotiation', 'won', 'lost')),
  probability smallint not null check (probability between 0 and 100),
  primary key (workspace_id, stage)
);
select app_enable_tenant_rls('deal_stage_settings');

-- Count and value per stage, kept by statement-level triggers so the board's column headers
-- never count 200,000 rows and a bulk import updates them once per statement.
create table deal_stage_totals (
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  stage text not null,
  deal_count bigint not null default 0,
  value_cents bigint not null default 0,
  primary key (workspace_id, stage)
);
select app_enable_tenant_rls('deal_stage_totals');

create or replace function app_deal_totals_apply() returns trigger language plpgsql as $$
begin
  -- Each branch names only the transition tables its operation has (PL/pgSQL plans a statement
  -- when it first runs it). Rows are changed in (workspace, stage) order, so two moves in
  -- opposite directions wait for each other instead of deadlocking.
  if tg_op = 'INSERT' then
    insert into deal_stage_totals as t (workspace_id, stage, deal_count, value_cents)
    select workspace_id, stage, count(*), sum(value_cents) from new_rows group by 1, 2 order by 1, 2
    on conflict (workspace_id, stage) do update set
      deal_count = t.deal_count + excluded.deal_count,
      value_cents = t.value_cents + excluded.value_cents;
  elsif tg_op = 'UPDATE' then
    insert into deal_stage_totals as t (workspace_id, stage, deal_count, value_cents)
    select workspace_id, stage, sum(n), sum(v) from (
      select workspace_id, stage, 1 as n, value_cents as v from new_rows
      union all
      select workspace_id, stage, -1, -value_cents from old_rows
    ) d group by 1, 2 having sum(n) <> 0 or sum(v) <> 0 order by 1, 2
    on conflict (workspace_id, stage) do update set
      deal_count = t.deal_count + excluded.deal_count,
      value_cents = t.value_cents + excluded.value_cents;
  else
    -- Update only (never insert): when a whole workspace is deleted its totals go with it.
    update deal_stage_totals t set deal_count = t.deal_count - d.n, value_cents = t.value_cents - d.v
    from (select workspace_id, stage, count(*) as n, sum(value_cents) as v from old_rows group by 1, 2) d
    where t.workspace_id = d.workspace_id and t.stage = d.stage;
  end if;
  return null;
end $$;

create trigger deals_totals_insert after insert on deals
  referencing new table as new_rows for each statement execute function app_deal_totals_apply();
create trigger deals_totals_update after update on deals
  referencing old table as old_rows new table as new_rows for each statement execute function app_deal_totals_apply();
create trigger deals_totals_delete after delete on deals
  referencing old table as old_rows for each statement execute function app_deal_totals_apply();
