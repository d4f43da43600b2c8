-- Issue 10: WordPress's refusal of an item keeps its catalogued message beside the English text, so each
-- reader sees it in their language. Refusals recorded before this read as written.
alter table content_items add column wordpress_error_message jsonb;
