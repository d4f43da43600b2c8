-- Reports, dashboards and report schedules keyed by workspace (issue 35, ADR 0009): every primary key and
-- unique key starts with workspace_id and every foreign key between them pairs workspace_id on both sides,
-- so the database itself keeps a tile, schedule or send in its report's workspace, and Citus can shard
-- these tables by workspace_id. Look-ups by id keep their index: under RLS every query also filters
-- workspace_id, which (workspace_id, id) serves. Rows keep their ids; only keys and indexes are rebuilt.

alter table dashboard_tiles drop constraint dashboard_tiles_dashboard_id_fkey,
  drop constraint dashboard_tiles_report_id_fkey;
alter table dashboard_homes drop constraint dashboard_homes_dashboard_id_fkey;
alter table report_schedules drop constraint report_schedules_report_id_fkey,
  drop constraint report_schedules_dashboard_id_fkey;
alter table report_schedule_recipients drop constraint report_schedule_recipients_schedule_id_fkey;
alter table report_sends drop constraint report_sends_recipient_id_fkey;

alter table reports drop constraint reports_pkey, add constraint reports_pkey primary key (workspace_id, id);
alter table dashboards drop constraint dashboards_pkey, add constraint dashboards_pkey primary key (workspace_id, id);
alter table dashboard_tiles drop constraint dashboard_tiles_pkey,
  add constraint dashboard_tiles_pkey primary key (workspace_id, id);
alter table report_schedules drop constraint report_schedules_pkey,
  add constraint report_schedules_pkey primary key (workspace_id, id);
alter table report_schedule_recipients drop constraint report_schedule_recipients_pkey,
  add constraint report_schedule_recipients_pkey primary key (workspace_id, id),
  drop constraint report_schedule_recipients_schedule_id_user_id_key,
  add constraint report_schedule_recipients_schedule_id_user_id_key unique (workspace_id, schedule_id, user_id),
  drop constraint report_schedule_recipients_schedule_id_email_key,
  add constraint report_schedule_recipients_schedule_id_email_key unique (workspace_id, schedule_id, email);
alter table report_sends drop constraint report_sends_pkey,
  add constraint report_sends_pkey primary key (workspace_id, id),
  drop constraint report_sends_recipient_id_period_key,
  add constraint report_sends_recipient_id_period_key unique (workspace_id, recipient_id, period);

-- The new primary keys lead with (workspace_id, id): these indexes add nothing any more.
drop index report_schedules_workspace_idx;
drop index dashboard_tiles_workspace_fk;
drop index report_schedule_recipients_workspace_fk;

alter table dashboard_tiles
  add constraint dashboard_tiles_dashboard_id_fkey foreign key (workspace_id, dashboard_id)
    references dashboards (workspace_id, id) on delete cascade,
  add constraint dashboard_tiles_report_id_fkey foreign key (workspace_id, report_id)
    references reports (workspace_id, id) on delete cascade;
alter table dashboard_homes
  add constraint dashboard_homes_dashboard_id_fkey foreign key (workspace_id, dashboard_id)
    references dashboards (workspace_id, id) on delete cascade;
alter table report_schedules
  add constraint report_schedules_report_id_fkey foreign key (workspace_id, report_id)
    references reports (workspace_id, id) on delete cascade,
  add constraint report_schedules_dashboard_id_fkey foreign key (workspace_id, dashboard_id)
    references dashboards (workspace_id, id) on delete cascade;
alter table report_schedule_recipients
  add constraint report_schedule_recipients_schedule_id_fkey foreign key (workspace_id, schedule_id)
    references report_schedules (workspace_id, id) on delete cascade;
alter table report_sends
  add constraint report_sends_recipient_id_fkey foreign key (workspace_id, recipient_id)
    references report_schedule_recipients (workspace_id, id) on delete cascade;
