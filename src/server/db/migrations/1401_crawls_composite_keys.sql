-- Site crawls keyed by workspace (issue 35, as 1400 did for reports): a crawl's URLs and links point at it by
-- (workspace_id, crawl_id), so the database keeps them in the crawl's workspace and Citus can shard them.
alter table site_urls drop constraint site_urls_crawl_id_fkey;
alter table site_links drop constraint site_links_crawl_id_fkey;
alter table site_crawls drop constraint site_crawls_pkey,
  add constraint site_crawls_pkey primary key (workspace_id, id);
alter table site_urls add constraint site_urls_crawl_id_fkey foreign key (workspace_id, crawl_id)
  references site_crawls (workspace_id, id) on delete cascade;
alter table site_links add constraint site_links_crawl_id_fkey foreign key (workspace_id, crawl_id)
  references site_crawls (workspace_id, id) on delete cascade;
