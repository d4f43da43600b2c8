-- Indexes measured at 1,000,000 contacts in one workspace (bench/contacts).
--
-- Nearby contacts: the gist index leads with workspace_id (btree_gist) so a nearest-first (KNN)
-- walk from a point visits only the workspace's own contacts, however many other workspaces have
-- near that point. Before, a 5-mile radius in a crowded area visited ~8,000 contacts' pages to
-- sort them: 300 ms.
create extension if not exists btree_gist;
drop index contacts_geo_idx;
create index contacts_geo_idx on contacts using gist (workspace_id, ll_to_earth(latitude, longitude))
  where latitude is not null;

-- Search: trigrams only. With workspace_id as a GIN column, every search in a large workspace also
-- read that workspace's posting list (every one of its rows) to intersect it: a rare full name took
-- 16 ms instead of 8. Small workspaces do not use this index (their own rows are fewer than one
-- trigram's matches; the planner reads them by workspace), so they lose nothing.
drop index contacts_search_trgm;
create index contacts_search_trgm on contacts using gin (search_text gin_trgm_ops);
