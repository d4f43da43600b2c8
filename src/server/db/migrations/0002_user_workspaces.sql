-- The signed-in user's own workspaces with their role, in one query and without a workspace context.
-- Only ever called with the user id of a verified session.
create or replace function app_user_workspaces(uid bigint)
  returns table (id bigint, name text, role text, plan text, subscription_status text, trial_ends_at timestamptz)
  language sql stable security definer set search_path = public as $$
  select w.id, w.name, m.role, w.plan, w.subscription_status, w.trial_ends_at
  from memberships m join workspaces w on w.id = m.workspace_id
  where m.user_id = uid
  order by m.created_at, w.id
$$;

-- Workspace and membership rows are now visible only inside their own workspace.
drop policy tenant_isolation on memberships;
create policy tenant_isolation on memberships
  using (workspace_id = app_current_workspace()) with check (workspace_id = app_current_workspace());
drop policy tenant_isolation on workspaces;
create policy tenant_isolation on workspaces
  using (id = app_current_workspace()) with check (id = app_current_workspace());
drop function app_user_workspace_ids(bigint);
