-- Marketing mail (issue 16): campaigns, the per-recipient outbox (one row per message, its unique key
-- the idempotency key of sending) and the suppression list (consent).

create table campaigns (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  name text not null check (btrim(name) <> '' and length(name) <= 200),
  type text not null default 'newsletter' check (type in ('newsletter', 'promotion', 'announcement', 'ab_test')),
  status text not null default 'draft'
    check (status in ('draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled')),
  subject text not null check (length(subject) <= 200),
  preheader text not null default '' check (length(preheader) <= 200),
  body text not null check (length(body) <= 100000),
  from_name text not null default '' check (length(from_name) <= 100),
  -- Filters of the audience: status, source, tag, website (see marketing/store.ts audienceWhere).
  audience jsonb not null default '{}',
  scheduled_at timestamptz,
  -- Fixed when sending starts: the messages queued; 'sent' only when sent_count = to_send.
  to_send integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);
create index campaigns_list_idx on campaigns (workspace_id, id desc);
create index campaigns_scheduled_idx on campaigns (scheduled_at) where status = 'scheduled';
select app_enable_tenant_rls('campaigns');
create trigger campaigns_touch before update on campaigns for each row execute function app_touch_updated_at();

create table marketing_messages (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  -- 'campaign:<id>:<contactId>' or 'run:<runId>:<step path>': a message is queued once, ever.
  idempotency_key text not null,
  campaign_id bigint references campaigns(id) on delete cascade,
  run_id bigint references workflow_runs(id) on delete set null,
  contact_id bigint references contacts(id) on delete set null,
  to_email citext not null,
  subject text not null,
  body text not null,
  from_name text not null default '',
  -- queued -> sending (claimed by a sender) -> sent (SMTP accepted) | offline (kept in the outbox, NOT delivered) | failed
  status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'offline', 'failed')),
  attempts integer not null default 0,
  -- The process that claimed it ('sending'): another process may take it over only after that one is gone.
  claimed_by text,
  error text,
  -- The capability of the message's public links (unsubscribe, open pixel, click redirect).
  token text not null unique,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  opened_at timestamptz,
  clicked_at timestamptz,
  -- The contact became a customer within the conversion window after clicking this message.
  converted_at timestamptz,
  unique (workspace_id, idempotency_key)
);
create index marketing_messages_campaign_idx on marketing_messages (workspace_id, campaign_id, status, id);
create index marketing_messages_run_fk on marketing_messages (run_id) where run_id is not null;
create index marketing_messages_contact_fk on marketing_messages (contact_id) where contact_id is not null;
create index marketing_messages_clicked_idx on marketing_messages (workspace_id, contact_id, clicked_at) where clicked_at is not null;
create index marketing_messages_unsent_idx on marketing_messages (id) where status in ('queued', 'sending');
select app_enable_tenant_rls('marketing_messages');

create table marketing_suppressions (
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  email citext not null,
  reason text not null check (reason in ('unsubscribed', 'hard_bounce', 'complaint')),
  created_at timestamptz not null default now(),
  primary key (workspace_id, email)
);
select app_enable_tenant_rls('marketing_suppressions');

-- Public links carry only a message token; this tells its workspace, nothing else.
create or replace function app_marketing_message_workspace(t text) returns bigint
  language sql stable security definer set search_path = public as $$
  select workspace_id from marketing_messages where token = t
$$;

create or replace function app_unsent_marketing_messages()
  returns table (workspace_id bigint, id bigint)
  language sql stable security definer set search_path = public as $$
  select workspace_id, id from marketing_messages where status in ('queued', 'sending') and campaign_id is null order by id
$$;

create or replace function app_sending_campaigns()
  returns table (workspace_id bigint, id bigint)
  language sql stable security definer set search_path = public as $$
  select workspace_id, id from campaigns where status = 'sending' order by id
$$;

create or replace function app_due_campaigns(at timestamptz)
  returns table (workspace_id bigint, id bigint)
  language sql stable security definer set search_path = public as $$
  select workspace_id, id from campaigns where status = 'scheduled' and scheduled_at <= at order by id
$$;
