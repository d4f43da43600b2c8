-- Issue 10: an endpoint's failed collection keeps its reason's catalogued message beside the English text,
-- so each reader sees it in their language. Results recorded before this read as written.
alter table ecosystem_collection_results add column reason_message jsonb;
