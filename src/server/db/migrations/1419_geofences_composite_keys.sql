-- Geofence alerts keyed by workspace (issue 35, as 1400 did for reports). Their reference to the contact
-- becomes composite with the contacts migration.
alter table geofence_alerts drop constraint geofence_alerts_pkey,
  add constraint geofence_alerts_pkey primary key (workspace_id, id);
