-- Subscriptions (docs/decisions/0013-subscriptions.md): one row per thing a workspace pays for again and
-- again. The platform plan (exactly one row a workspace), and beside it any REOSS memberships and
-- local-business listings, each with its own price, seats and renewal. A workspace's limits come from its
-- platform row alone: the seats of a REOSS membership are the membership's, never the workspace's.
create table subscriptions (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  kind text not null check (kind in ('platform', 'reoss', 'local_business')),
  -- The platform plan id, the REOSS tier id or the local-business exposure level.
  plan text not null,
  -- Recurring add-ons only (one-time ones were charged once with the order).
  addons text[] not null default '{}',
  -- The platform plan's users (null: unlimited), the membership's seats; null for a listing.
  seats integer check (seats > 0),
  -- What one period costs, add-ons included, in cents.
  price_cents bigint not null check (price_cents >= 0),
  interval text not null default 'month' check (interval in ('month', 'year')),
  status text not null check (status in ('trialing', 'active', 'past_due', 'canceled', 'unpaid', 'incomplete')),
  trial_ends_at timestamptz,
  current_period_start timestamptz,
  current_period_end timestamptz,
  cancel_at_period_end boolean not null default false,
  -- Unused time given back by a downgrade the offline provider prorated, owed against the next charge.
  credit_cents bigint not null default 0 check (credit_cents >= 0),
  -- Null: nothing was paid yet (a trial).
  provider text check (provider in ('stripe', 'offline')),
  provider_subscription_id text,
  order_id text references checkout_orders(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (kind <> 'platform' or plan in ('starter', 'professional', 'enterprise'))
);
create unique index subscriptions_one_platform_idx on subscriptions (workspace_id) where kind = 'platform';
create index subscriptions_workspace_idx on subscriptions (workspace_id, id);
create index subscriptions_provider_idx on subscriptions (provider_subscription_id)
  where provider_subscription_id is not null;
select app_enable_tenant_rls('subscriptions');

-- workspaces.plan, addons, subscription_status and trial_ends_at stay, because the session, API keys and
-- the contact limits read them on every request: a copy of the platform row that only this trigger writes.
create function app_mirror_platform_subscription() returns trigger language plpgsql as $$
begin
  update workspaces
  set plan = new.plan, addons = new.addons, subscription_status = new.status, trial_ends_at = new.trial_ends_at
  where id = new.workspace_id;
  return null;
end $$;

-- Anyone else writing the copy would make it a second source of truth: refused, naming where to write.
create function app_workspace_billing_is_derived() returns trigger language plpgsql as $$
begin
  if pg_trigger_depth() < 2
    and (new.plan, new.addons, new.subscription_status, new.trial_ends_at)
      is distinct from (old.plan, old.addons, old.subscription_status, old.trial_ends_at) then
    raise exception 'workspaces.plan, addons, subscription_status and trial_ends_at copy the platform subscription: change subscriptions instead'
      using errcode = 'check_violation';
  end if;
  return new;
end $$;

-- Seats and the renewal date were per workspace; they are per subscription now.
alter table workspaces drop column seats;

with plan_prices(plan, price_cents, users) as (
  values ('starter', 4900, 2), ('professional', 14900, 10), ('enterprise', 39900, null::int)
), addon_prices(id, price_cents) as (
  values ('training-hub', 8900), ('lead-engine', 19900), ('real-estate-toolkit', 12900),
    ('business-process-hub', 16900)
)
insert into subscriptions (workspace_id, kind, plan, addons, seats, price_cents, status, trial_ends_at,
  current_period_start, current_period_end, provider, provider_subscription_id, order_id, created_at)
select w.id, 'platform', w.plan, w.addons, p.users,
  p.price_cents + coalesce((select sum(a.price_cents) from addon_prices a where a.id = any(w.addons)), 0),
  s.status, w.trial_ends_at,
  case when s.status <> 'trialing' then w.renews_at - interval '1 month' end,
  case when s.status <> 'trialing' then w.renews_at end,
  o.provider, o.provider_subscription_id, o.id, w.created_at
from workspaces w
join plan_prices p on p.plan = w.plan
left join lateral (
  select c.id, c.provider, c.provider_subscription_id from checkout_orders c
  where c.buyer_workspace_id = w.id and c.status = 'completed'
    and (c.kind = 'package' or (c.kind = 'card_product' and (c.selection ? 'planId' or c.selection ? 'addonIds')))
  order by c.completed_at desc limit 1
) o on true
cross join lateral (
  select case
    -- A REOSS membership or a listing bought during the trial marked the whole workspace active: the
    -- platform plan of a workspace that never paid for one is still its trial.
    when o.id is null and w.trial_ends_at is not null then 'trialing'
    when w.subscription_status in ('trialing', 'active', 'past_due', 'canceled', 'unpaid', 'incomplete')
      then w.subscription_status
    else 'active'
  end as status
) s;

insert into subscriptions (workspace_id, kind, plan, addons, seats, price_cents, status,
  current_period_start, current_period_end, provider, provider_subscription_id, order_id, created_at)
select c.buyer_workspace_id, 'reoss', c.selection->>'tier',
  array(select a from jsonb_array_elements_text(coalesce(c.selection->'reossAddons', '[]')) a
        where a <> 'kvcore_setup' order by 1),
  (c.selection->>'seats')::int, c.recurring_cents, 'active',
  c.completed_at, c.completed_at + interval '1 month', c.provider, c.provider_subscription_id, c.id, c.completed_at
from checkout_orders c
where c.kind = 'reoss' and c.status = 'completed' and c.buyer_workspace_id is not null;

insert into subscriptions (workspace_id, kind, plan, addons, seats, price_cents, status,
  current_period_start, current_period_end, provider, provider_subscription_id, order_id, created_at)
select c.buyer_workspace_id, 'local_business', c.selection->>'exposureLevel',
  array(select e.key from jsonb_each(coalesce(c.selection->'addons', '{}')) e
        where e.value = 'true'::jsonb and e.key <> 'coBrandedPage' order by 1),
  null, c.recurring_cents, 'active',
  c.completed_at, c.completed_at + interval '1 month', c.provider, c.provider_subscription_id, c.id, c.completed_at
from checkout_orders c
where c.kind = 'local_business' and c.status = 'completed' and c.buyer_workspace_id is not null;

alter table workspaces drop column renews_at;

create trigger subscriptions_platform_mirror after insert or update on subscriptions
  for each row when (new.kind = 'platform') execute function app_mirror_platform_subscription();
-- Written first by the mirror above for every workspace that exists; from now on only through it.
update subscriptions set updated_at = now() where kind = 'platform';
create trigger workspaces_billing_derived before update on workspaces
  for each row execute function app_workspace_billing_is_derived();
