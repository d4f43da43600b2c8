-- Issue 10: why a phone sync failed keeps its catalogued message beside the English error_message, so each
-- reader sees it in their language. Records that failed before this read as written.
alter table phone_sync_records add column error_message_ref jsonb;
