-- Cross-sales scoring (issue 11) reads every contact of the workspace: from the heap that was a
-- sequential scan testing the tenant policy on each of a million rows, and the score needs five
-- narrow columns of a wide row. In this index the workspace is the index condition (tested once),
-- the scan is index-only once vacuum has marked the pages visible, and it comes in id order, so
-- the engagement counts are merge-joined in their primary key's order rather than hashed. Every
-- included column is indexed elsewhere already, so no update that was HOT stops being one.
create index contacts_scoring_idx on contacts (workspace_id, id)
  include (source, status, value_cents, last_contacted_at);

-- The cascade from contacts needs a look-up by contact alone, nothing more: as a btree this index
-- was ordered by contact too, and the planner preferred it (smaller) to the primary key for the
-- merge join, fetching every row to test its workspace (0.3 s of 1.2 s at a million contacts). A
-- hash index serves the cascade and offers no order.
drop index contact_engagement_contact_fk;
create index contact_engagement_contact_fk on contact_engagement using hash (contact_id);
