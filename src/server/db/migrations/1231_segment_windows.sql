-- Segments whose conditions have a time window ("within N days"): their members can age out with nothing
-- happening, so a daily sweep looks at them. This reveals ids only.
create or replace function app_windowed_segments()
  returns table (workspace_id bigint, id bigint)
  language sql stable security definer set search_path = public as $$
  select workspace_id, id from segments where status = 'ready' and jsonb_path_exists(definition, 'strict $.**.withinDays') order by id
$$;
