-- Scheduled reports (issue 34 §3): a saved report or a shared dashboard mailed on a schedule, at a time of
-- day in each recipient's own time zone and language. Each recipient has its own next send time (two
-- recipients in two zones are due at two instants), moved on by the minute tick in the same transaction
-- that records the send of that period (`report_sends`, one row per recipient and period: the unique key is
-- what makes a period mailed at most once, whatever ticks or restarts happen).

create table report_schedules (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  report_id bigint references reports(id) on delete cascade,
  dashboard_id bigint references dashboards(id) on delete cascade,
  frequency text not null check (frequency in ('daily', 'weekly', 'monthly')),
  -- ISO weekday (1 Monday … 7 Sunday) of a weekly schedule; day of the month (1–28) of a monthly one.
  weekday smallint check (weekday between 1 and 7),
  month_day smallint check (month_day between 1 and 28),
  time_of_day text not null check (time_of_day ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  created_by bigint references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((report_id is null) <> (dashboard_id is null)),
  check ((frequency = 'weekly') = (weekday is not null)),
  check ((frequency = 'monthly') = (month_day is not null))
);
create index report_schedules_workspace_idx on report_schedules (workspace_id, id);
create index report_schedules_report_fk on report_schedules (report_id);
create index report_schedules_dashboard_fk on report_schedules (dashboard_id);
create index report_schedules_created_by_fk on report_schedules (created_by);
select app_enable_tenant_rls('report_schedules');
create trigger report_schedules_touch before update on report_schedules
  for each row execute function app_touch_updated_at();

-- A member (user_id: their address and language are read at each send) or an outside address (email and
-- locale here), which receives nothing until it confirms by the link mailed to it.
create table report_schedule_recipients (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  schedule_id bigint not null references report_schedules(id) on delete cascade,
  user_id bigint references users(id) on delete cascade,
  email citext,
  locale text,
  time_zone text not null,
  confirmed_at timestamptz,
  unsubscribed_at timestamptz,
  next_run_at timestamptz not null,
  created_at timestamptz not null default now(),
  check ((user_id is null) <> (email is null)),
  unique (schedule_id, user_id),
  unique (schedule_id, email)
);
create index report_schedule_recipients_due_idx on report_schedule_recipients (next_run_at)
  where confirmed_at is not null and unsubscribed_at is null;
create index report_schedule_recipients_user_fk on report_schedule_recipients (user_id);
create index report_schedule_recipients_workspace_fk on report_schedule_recipients (workspace_id);
select app_enable_tenant_rls('report_schedule_recipients');

-- One mail of one period to one recipient: 'pending' until the SMTP server accepted it, then 'sent';
-- 'held' in a restored copy (its original mailed it, or will).
create table report_sends (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  recipient_id bigint not null references report_schedule_recipients(id) on delete cascade,
  period text not null,
  status text not null default 'pending' check (status in ('pending', 'sent', 'held')),
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  unique (recipient_id, period)
);
create index report_sends_pending_idx on report_sends (workspace_id, id) where status = 'pending';
select app_enable_tenant_rls('report_sends');

-- The tick runs outside any workspace: the workspaces with a recipient due (ids only), held ones skipped.
create or replace function app_due_report_workspaces(at timestamptz) returns setof bigint
  language sql stable security definer set search_path = public as $$
  select distinct r.workspace_id from report_schedule_recipients r
  where r.next_run_at <= at and r.confirmed_at is not null and r.unsubscribed_at is null
    and r.workspace_id not in (select app_held_workspaces())
$$;

-- Unsent mails a stopped server left (ids only), for the workers' recovery at start.
create or replace function app_pending_report_sends() returns table (workspace_id bigint, id bigint)
  language sql stable security definer set search_path = public as $$
  select s.workspace_id, s.id from report_sends s
  where s.status = 'pending' and s.workspace_id not in (select app_held_workspaces())
$$;
