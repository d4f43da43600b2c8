-- Issue 10: the console's stored lines (an app's integration error, a monitor's last probe error, the events
-- the hub raises) keep their catalogued message beside the English text, so each reader sees them in their
-- language. Lines stored before this read as written.
alter table ops_app_state add column integration_error_message jsonb;
alter table ops_monitors add column last_error_message jsonb;
alter table ops_events add column message jsonb;
