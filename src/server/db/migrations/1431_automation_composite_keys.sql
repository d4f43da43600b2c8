-- Workflows, campaigns, their messages and holds keyed by workspace (issue 35, as 1400 did for reports). Each
-- foreign key pointing at these tables pairs workspace_id on both sides, with its old ON DELETE behaviour
-- (a cleared run keeps the message's workspace: SET NULL names run_id only). The unique keys the stores
-- name in ON CONFLICT gain workspace_id first, and so serve the cascades; single-column child indexes
-- become (workspace_id, col).
alter table workflow_versions drop constraint workflow_versions_workflow_id_fkey;
alter table workflow_runs drop constraint workflow_runs_workflow_id_fkey,
  drop constraint workflow_runs_version_id_fkey;
alter table workflow_run_steps drop constraint workflow_run_steps_run_id_fkey;
alter table marketing_messages drop constraint marketing_messages_run_id_fkey,
  drop constraint marketing_messages_campaign_id_fkey;
alter table ops_holds drop constraint ops_holds_run_id_fkey, drop constraint ops_holds_campaign_id_fkey;

alter table workflows drop constraint workflows_pkey, add constraint workflows_pkey primary key (workspace_id, id);
alter table workflow_versions drop constraint workflow_versions_pkey,
  add constraint workflow_versions_pkey primary key (workspace_id, id),
  drop constraint workflow_versions_workflow_id_version_key,
  add constraint workflow_versions_workflow_id_version_key unique (workspace_id, workflow_id, version);
alter table workflow_runs drop constraint workflow_runs_pkey,
  add constraint workflow_runs_pkey primary key (workspace_id, id),
  drop constraint workflow_runs_workflow_id_trigger_key_key,
  add constraint workflow_runs_workflow_id_trigger_key_key unique (workspace_id, workflow_id, trigger_key);
alter table workflow_run_steps drop constraint workflow_run_steps_pkey,
  add constraint workflow_run_steps_pkey primary key (workspace_id, id),
  drop constraint workflow_run_steps_run_id_path_key,
  add constraint workflow_run_steps_run_id_path_key unique (workspace_id, run_id, path);
alter table campaigns drop constraint campaigns_pkey, add constraint campaigns_pkey primary key (workspace_id, id);
-- The list read campaigns_list_idx (workspace_id, id desc); the new key serves it, backwards.
drop index campaigns_list_idx;
alter table marketing_messages drop constraint marketing_messages_pkey,
  add constraint marketing_messages_pkey primary key (workspace_id, id);

alter table workflow_versions add constraint workflow_versions_workflow_id_fkey foreign key (workspace_id, workflow_id)
  references workflows (workspace_id, id) on delete cascade;
alter table workflow_runs add constraint workflow_runs_workflow_id_fkey foreign key (workspace_id, workflow_id)
  references workflows (workspace_id, id) on delete cascade,
  add constraint workflow_runs_version_id_fkey foreign key (workspace_id, version_id)
  references workflow_versions (workspace_id, id) on delete cascade;
drop index workflow_runs_version_fk;
create index workflow_runs_version_fk on workflow_runs (workspace_id, version_id);
alter table workflow_run_steps add constraint workflow_run_steps_run_id_fkey foreign key (workspace_id, run_id)
  references workflow_runs (workspace_id, id) on delete cascade;
alter table marketing_messages add constraint marketing_messages_run_id_fkey foreign key (workspace_id, run_id)
  references workflow_runs (workspace_id, id) on delete set null (run_id),
  add constraint marketing_messages_campaign_id_fkey foreign key (workspace_id, campaign_id)
  references campaigns (workspace_id, id) on delete cascade;
drop index marketing_messages_run_fk;
create index marketing_messages_run_fk on marketing_messages (workspace_id, run_id) where run_id is not null;
alter table ops_holds add constraint ops_holds_run_id_fkey foreign key (workspace_id, run_id)
  references workflow_runs (workspace_id, id) on delete cascade,
  add constraint ops_holds_campaign_id_fkey foreign key (workspace_id, campaign_id)
  references campaigns (workspace_id, id) on delete cascade;
drop index ops_holds_run_fk;
create index ops_holds_run_fk on ops_holds (workspace_id, run_id) where run_id is not null;
drop index ops_holds_campaign_fk;
create index ops_holds_campaign_fk on ops_holds (workspace_id, campaign_id) where campaign_id is not null;
