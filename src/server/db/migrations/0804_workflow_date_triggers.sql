-- Date triggers of workflows (issue 16 §1, "a date field reached"): the minute sweep finds the active
-- ones in every workspace (ids only) and enters the contacts whose date came since its last look.
create or replace function app_date_workflows()
  returns table (workspace_id bigint, id bigint)
  language sql stable security definer set search_path = public as $$
  select workspace_id, id from workflows where status = 'active' and trigger_type = 'date_reached' order by id
$$;
