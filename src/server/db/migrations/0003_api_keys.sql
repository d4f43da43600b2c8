-- API keys (the Professional and Enterprise 'API access' feature). Only a sha-256 of the whole key is
-- kept; the prefix is stored plainly so a key can be found and recognised in the list.
create table api_keys (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  name text not null check (length(name) between 1 and 100),
  prefix text not null unique,
  secret_hash text not null,
  role text not null check (role in ('admin', 'member', 'viewer')),
  created_by bigint references users(id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz,
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index api_keys_workspace_idx on api_keys (workspace_id, created_at desc);
select app_enable_tenant_rls('api_keys');

-- A bearer request is authenticated before any workspace is known. In one round trip this returns the
-- key's ids, its effective role (never above its creator's current role; no key once the creator has
-- left) and the workspace's plan, and records the use at most once a minute.
create or replace function app_api_key_use(key_prefix text, hash text)
  returns table (key_id bigint, workspace_id bigint, user_id bigint, role text, plan text)
  language plpgsql volatile security definer set search_path = public as $$
begin
  return query
  select k.id, k.workspace_id, k.created_by,
    case when array_position(array['viewer', 'member', 'admin', 'owner'], m.role)
              < array_position(array['viewer', 'member', 'admin', 'owner'], k.role)
         then m.role else k.role end,
    w.plan
  from api_keys k
  join workspaces w on w.id = k.workspace_id
  join memberships m on m.workspace_id = k.workspace_id and m.user_id = k.created_by
  where k.prefix = key_prefix and k.secret_hash = hash and k.revoked_at is null
    and (k.expires_at is null or k.expires_at > now());
  if found then
    update api_keys set last_used_at = now()
    where prefix = key_prefix and (last_used_at is null or last_used_at < now() - interval '1 minute');
  end if;
end $$;
