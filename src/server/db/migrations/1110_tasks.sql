-- Tasks (issue 33, part 1): work a member owns, with a due time, a reminder, related records and comments.
-- Workflows create them, and later the crawler's findings and the incidents do: those name their cause in
-- `cause_key`, so a cause creates its task once and closes it when the cause is gone.

create table tasks (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  title text not null check (btrim(title) <> '' and length(title) <= 200),
  description text not null default '' check (length(description) <= 5000),
  status text not null default 'open' check (status in ('open', 'done')),
  due_at timestamptz(3),
  -- none: no reminder; pending: due at remind_at; sent: fired (in-app at once, the mail by its job);
  -- held: a restored copy's reminder, which waits until its owner sets it again (restore brings no sending).
  remind_at timestamptz(3),
  reminder_state text not null default 'none' check (reminder_state in ('none', 'pending', 'sent', 'held')),
  reminded_at timestamptz,
  -- Set by the mail job once the owner's mail is accepted: a second run of the job sends nothing.
  reminder_mailed_at timestamptz,
  owner_id bigint references users(id) on delete set null,
  created_by bigint references users(id) on delete set null,
  contact_id bigint references contacts(id) on delete set null,
  company_id bigint references companies(id) on delete set null,
  deal_id bigint references deals(id) on delete set null,
  app_id bigint references ecosystem_apps(id) on delete set null,
  -- What created the task and closes it when gone (a finding's or an incident's stable key); null for people's tasks.
  cause_key text check (btrim(cause_key) <> '' and length(cause_key) <= 500),
  closed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((status = 'done') = (closed_at is not null)),
  check ((remind_at is null) = (reminder_state = 'none'))
);

-- My tasks and all tasks, soonest due first (undated last).
create index tasks_owner_idx on tasks (workspace_id, owner_id, status, due_at, id);
create index tasks_status_idx on tasks (workspace_id, status, due_at, id);
create unique index tasks_cause_uq on tasks (workspace_id, cause_key) where cause_key is not null;
create index tasks_contact_idx on tasks (workspace_id, contact_id) where contact_id is not null;
create index tasks_company_idx on tasks (workspace_id, company_id) where company_id is not null;
create index tasks_deal_idx on tasks (workspace_id, deal_id) where deal_id is not null;
create index tasks_app_idx on tasks (workspace_id, app_id) where app_id is not null;
-- The reminder sweep looks across workspaces for the pending ones that are due.
create index tasks_reminder_due_idx on tasks (remind_at) where reminder_state = 'pending';
-- Foreign keys of rows deleted elsewhere are looked up by these.
create index tasks_contact_fk on tasks (contact_id) where contact_id is not null;
create index tasks_company_fk on tasks (company_id) where company_id is not null;
create index tasks_deal_fk on tasks (deal_id) where deal_id is not null;
create index tasks_app_fk on tasks (app_id) where app_id is not null;
create index tasks_owner_fk on tasks (owner_id) where owner_id is not null;
create index tasks_created_by_fk on tasks (created_by) where created_by is not null;
select app_enable_tenant_rls('tasks');
create trigger tasks_touch before update on tasks for each row execute function app_touch_updated_at();

create table task_comments (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  task_id bigint not null references tasks(id) on delete cascade,
  author_id bigint references users(id) on delete set null,
  body text not null check (btrim(body) <> '' and length(body) <= 5000),
  created_at timestamptz not null default now()
);
create index task_comments_task_idx on task_comments (workspace_id, task_id, created_at, id);
create index task_comments_task_fk on task_comments (task_id);
create index task_comments_author_fk on task_comments (author_id) where author_id is not null;
select app_enable_tenant_rls('task_comments');

-- The reminder sweep runs outside any workspace; this reveals ids only.
create or replace function app_due_task_reminders(at timestamptz)
  returns table (workspace_id bigint, id bigint)
  language sql stable security definer set search_path = public as $$
  select workspace_id, id from tasks
  where reminder_state = 'pending' and remind_at <= at and status = 'open'
  order by remind_at limit 1000
$$;
