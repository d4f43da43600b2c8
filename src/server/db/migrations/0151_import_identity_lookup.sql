-- Identity look-ups of the CSV import (a staged row's email or phone -> the workspace's contact).
--
-- Through contacts_in_workspace the planner folds app_current_workspace() into a constant and asks
-- the statistics about it. A workspace created since the last ANALYZE has "no rows", so every index
-- leading with workspace_id looks as cheap as the unique (workspace_id, email) one: it chose
-- contacts_status_idx and filtered the whole workspace once per staged row, and a 200,000-row import
-- into a new workspace of a database holding 0.9M other contacts slowed to minutes per batch.
-- Here the workspace is a sub-select (an InitPlan): a value unknown while planning, estimated as an
-- average workspace, for which the unique indexes (both columns pinned, one row) always win,
-- whatever the statistics say. Owned by the migration owner like contacts_in_workspace, with the
-- same tenant condition, so the citext comparison can be an index condition (see 0101).
create view contact_identities_in_workspace as
  select id, email, phone, first_name, last_name from contacts
  where workspace_id = (select app_current_workspace());
