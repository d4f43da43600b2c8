-- Contacts, companies, deals and the duplicates area keyed by workspace (issue 35, as 1400 did for reports):
-- every primary key starts with workspace_id, and every foreign key that points at contacts, companies,
-- deals or duplicate scans pairs workspace_id on both sides, so the database itself keeps a row in its
-- contact's (company's, deal's) workspace and Citus can shard these tables by workspace_id. Rows keep their
-- ids. A cleared reference (`on delete set null`) names its column, so workspace_id is never nulled.
-- The single-column child indexes stay: the merge re-parents and snapshots by the contact column, and a
-- foreign key's cascade finds its rows through them as before.

alter table contacts drop constraint contacts_company_id_fkey;
alter table deals drop constraint deals_company_id_fkey, drop constraint deals_contact_id_fkey;
alter table ops_endpoints drop constraint ops_endpoints_company_id_fkey,
  drop constraint ops_endpoints_notice_contact_id_fkey;
alter table tasks drop constraint tasks_company_id_fkey, drop constraint tasks_contact_id_fkey,
  drop constraint tasks_deal_id_fkey;
alter table deal_timeline drop constraint deal_timeline_deal_id_fkey;
alter table duplicate_suggestions drop constraint duplicate_suggestions_contact_a_fkey,
  drop constraint duplicate_suggestions_contact_b_fkey, drop constraint duplicate_suggestions_scan_id_fkey;
alter table contact_timeline drop constraint contact_timeline_contact_id_fkey;
alter table email_processing_jobs drop constraint email_processing_jobs_contact_id_fkey;
alter table email_conversations drop constraint email_conversations_contact_id_fkey;
alter table geofence_alerts drop constraint geofence_alerts_contact_id_fkey;
alter table analytics_events drop constraint analytics_events_contact_id_fkey;
alter table contact_engagement drop constraint contact_engagement_contact_id_fkey;
alter table workflow_runs drop constraint workflow_runs_contact_id_fkey;
alter table marketing_messages drop constraint marketing_messages_contact_id_fkey;
alter table form_submissions drop constraint form_submissions_contact_id_fkey;
alter table analytics_visitor_contacts drop constraint analytics_visitor_contacts_contact_id_fkey;
alter table contact_merges drop constraint contact_merges_survivor_id_fkey;
alter table segment_members drop constraint segment_members_contact_id_fkey;
alter table segment_history drop constraint segment_history_contact_id_fkey;

alter table companies drop constraint companies_pkey, add constraint companies_pkey primary key (workspace_id, id);
alter table contacts drop constraint contacts_pkey, add constraint contacts_pkey primary key (workspace_id, id);
alter table deals drop constraint deals_pkey, add constraint deals_pkey primary key (workspace_id, id);
alter table contact_timeline drop constraint contact_timeline_pkey,
  add constraint contact_timeline_pkey primary key (workspace_id, id);
alter table deal_timeline drop constraint deal_timeline_pkey,
  add constraint deal_timeline_pkey primary key (workspace_id, id);
alter table contact_merges drop constraint contact_merges_pkey,
  add constraint contact_merges_pkey primary key (workspace_id, id);
alter table duplicate_scans drop constraint duplicate_scans_pkey,
  add constraint duplicate_scans_pkey primary key (workspace_id, id);
alter table duplicate_suggestions drop constraint duplicate_suggestions_pkey,
  add constraint duplicate_suggestions_pkey primary key (workspace_id, id);

alter table contacts add constraint contacts_company_id_fkey foreign key (workspace_id, company_id)
  references companies (workspace_id, id) on delete set null (company_id);
alter table deals
  add constraint deals_company_id_fkey foreign key (workspace_id, company_id)
    references companies (workspace_id, id) on delete set null (company_id),
  add constraint deals_contact_id_fkey foreign key (workspace_id, contact_id)
    references contacts (workspace_id, id) on delete cascade;
alter table ops_endpoints
  add constraint ops_endpoints_company_id_fkey foreign key (workspace_id, company_id)
    references companies (workspace_id, id) on delete set null (company_id),
  add constraint ops_endpoints_notice_contact_id_fkey foreign key (workspace_id, notice_contact_id)
    references contacts (workspace_id, id) on delete set null (notice_contact_id);
alter table tasks
  add constraint tasks_company_id_fkey foreign key (workspace_id, company_id)
    references companies (workspace_id, id) on delete set null (company_id),
  add constraint tasks_contact_id_fkey foreign key (workspace_id, contact_id)
    references contacts (workspace_id, id) on delete set null (contact_id),
  add constraint tasks_deal_id_fkey foreign key (workspace_id, deal_id)
    references deals (workspace_id, id) on delete set null (deal_id);
alter table deal_timeline add constraint deal_timeline_deal_id_fkey foreign key (workspace_id, deal_id)
  references deals (workspace_id, id) on delete cascade;
alter table duplicate_suggestions
  add constraint duplicate_suggestions_contact_a_fkey foreign key (workspace_id, contact_a)
    references contacts (workspace_id, id) on delete cascade,
  add constraint duplicate_suggestions_contact_b_fkey foreign key (workspace_id, contact_b)
    references contacts (workspace_id, id) on delete cascade,
  add constraint duplicate_suggestions_scan_id_fkey foreign key (workspace_id, scan_id)
    references duplicate_scans (workspace_id, id) on delete set null (scan_id);
alter table contact_timeline add constraint contact_timeline_contact_id_fkey foreign key (workspace_id, contact_id)
  references contacts (workspace_id, id) on delete cascade;
alter table email_processing_jobs add constraint email_processing_jobs_contact_id_fkey
  foreign key (workspace_id, contact_id) references contacts (workspace_id, id) on delete set null (contact_id);
alter table email_conversations add constraint email_conversations_contact_id_fkey
  foreign key (workspace_id, contact_id) references contacts (workspace_id, id) on delete set null (contact_id);
alter table geofence_alerts add constraint geofence_alerts_contact_id_fkey foreign key (workspace_id, contact_id)
  references contacts (workspace_id, id) on delete cascade;
alter table analytics_events add constraint analytics_events_contact_id_fkey foreign key (workspace_id, contact_id)
  references contacts (workspace_id, id) on delete set null (contact_id);
alter table contact_engagement add constraint contact_engagement_contact_id_fkey
  foreign key (workspace_id, contact_id) references contacts (workspace_id, id) on delete cascade;
alter table workflow_runs add constraint workflow_runs_contact_id_fkey foreign key (workspace_id, contact_id)
  references contacts (workspace_id, id) on delete set null (contact_id);
alter table marketing_messages add constraint marketing_messages_contact_id_fkey
  foreign key (workspace_id, contact_id) references contacts (workspace_id, id) on delete set null (contact_id);
alter table form_submissions add constraint form_submissions_contact_id_fkey foreign key (workspace_id, contact_id)
  references contacts (workspace_id, id) on delete set null (contact_id);
alter table analytics_visitor_contacts add constraint analytics_visitor_contacts_contact_id_fkey
  foreign key (workspace_id, contact_id) references contacts (workspace_id, id) on delete cascade;
alter table contact_merges add constraint contact_merges_survivor_id_fkey foreign key (workspace_id, survivor_id)
  references contacts (workspace_id, id) on delete cascade;
alter table segment_members add constraint segment_members_contact_id_fkey foreign key (workspace_id, contact_id)
  references contacts (workspace_id, id) on delete cascade;
alter table segment_history add constraint segment_history_contact_id_fkey foreign key (workspace_id, contact_id)
  references contacts (workspace_id, id) on delete set null (contact_id);

-- A deal's contact name is read by the contact's key (the trigger runs for one workspace's row).
create or replace function app_deal_contact_name() returns trigger language plpgsql as $$
begin
  new.contact_name := coalesce((
    select app_contact_display_name(c.first_name, c.last_name, c.email::text, c.phone)
    from contacts c where c.workspace_id = new.workspace_id and c.id = new.contact_id), '');
  return new;
end $$;
