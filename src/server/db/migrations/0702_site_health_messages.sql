-- Issue 10: a failed crawl and a website's failed Search Console sync keep their catalogued reason beside the
-- English text, so each reader sees it in their language. Failures recorded before this read as written.
alter table site_crawls add column error_message jsonb;
alter table search_console_sites add column error_message jsonb;
