-- Forms, marketing messages and status pages: their public token's unique index leads with workspace_id
-- (issue 35; a distributed table allows no other). Uniqueness across workspaces is public_tokens' job since
-- 1439, and the public look-ups reach these rows by (workspace_id, token) through it. The names stay, so the
-- stores that read them on a conflict (a taken status-page slug) need no change.
alter table forms drop constraint forms_key_key, add constraint forms_key_key unique (workspace_id, key);
alter table marketing_messages drop constraint marketing_messages_token_key,
  add constraint marketing_messages_token_key unique (workspace_id, token);
drop index ops_status_pages_slug_uq;
create unique index ops_status_pages_slug_uq on ops_status_pages (workspace_id, slug);
