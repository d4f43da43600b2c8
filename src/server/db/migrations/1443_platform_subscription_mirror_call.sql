-- The workspace's copy of its platform subscription (ADR 0013) is written by the billing store, not by a
-- trigger: `subscriptions` is distributed by workspace (issue 35) and `workspaces` stays on the coordinator,
-- where a trigger on a shard cannot reach. The store calls this after each write of a subscription, in the
-- same transaction; it copies the current workspace's platform row, as the trigger did.
drop trigger subscriptions_platform_mirror on subscriptions;
drop function app_mirror_platform_subscription();

create function app_copy_platform_subscription() returns void language plpgsql as $$
begin
  -- The one writer of these columns (app_workspace_billing_is_derived), until the transaction ends or it is done.
  perform set_config('app.billing_mirror', 'on', true);
  update workspaces w
  set plan = case when s.status = 'canceled' then 'starter' else s.plan end,
    addons = case when s.status = 'canceled' then '{}'::text[] else s.addons end,
    subscription_status = s.status, trial_ends_at = s.trial_ends_at
  from subscriptions s
  where s.workspace_id = app_current_workspace() and s.kind = 'platform' and w.id = s.workspace_id;
  perform set_config('app.billing_mirror', '', true);
end $$;

create or replace function app_workspace_billing_is_derived() returns trigger language plpgsql as $$
begin
  if coalesce(current_setting('app.billing_mirror', true), '') <> 'on'
    and (new.plan, new.addons, new.subscription_status, new.trial_ends_at)
      is distinct from (old.plan, old.addons, old.subscription_status, old.trial_ends_at) then
    raise exception 'workspaces.plan, addons, subscription_status and trial_ends_at copy the platform subscription: change subscriptions instead'
      using errcode = 'check_violation';
  end if;
  return new;
end $$;
