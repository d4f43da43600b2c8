-- Tasks and their comments keyed by workspace (issue 35, as 1400 did for reports): a comment points at its
-- task by (workspace_id, task_id), which task_comments_task_idx (workspace_id, task_id, …) serves, so the
-- single-column index the old key needed goes. A task's own references (contact, company, deal, app) become
-- composite with the migrations of those areas.
alter table task_comments drop constraint task_comments_task_id_fkey;
alter table tasks drop constraint tasks_pkey, add constraint tasks_pkey primary key (workspace_id, id);
alter table task_comments drop constraint task_comments_pkey,
  add constraint task_comments_pkey primary key (workspace_id, id);
alter table task_comments add constraint task_comments_task_id_fkey foreign key (workspace_id, task_id)
  references tasks (workspace_id, id) on delete cascade;
drop index task_comments_task_fk;
