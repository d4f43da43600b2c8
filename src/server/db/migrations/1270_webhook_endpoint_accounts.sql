-- Webhook endpoints belong to accounts (issue 33, part 4): an endpoint names the company it serves and,
-- optionally, the company's contact told when it keeps failing; their delivery health is read per endpoint.

alter table ops_endpoints
  add column company_id bigint references companies(id) on delete set null,
  add column notice_contact_id bigint references contacts(id) on delete set null,
  -- Set when the current run of failures passed 24 hours and the account's owner got a task: once per run.
  add column failure_alerted_at timestamptz,
  -- Set when the notice contact's mail of the current run was handed to the mail server: once per run.
  add column notice_mailed_at timestamptz,
  add constraint ops_endpoints_notice_needs_company check (notice_contact_id is null or company_id is not null);

create index ops_endpoints_company_idx on ops_endpoints (workspace_id, company_id) where company_id is not null;
create index ops_endpoints_company_fk on ops_endpoints (company_id) where company_id is not null;
create index ops_endpoints_notice_contact_fk on ops_endpoints (notice_contact_id) where notice_contact_id is not null;

-- Delivery health reads an endpoint's deliveries of the window (success rate, p95 of their attempts, the
-- last failure) and its backlog; without these it walked every delivery the endpoint ever had.
create index ops_deliveries_endpoint_created_idx on ops_deliveries (endpoint_id, created_at) include (status);
create index ops_deliveries_endpoint_unfinished_idx on ops_deliveries (endpoint_id)
  where status in ('pending', 'sending');
