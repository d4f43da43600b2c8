-- Email capture and mailbox sync, phone sync, geofence (member locations and alerts).

-- Connected mailboxes. The password is sealed with AES-256-GCM by the server (key from SECRET_KEY);
-- the database never sees it in clear and the API never returns it.
create table email_accounts (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  provider text not null check (provider in ('gmail', 'outlook', 'godaddy')),
  email citext not null,
  imap_host text not null,
  imap_port integer not null check (imap_port between 1 and 65535),
  imap_secure boolean not null,
  smtp_host text not null,
  smtp_port integer not null check (smtp_port between 1 and 65535),
  sealed_password text not null,
  is_active boolean not null default true,
  last_error text,
  last_synced_at timestamptz,
  created_by bigint references users(id) on delete set null,
  created_at timestamptz not null default now()
);
create unique index email_accounts_email_uq on email_accounts (workspace_id, email);
select app_enable_tenant_rls('email_accounts');

-- Where incremental sync resumes: the last UID seen per mailbox, valid only while UIDVALIDITY is unchanged.
create table email_mailbox_cursors (
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  account_id bigint not null references email_accounts(id) on delete cascade,
  mailbox text not null,
  uid_validity bigint not null,
  last_uid bigint not null default 0,
  updated_at timestamptz not null default now(),
  primary key (account_id, mailbox)
);
create index email_mailbox_cursors_workspace_idx on email_mailbox_cursors (workspace_id);
select app_enable_tenant_rls('email_mailbox_cursors');

-- Every email that enters the processing path (manual form, IMAP sync, capture address), once per Message-ID.
create table email_processing_jobs (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  message_id text not null check (btrim(message_id) <> ''),
  origin text not null check (origin in ('manual', 'imap', 'capture')),
  account_id bigint references email_accounts(id) on delete set null,
  from_email citext not null,
  from_name text,
  to_email citext not null,
  to_name text,
  subject text,
  body text,
  direction text not null check (direction in ('inbound', 'outgoing')),
  received_at timestamptz not null,
  processed boolean not null default false,
  contact_created boolean not null default false,
  contact_id bigint references contacts(id) on delete set null,
  error_message text,
  created_by bigint references users(id) on delete set null,
  created_at timestamptz not null default now(),
  processed_at timestamptz
);
create unique index email_processing_jobs_message_uq on email_processing_jobs (workspace_id, message_id);
create index email_processing_jobs_recent_idx on email_processing_jobs (workspace_id, created_at desc, id desc);
select app_enable_tenant_rls('email_processing_jobs');

create table email_conversations (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  job_id bigint not null references email_processing_jobs(id) on delete cascade,
  contact_id bigint references contacts(id) on delete set null,
  subject text,
  body text,
  direction text not null check (direction in ('inbound', 'outgoing')),
  from_email citext not null,
  to_email citext not null,
  received_at timestamptz not null,
  created_at timestamptz not null default now()
);
create unique index email_conversations_job_uq on email_conversations (job_id);
create index email_conversations_recent_idx on email_conversations (workspace_id, received_at desc, id desc);
create index email_conversations_contact_idx on email_conversations (contact_id) where contact_id is not null;
select app_enable_tenant_rls('email_conversations');

-- The capture address <capture_token>@<domain> arrives before any workspace is known.
create or replace function app_capture_workspace(token text) returns bigint
  language sql stable security definer set search_path = public as $$
  select id from workspaces where capture_token = lower(token)
$$;

-- Phone sync tokens: only a sha-256 is kept. plain_token is set for the demo workspace's testing token alone,
-- so the iPhone sync tab can pre-fill it for members of that workspace.
create table phone_sync_tokens (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  name text not null check (btrim(name) <> ''),
  token_hash text not null unique,
  token_hint text not null,
  plain_token text,
  created_by bigint references users(id) on delete set null,
  last_used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index phone_sync_tokens_workspace_idx on phone_sync_tokens (workspace_id, created_at desc);
select app_enable_tenant_rls('phone_sync_tokens');

create or replace function app_phone_sync_token(hash text)
  returns table (token_id bigint, workspace_id bigint)
  language sql stable security definer set search_path = public as $$
  select id, workspace_id from phone_sync_tokens where token_hash = hash and revoked_at is null
$$;

create table phone_sync_records (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  token_id bigint references phone_sync_tokens(id) on delete set null,
  sync_type text not null check (sync_type in ('contacts', 'calls', 'messages')),
  item_count integer not null check (item_count >= 0),
  payload jsonb not null,
  processed boolean not null default false,
  contacts_created integer not null default 0,
  contacts_updated integer not null default 0,
  error_message text,
  created_at timestamptz not null default now(),
  processed_at timestamptz
);
create index phone_sync_records_recent_idx on phone_sync_records (workspace_id, created_at desc, id desc);
select app_enable_tenant_rls('phone_sync_records');

-- The last position each member reported (one row per member and workspace).
create table member_locations (
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  user_id bigint not null references users(id) on delete cascade,
  latitude double precision not null check (latitude between -90 and 90),
  longitude double precision not null check (longitude between -180 and 180),
  accuracy_meters double precision check (accuracy_meters >= 0),
  address text,
  updated_at timestamptz not null default now(),
  primary key (workspace_id, user_id)
);
select app_enable_tenant_rls('member_locations');

-- Alerts already raised, so the same contact is not announced again within the cooling period.
create table geofence_alerts (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  user_id bigint not null references users(id) on delete cascade,
  contact_id bigint not null references contacts(id) on delete cascade,
  distance_miles double precision not null,
  message text not null,
  created_at timestamptz not null default now()
);
create index geofence_alerts_cooling_idx on geofence_alerts (workspace_id, user_id, contact_id, created_at desc);
create index geofence_alerts_contact_fk on geofence_alerts (contact_id);
select app_enable_tenant_rls('geofence_alerts');

-- The periodic mailbox sync runs outside any workspace: it may learn which active accounts exist, nothing more.
create or replace function app_active_email_accounts()
  returns table (workspace_id bigint, account_id bigint)
  language sql stable security definer set search_path = public as $$
  select workspace_id, id from email_accounts where is_active
$$;
