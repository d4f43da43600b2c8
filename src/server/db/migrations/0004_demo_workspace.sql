-- The public, read-only `-demo` screens show the demo workspace to anyone. The app role cannot see
-- memberships of a workspace it has not entered (row-level security), so this definer function names
-- the workspace that the demo owner owns, and nothing else.
create or replace function app_demo_workspace_id(demo_email text)
  returns bigint
  language sql stable security definer set search_path = public as $$
  select m.workspace_id
  from users u
  join memberships m on m.user_id = u.id and m.role = 'owner'
  where u.email = demo_email
  order by m.workspace_id
  limit 1
$$;
