-- Language choice (issue 10): a member's own choice, and the workspace's default for members who made none.
-- Null means "not chosen": the browser's language applies. The shipped list is checked in the API, not
-- here, so shipping a new language needs no migration.
alter table users add column locale text check (locale ~ '^[a-z]{2}(-[A-Z]{2})?$');
alter table workspaces add column default_locale text check (default_locale ~ '^[a-z]{2}(-[A-Z]{2})?$');

-- The signed-in user's workspaces now also say their default language (same query, one more column).
drop function app_user_workspaces(bigint);
create function app_user_workspaces(uid bigint)
  returns table (id bigint, name text, role text, plan text, subscription_status text, trial_ends_at timestamptz,
                 default_locale text)
  language sql stable security definer set search_path = public as $$
  select w.id, w.name, m.role, w.plan, w.subscription_status, w.trial_ends_at, w.default_locale
  from memberships m join workspaces w on w.id = m.workspace_id
  where m.user_id = uid
  order by m.created_at, w.id
$$;
