-- The activity feed keyed by workspace (issue 35, as 1400 did for reports). The feed reads
-- activities_workspace_idx (workspace_id, created_at, id); nothing points at an activity.
alter table activities drop constraint activities_pkey,
  add constraint activities_pkey primary key (workspace_id, id);
