-- Backups keyed by workspace (issue 35, as 1400 did for reports): a restore points at its backup by
-- (workspace_id, backup_id), which backup_restores_backup_idx (workspace_id, backup_id, id) also serves,
-- so the single-column index the old key needed goes.
alter table backup_restores drop constraint backup_restores_backup_id_fkey;
alter table backups drop constraint backups_pkey, add constraint backups_pkey primary key (workspace_id, id);
alter table backup_restores drop constraint backup_restores_pkey,
  add constraint backup_restores_pkey primary key (workspace_id, id);
alter table backup_restores add constraint backup_restores_backup_id_fkey foreign key (workspace_id, backup_id)
  references backups (workspace_id, id) on delete cascade;
drop index backup_restores_backup_fk;
