-- Issue 30 §4: a restored workspace starts held. Its data is all there, but nothing in it runs by itself
-- (schedules, uptime probes, mailbox syncs, webhook deliveries) until an owner or admin starts it.
-- Null: not held (every workspace but a fresh restore).
alter table workspaces add column held_since timestamptz;

-- The schedulers run outside any workspace: they skip these (ids only).
create or replace function app_held_workspaces() returns setof bigint
  language sql stable security definer set search_path = public as $$
  select id from workspaces where held_since is not null
$$;

-- The signed-in user's workspaces also say whether each one is held (same query, one more column).
drop function app_user_workspaces(bigint);
create function app_user_workspaces(uid bigint)
  returns table (id bigint, name text, role text, plan text, subscription_status text, trial_ends_at timestamptz,
                 default_locale text, held_since timestamptz)
  language sql stable security definer set search_path = public as $$
  select w.id, w.name, m.role, w.plan, w.subscription_status, w.trial_ends_at, w.default_locale, w.held_since
  from memberships m join workspaces w on w.id = m.workspace_id
  where m.user_id = uid
  order by m.created_at, w.id
$$;
