-- Sequences (issue 32 §5): a run ends early, 'exited', when one of its workflow's exit rules fires.
alter table workflow_runs drop constraint workflow_runs_status_check;
alter table workflow_runs add constraint workflow_runs_status_check
  check (status in ('running', 'waiting', 'completed', 'failed', 'exited'));
alter table workflow_runs
  add column exit_reason text check (exit_reason in ('replied', 'booked_meeting', 'unsubscribed', 'deal_stage', 'left_segment')),
  add column exited_at timestamptz,
  add constraint workflow_runs_exit_check check ((status = 'exited') = (exited_at is not null and exit_reason is not null));
-- An exit looks up the contact's live runs.
create index workflow_runs_live_contact_idx on workflow_runs (workspace_id, contact_id)
  where status in ('running', 'waiting');
