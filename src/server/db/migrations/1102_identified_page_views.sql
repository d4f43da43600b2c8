-- Page views of known contacts (issue 32 §1, "visited a page" trigger). A visitor stays a daily hash; when
-- they identify themselves on a site (issue 32 §2 writes these rows), that site's, that day's, that hash's
-- contact is recorded here, and the ingest stamps each later view of theirs with the contact's id.
create table analytics_visitor_contacts (
  workspace_id bigint not null default app_current_workspace(),
  website_id integer not null,
  day date not null,
  visitor_id bigint not null,
  contact_id bigint not null references contacts(id) on delete cascade,
  identified_at timestamptz not null default now(),
  primary key (workspace_id, website_id, day, visitor_id),
  foreign key (workspace_id, website_id) references websites (workspace_id, id) on delete cascade
);
create index analytics_visitor_contacts_contact_fk on analytics_visitor_contacts (contact_id);
select app_enable_tenant_rls('analytics_visitor_contacts');

-- Null for anonymous views (nearly all). The index serves the trigger's count of a contact's views and
-- the foreign key's clean-up when a contact is deleted; anonymous rows stay out of it.
alter table analytics_events add column contact_id bigint references contacts(id) on delete set null;
create index analytics_events_contact_idx on analytics_events (contact_id, occurred_at) where contact_id is not null;
