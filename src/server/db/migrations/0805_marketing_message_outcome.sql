-- A campaign message's outcome is committed before the next message's data is ended (the exactly-once
-- rule of the outbox), so its round trip is on the path of every message: one statement, planned once
-- per connection, instead of BEGIN, the update and COMMIT. The update runs as the caller, under
-- row-level security like any workspace transaction; the workspace it enters is left as it found it.
create or replace function app_record_marketing_outcome(
  ws bigint, message bigint, new_status text, failure text, at timestamptz
) returns void language plpgsql volatile as $$
declare
  previous text := current_setting('app.workspace_id', true);
begin
  perform set_config('app.workspace_id', ws::text, true);
  update marketing_messages set status = new_status, error = failure, sent_at = at where id = message;
  perform set_config('app.workspace_id', coalesce(previous, ''), true);
end $$;
