-- Issue 10: why an import failed keeps its catalogued message beside the English error_message, so each
-- reader sees it in their language. Jobs that failed before this read as written.
alter table import_jobs add column error_message_ref jsonb;
