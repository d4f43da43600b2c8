-- The pre-send gate for workflow (sequence) emails (issue 33 §2): before its first delivery a workflow's
-- message has its links checked; one answering 4xx/5xx holds it ('held', the links in link_failures)
-- until a check passes or an owner sends it anyway. Null link_failures: not checked yet.
alter table marketing_messages
  add column link_failures jsonb,
  add column link_override_at timestamptz;
create index marketing_messages_link_held_idx on marketing_messages (workspace_id, id)
  where status = 'held' and campaign_id is null;
