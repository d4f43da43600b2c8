-- Issue 30 §2.13: a subscription set to cancel ends when its period does, and the workspace's copy of
-- the platform plan follows (docs/decisions/0013-subscriptions.md). Before this, the API read such a
-- subscription as ended while `workspaces` kept it active, with its limits.

-- The period sweep runs outside any workspace; this reveals workspace ids only. Due: a subscription set
-- to cancel whose period is over, or an offline one (no provider bills it) that renews.
create or replace function app_subscriptions_due(at timestamptz)
  returns table (workspace_id bigint)
  language sql stable security definer set search_path = public as $$
  select distinct workspace_id from subscriptions
  where current_period_end <= at and status <> 'canceled'
    and (cancel_at_period_end or (provider = 'offline' and status = 'active'))
  limit 1000
$$;
create index subscriptions_period_end_idx on subscriptions (current_period_end)
  where status <> 'canceled' and current_period_end is not null;

-- The product has no free tier: a workspace whose platform plan ended keeps its data and members but
-- falls to the smallest plan's limits (Starter, no add-ons) until it subscribes again. The row keeps the
-- plan that ended; only the copy the limits read changes.
create or replace function app_mirror_platform_subscription() returns trigger language plpgsql as $$
begin
  update workspaces
  set plan = case when new.status = 'canceled' then 'starter' else new.plan end,
    addons = case when new.status = 'canceled' then '{}'::text[] else new.addons end,
    subscription_status = new.status, trial_ends_at = new.trial_ends_at
  where id = new.workspace_id;
  return null;
end $$;

-- Rows that ended before this migration (set to cancel, period over) end now, and their copy follows.
update subscriptions set status = 'canceled', updated_at = now()
where cancel_at_period_end and current_period_end <= now() and status <> 'canceled';
-- A platform plan already written as ended: its copy takes the no-plan limits too.
update subscriptions set updated_at = now() where kind = 'platform' and status = 'canceled';
