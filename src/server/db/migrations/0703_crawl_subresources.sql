-- Issue "One product" §3: the crawler also checks what pages load (images, stylesheets, scripts, media),
-- not only what they link to. A subresource is checked, never crawled: it costs no page budget and has
-- no depth limit of its own. site_links.element names the element and attribute that referenced the
-- target ('img[src]', 'link[rel=stylesheet][href]', ...); it is null for a page link (<a href>), so every
-- link recorded before this reads as the page link it was.
alter table site_urls add column resource boolean not null default false;
alter table site_links add column element text;
