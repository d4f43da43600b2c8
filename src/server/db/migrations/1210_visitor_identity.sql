-- Visitors become contacts (issue 32 §2). The workspace's switch: absent row = on (the default, see
-- docs/areas/analytics.md); off, no visitor is linked to a contact.
create table analytics_settings (
  workspace_id bigint primary key default app_current_workspace() references workspaces(id) on delete cascade,
  link_visitors boolean not null default true
);
select app_enable_tenant_rls('analytics_settings');

-- A view made before its visitor identified themselves that day, attached to the contact afterwards. It
-- shows on the contact's timeline as such and does not count toward "visited a page" (which counts what
-- was seen as the contact). A constant default is a catalogue change only, not a rewrite of the events.
alter table analytics_events add column before_identification boolean not null default false;
