-- Content items keyed by workspace (issue 35, as 1400 did for reports): a translation or rewrite points at
-- its source by (workspace_id, source_id), so the database keeps it in the source's workspace. The slug was
-- already unique per workspace. The due-content look-up (app_due_content) reads by status and time, not id.
alter table content_items drop constraint content_items_source_id_fkey;
alter table content_items drop constraint content_items_pkey,
  add constraint content_items_pkey primary key (workspace_id, id);
alter table content_items add constraint content_items_source_id_fkey foreign key (workspace_id, source_id)
  references content_items (workspace_id, id) on delete cascade;
-- The source's cascade looks its copies up by (workspace_id, source_id).
drop index content_items_source_fk;
create index content_items_source_fk on content_items (workspace_id, source_id) where source_id is not null;
