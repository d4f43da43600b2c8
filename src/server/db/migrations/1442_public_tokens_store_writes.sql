-- The public tokens directory (ADR 0015) is written by the stores, not by triggers: Citus runs no trigger of a
-- distributed table on the coordinator, and a trigger on a shard cannot write a coordinator-local table. Every
-- store that creates, rotates or deletes one of the seven tokens calls these two functions in its transaction
-- (src/server/db/public-tokens.ts); a deleted workspace takes its entries with it through the foreign key, both
-- tables staying on the coordinator.
drop trigger api_keys_public_token_insert on api_keys;
drop trigger api_keys_public_token_delete on api_keys;
drop trigger api_keys_public_token_update on api_keys;
drop trigger api_keys_public_token_truncate on api_keys;
drop trigger forms_public_token_insert on forms;
drop trigger forms_public_token_delete on forms;
drop trigger forms_public_token_update on forms;
drop trigger forms_public_token_truncate on forms;
drop trigger invites_public_token_insert on invites;
drop trigger invites_public_token_delete on invites;
drop trigger invites_public_token_update on invites;
drop trigger invites_public_token_truncate on invites;
drop trigger marketing_messages_public_token_insert on marketing_messages;
drop trigger marketing_messages_public_token_delete on marketing_messages;
drop trigger marketing_messages_public_token_update on marketing_messages;
drop trigger marketing_messages_public_token_truncate on marketing_messages;
drop trigger websites_public_token_insert on websites;
drop trigger websites_public_token_delete on websites;
drop trigger websites_public_token_update on websites;
drop trigger websites_public_token_truncate on websites;
drop trigger ops_status_pages_public_token_insert on ops_status_pages;
drop trigger ops_status_pages_public_token_delete on ops_status_pages;
drop trigger ops_status_pages_public_token_update on ops_status_pages;
drop trigger ops_status_pages_public_token_truncate on ops_status_pages;
drop trigger phone_sync_tokens_public_token_insert on phone_sync_tokens;
drop trigger phone_sync_tokens_public_token_delete on phone_sync_tokens;
drop trigger phone_sync_tokens_public_token_update on phone_sync_tokens;
drop trigger phone_sync_tokens_public_token_truncate on phone_sync_tokens;
drop function app_public_token_sync();

-- The triggers removed every entry of a deleted workspace; from now on the foreign key does.
delete from public_tokens p where not exists (select 1 from workspaces w where w.id = p.workspace);
alter table public_tokens add constraint public_tokens_workspace_fkey
  foreign key (workspace) references workspaces (id) on delete cascade;
create index public_tokens_workspace_idx on public_tokens (workspace);

-- Claims tokens for the transaction's workspace (never another's: the runtime role calls it). A token another
-- workspace holds fails with 23505 under the tenant table's own constraint name, as an insert into that table
-- did when the token was unique there, so the stores that translate it (a taken status-page slug) are unchanged.
-- Returns how many it claimed.
create function app_public_tokens_claim(token_kind text, tokens text[], tenant_constraint text) returns integer
  language plpgsql volatile security definer set search_path = public as $$
declare
  ws constant bigint := app_current_workspace();
  claimed integer;
begin
  if ws is null then
    raise exception 'a public token is claimed inside a workspace' using errcode = 'insufficient_privilege';
  end if;
  insert into public_tokens (kind, token, workspace)
  select token_kind, t, ws from unnest(tokens) t where t is not null;
  get diagnostics claimed = row_count;
  return claimed;
exception when unique_violation then
  raise unique_violation using message = format('%s is taken', token_kind), constraint = tenant_constraint;
end $$;

-- Frees the transaction's workspace's tokens (a deleted row, a rotated token).
create function app_public_tokens_release(token_kind text, tokens text[]) returns void
  language sql volatile security definer set search_path = public as $$
  delete from public_tokens where kind = token_kind and token = any(tokens) and workspace = app_current_workspace()
$$;

-- The testing sync token the owner issues at migration and for a workspace without one claims its token too.
create or replace function app_issue_test_sync_tokens(only_workspace bigint default null) returns integer
  language plpgsql volatile as $$
declare
  ws bigint;
  token text;
  hash text;
  issued integer := 0;
  previous text := current_setting('app.workspace_id', true);
begin
  for ws in select id from workspaces where only_workspace is null or id = only_workspace order by id loop
    perform set_config('app.workspace_id', ws::text, true);
    if not exists (
      select 1 from phone_sync_tokens where workspace_id = ws and test_only and revoked_at is null
    ) then
      token := 'hubsync_' || rtrim(translate(encode(gen_random_bytes(32), 'base64'), '+/', '-_'), '=');
      hash := encode(digest(token, 'sha256'), 'hex');
      insert into phone_sync_tokens (workspace_id, name, token_hash, token_hint, plain_token, test_only)
      values (ws, 'iPhone test token (for testing)', hash, '…' || right(token, 4), token, true);
      perform app_public_tokens_claim('phone_sync_token', array[hash], 'phone_sync_tokens_token_hash_key');
      issued := issued + 1;
    end if;
  end loop;
  perform set_config('app.workspace_id', coalesce(previous, ''), true);
  return issued;
end $$;
revoke all on function app_issue_test_sync_tokens(bigint) from public;
