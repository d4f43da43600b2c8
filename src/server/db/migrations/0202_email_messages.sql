-- Issue 10: why a mailbox sync or an email's processing failed keeps its catalogued message beside the
-- English text, so each reader sees it in their language. Lines stored before this read as written.
alter table email_accounts add column last_error_message jsonb;
alter table email_processing_jobs add column error_message_ref jsonb;
