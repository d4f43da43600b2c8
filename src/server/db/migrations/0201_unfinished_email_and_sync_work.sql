-- Work a stopped server left unfinished: emails and phone syncs recorded but neither processed nor
-- failed. A start queues them again (a job that was running when the process died would otherwise
-- wait for pg-boss's expiry). Like app_active_email_accounts, these run outside any workspace and
-- reveal ids only.
create index email_processing_jobs_unfinished_idx on email_processing_jobs (id)
  where not processed and error_message is null;
create index phone_sync_records_unfinished_idx on phone_sync_records (id)
  where not processed and error_message is null;

create or replace function app_unfinished_email_jobs()
  returns table (workspace_id bigint, id bigint)
  language sql stable security definer set search_path = public as $$
  select workspace_id, id from email_processing_jobs where not processed and error_message is null order by id
$$;

create or replace function app_unfinished_phone_syncs()
  returns table (workspace_id bigint, id bigint)
  language sql stable security definer set search_path = public as $$
  select workspace_id, id from phone_sync_records where not processed and error_message is null order by id
$$;
