-- A workspace lists each of its domains once; domains are stored normalised (lower case, host only).
create unique index websites_workspace_domain_unique on websites (workspace_id, domain);
