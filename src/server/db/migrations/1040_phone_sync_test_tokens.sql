-- Every workspace starts with a testing sync token, so the iPhone sync tab's Test buttons work on a first
-- visit (issue 30 §2.5). Its value is kept in plain_token for the tab to pre-fill, so every member can read
-- it: such a token is test_only, and the sync route accepts from it test syncs alone (the sample items).
-- Rows are written one workspace at a time, entered as the app enters it and named in each statement, so
-- the work is the same whether the role running it is under row-level security or past it.
alter table phone_sync_tokens add column test_only boolean not null default false;
do $$
declare
  ws bigint;
begin
  for ws in select id from workspaces order by id loop
    perform set_config('app.workspace_id', ws::text, true);
    update phone_sync_tokens set test_only = true where workspace_id = ws and plain_token is not null;
  end loop;
  perform set_config('app.workspace_id', '', true);
end $$;
-- A token whose value is stored must be a testing one: a readable real token would be a shared secret.
alter table phone_sync_tokens add constraint phone_sync_tokens_plain_only_for_tests
  check (plain_token is null or test_only);

-- A record says whether it was a test sync (the tab lists it as one).
alter table phone_sync_records add column is_test boolean not null default false;

drop function app_phone_sync_token(text);
create function app_phone_sync_token(hash text)
  returns table (token_id bigint, workspace_id bigint, test_only boolean)
  language sql stable security definer set search_path = public as $$
  select id, workspace_id, test_only from phone_sync_tokens where token_hash = hash and revoked_at is null
$$;

-- Gives each workspace (or the one named) without a live testing token a new one, made as the server makes
-- tokens: "hubsync_" and 32 random bytes in base64url, its sha-256 kept beside it.
create function app_issue_test_sync_tokens(only_workspace bigint default null) returns integer
  language plpgsql volatile as $$
declare
  ws bigint;
  token text;
  issued integer := 0;
  previous text := current_setting('app.workspace_id', true);
begin
  for ws in select id from workspaces where only_workspace is null or id = only_workspace order by id loop
    perform set_config('app.workspace_id', ws::text, true);
    if not exists (
      select 1 from phone_sync_tokens where workspace_id = ws and test_only and revoked_at is null
    ) then
      token := 'hubsync_' || rtrim(translate(encode(gen_random_bytes(32), 'base64'), '+/', '-_'), '=');
      insert into phone_sync_tokens (workspace_id, name, token_hash, token_hint, plain_token, test_only)
      values (ws, 'iPhone test token (for testing)', encode(digest(token, 'sha256'), 'hex'),
        '…' || right(token, 4), token, true);
      issued := issued + 1;
    end if;
  end loop;
  perform set_config('app.workspace_id', coalesce(previous, ''), true);
  return issued;
end $$;
-- The owner's alone: the app's role never issues tokens across workspaces.
revoke all on function app_issue_test_sync_tokens(bigint) from public;

select app_issue_test_sync_tokens();
