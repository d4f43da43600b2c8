-- The public tokens directory (docs/decisions/0015-public-tokens.md). Seven tenant tables hold a token that a
-- public request looks up before any workspace is known (tracker hits, form pages, API keys, email opens and
-- clicks, status pages, invites, phone sync). Once their unique indexes lead with workspace_id (issue 35, a
-- distributed table allows no other), only this coordinator-local table keeps each token unique across all
-- workspaces and says which workspace holds it. Triggers write it in the same transaction as the tenant
-- row, so every insert path (bulk insert…select of a campaign's messages included), every rotation and every
-- delete (a workspace's cascade too) keeps it exact; a token another workspace holds fails the insert with the
-- tenant's own unique-constraint name, as before.
create table public_tokens (
  kind text not null,
  token text not null,
  -- Not workspace_id: this is no tenant table, and no tenant policy applies.
  workspace bigint not null,
  primary key (kind, token)
);
-- Reached only through the SECURITY DEFINER functions below, run by its owner: the runtime role, granted every
-- table, sees and changes no row of it (no policy).
alter table public_tokens enable row level security;

-- Trigger arguments: the token's kind, its column, and the tenant table's unique constraint to name on conflict.
-- Inserts and deletes are handled once per statement from its transition table (a campaign inserts thousands
-- of messages in one statement); an update only when it changes the token or the workspace.
create or replace function app_public_token_sync() returns trigger
  language plpgsql security definer set search_path = public as $$
begin
  if tg_op = 'TRUNCATE' then
    delete from public_tokens where kind = tg_argv[0];
    return null;
  end if;
  if tg_op = 'DELETE' then
    execute format('delete from public_tokens p using old_rows o
      where p.kind = $1 and p.token = o.%I and p.workspace = o.workspace_id', tg_argv[1]) using tg_argv[0];
    return null;
  end if;
  if tg_op = 'UPDATE' then
    delete from public_tokens
    where kind = tg_argv[0] and token = to_jsonb(old) ->> tg_argv[1] and workspace = old.workspace_id;
  end if;
  begin
    if tg_op = 'INSERT' then
      execute format('insert into public_tokens (kind, token, workspace) select $1, %I, workspace_id from new_rows',
        tg_argv[1]) using tg_argv[0];
    else
      insert into public_tokens (kind, token, workspace)
      values (tg_argv[0], to_jsonb(new) ->> tg_argv[1], new.workspace_id);
    end if;
  exception when unique_violation then
    raise unique_violation using message = format('%s %s is taken', tg_argv[0], tg_argv[1]),
      constraint = tg_argv[2], table = tg_table_name, column = tg_argv[1];
  end;
  return null;
end $$;

create function app_attach_public_token(tbl text, kind text, col text, uniq text) returns void
  language plpgsql as $$
declare
  args text := format('%L, %L, %L', kind, col, uniq);
begin
  execute format('insert into public_tokens (kind, token, workspace) select %L, %I, workspace_id from %I',
    kind, col, tbl);
  execute format('create trigger %I after insert on %I referencing new table as new_rows
    for each statement execute function app_public_token_sync(%s)', tbl || '_public_token_insert', tbl, args);
  execute format('create trigger %I after delete on %I referencing old table as old_rows
    for each statement execute function app_public_token_sync(%s)', tbl || '_public_token_delete', tbl, args);
  execute format('create trigger %I after update of %I, workspace_id on %I for each row
    when (old.%I is distinct from new.%I or old.workspace_id is distinct from new.workspace_id)
    execute function app_public_token_sync(%s)', tbl || '_public_token_update', col, tbl, col, col, args);
  execute format('create trigger %I after truncate on %I
    for each statement execute function app_public_token_sync(%s)', tbl || '_public_token_truncate', tbl, args);
end $$;

select app_attach_public_token('api_keys', 'api_key', 'prefix', 'api_keys_prefix_key');
select app_attach_public_token('forms', 'form', 'key', 'forms_key_key');
select app_attach_public_token('invites', 'invite', 'token_hash', 'invites_token_hash_key');
select app_attach_public_token('marketing_messages', 'marketing_message', 'token', 'marketing_messages_token_key');
select app_attach_public_token('websites', 'website', 'tracking_key', 'websites_tracking_key_key');
select app_attach_public_token('ops_status_pages', 'status_page', 'slug', 'ops_status_pages_slug_uq');
select app_attach_public_token('phone_sync_tokens', 'phone_sync_token', 'token_hash',
  'phone_sync_tokens_token_hash_key');
drop function app_attach_public_token(text, text, text, text);

-- Which workspace holds a token: one primary-key look-up, then the tenant table by (workspace_id, token).
create or replace function app_public_token_workspace(token_kind text, t text) returns bigint
  language sql stable security definer set search_path = public as $$
  select workspace from public_tokens where kind = token_kind and token = t
$$;

create or replace function app_analytics_site_lookup(key text)
  returns table (workspace_id bigint, website_id integer, domain text)
  language sql stable security definer set search_path = public as $$
  select w.workspace_id, w.id, w.domain from public_tokens p
  join websites w on w.workspace_id = p.workspace and w.tracking_key = p.token
  where p.kind = 'website' and p.token = key
$$;

create or replace function app_form_lookup(form_key text)
  returns table (workspace_id bigint, form_id bigint)
  language sql stable security definer set search_path = public as $$
  select f.workspace_id, f.id from public_tokens p
  join forms f on f.workspace_id = p.workspace and f.key = p.token
  where p.kind = 'form' and p.token = form_key
$$;

create or replace function app_invite_workspace(hash text) returns bigint
  language sql stable security definer set search_path = public as $$
  select i.workspace_id from public_tokens p
  join invites i on i.workspace_id = p.workspace and i.token_hash = p.token
  where p.kind = 'invite' and p.token = hash
$$;

create or replace function app_marketing_message_workspace(t text) returns bigint
  language sql stable security definer set search_path = public as $$
  select m.workspace_id from public_tokens p
  join marketing_messages m on m.workspace_id = p.workspace and m.token = p.token
  where p.kind = 'marketing_message' and p.token = t
$$;

create or replace function app_phone_sync_token(hash text)
  returns table (token_id bigint, workspace_id bigint, test_only boolean)
  language sql stable security definer set search_path = public as $$
  select s.id, s.workspace_id, s.test_only from public_tokens p
  join phone_sync_tokens s on s.workspace_id = p.workspace and s.token_hash = p.token
  where p.kind = 'phone_sync_token' and p.token = hash and s.revoked_at is null
$$;

create or replace function app_status_page_workspace(page_slug text)
  returns table (workspace_id bigint, name text)
  language sql stable security definer set search_path = public as $$
  select s.workspace_id, w.name from public_tokens p
  join ops_status_pages s on s.workspace_id = p.workspace and s.slug = p.token
  join workspaces w on w.id = s.workspace_id
  where p.kind = 'status_page' and p.token = page_slug and s.enabled
$$;

create or replace function app_api_key_use(key_prefix text, hash text)
  returns table (key_id bigint, workspace_id bigint, user_id bigint, role text, plan text)
  language plpgsql volatile security definer set search_path = public as $$
declare
  ws bigint := app_public_token_workspace('api_key', key_prefix);
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
  where k.workspace_id = ws and k.prefix = key_prefix and k.secret_hash = hash and k.revoked_at is null
    and (k.expires_at is null or k.expires_at > now());
  if found then
    update api_keys set last_used_at = now()
    where api_keys.workspace_id = ws and prefix = key_prefix
      and (last_used_at is null or last_used_at < now() - interval '1 minute');
  end if;
end $$;
