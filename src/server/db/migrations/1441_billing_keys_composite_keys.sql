-- API keys, invites, phone sync, payments and subscriptions keyed by workspace (issue 35, as 1400 did for
-- reports), and the public tokens of API keys, invites, websites and phone sync tokens unique per workspace:
-- across workspaces public_tokens (1439) keeps them unique and leads the public look-ups to the row. The
-- constraint names stay, so code reading them on a conflict needs no change. A phone sync record points at its
-- token by (workspace_id, token_id); a deleted token leaves the record with no token, never without workspace.
alter table phone_sync_records drop constraint phone_sync_records_token_id_fkey;

alter table api_keys drop constraint api_keys_pkey, add constraint api_keys_pkey primary key (workspace_id, id),
  drop constraint api_keys_prefix_key, add constraint api_keys_prefix_key unique (workspace_id, prefix);
alter table invites drop constraint invites_pkey, add constraint invites_pkey primary key (workspace_id, id),
  drop constraint invites_token_hash_key, add constraint invites_token_hash_key unique (workspace_id, token_hash);
alter table websites drop constraint websites_tracking_key_key,
  add constraint websites_tracking_key_key unique (workspace_id, tracking_key);
alter table phone_sync_tokens drop constraint phone_sync_tokens_pkey,
  add constraint phone_sync_tokens_pkey primary key (workspace_id, id),
  drop constraint phone_sync_tokens_token_hash_key,
  add constraint phone_sync_tokens_token_hash_key unique (workspace_id, token_hash);
alter table phone_sync_records drop constraint phone_sync_records_pkey,
  add constraint phone_sync_records_pkey primary key (workspace_id, id);
alter table payments drop constraint payments_pkey, add constraint payments_pkey primary key (workspace_id, id);
alter table subscriptions drop constraint subscriptions_pkey,
  add constraint subscriptions_pkey primary key (workspace_id, id);

alter table phone_sync_records add constraint phone_sync_records_token_id_fkey foreign key (workspace_id, token_id)
  references phone_sync_tokens (workspace_id, id) on delete set null (token_id);
-- A token's delete finds its records by this index.
create index phone_sync_records_token_fk on phone_sync_records (workspace_id, token_id);
-- The primary key now is what this index was.
drop index subscriptions_workspace_idx;
