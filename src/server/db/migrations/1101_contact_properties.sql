-- Custom properties of a contact (issue 32 §1: a form field can fill one): name -> text, filled through
-- the ingestion port like the other fields (an empty one is filled, a filled one is kept). And the
-- timeline's 'form' entries, one per form submission.
alter table contacts add column properties jsonb not null default '{}' check (jsonb_typeof(properties) = 'object');

-- The view was made with `select *`, which PostgreSQL expanded then: the new column is added at its end.
create or replace view contacts_in_workspace as
  select * from contacts where workspace_id = app_current_workspace()
  with local check option;

alter table contact_timeline drop constraint contact_timeline_kind_check;
alter table contact_timeline add constraint contact_timeline_kind_check
  check (kind in ('note', 'email', 'call', 'message', 'status_change', 'import', 'created', 'updated', 'form'));
