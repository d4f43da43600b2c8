-- Link-fix deployments keyed by workspace (issue 35, as 1400 did for reports).
alter table link_fix_deployments drop constraint link_fix_deployments_pkey,
  add constraint link_fix_deployments_pkey primary key (workspace_id, id);
