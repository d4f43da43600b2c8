import type pg from 'pg';

/**
 * Rows of every ecosystem, monitoring, incident, webhook and cross-sales table in `workspaceId` (the demo seed
 * fills only some): two apps, one depending on the other, with their endpoints, a collection run, monitors
 * with heartbeats and buckets, an incident with its events and a hold, a maintenance window, a webhook
 * endpoint with a trigger, an event delivered with an attempt, cross-sales targets and plan items, and a task
 * about an app.
 */
export async function addEcosystemOpsRows(owner: pg.Client, workspaceId: number): Promise<void> {
  const q = (text: string) => owner.query(text.replaceAll('$ws', String(workspaceId)));
  await q(`
    with a as (
      insert into ecosystem_apps (workspace_id, name, category, url)
      select $ws, 'Seeded app ' || n, 'business', 'https://app' || n || '.seeded.example' from generate_series(1, 2) n
      returning id, name),
    first as (select min(id) as id from a), second as (select max(id) as id from a),
    dep as (insert into ecosystem_app_dependencies (workspace_id, app_id, depends_on_app_id)
      select $ws, second.id, first.id from first, second),
    targets as (insert into cross_sales_targets (workspace_id, source_app_id, target_app_id, value_min_cents, value_max_cents)
      select $ws, first.id, second.id, 100, 200 from first, second),
    plan as (insert into cross_sales_plan_items (workspace_id, title, source_app, target_app, priority, difficulty)
      values ($ws, 'Seeded plan item', 'Seeded app 1', 'Seeded app 2', 'HIGH', 'Easy')),
    task as (insert into tasks (workspace_id, title, app_id) select $ws, 'About an app', first.id from first),
    windows as (insert into ops_maintenance_windows (workspace_id, app_id, starts_at, ends_at)
      select $ws, first.id, now(), now() + interval '1 hour' from first),
    e as (insert into ecosystem_endpoints (workspace_id, app_id, name, endpoint_type, category, url)
      select $ws, id, 'Seeded endpoint', 'website', 'leads', 'https://seeded.example/data' from a returning id),
    r as (insert into ecosystem_collection_runs (workspace_id, app_id, status) select $ws, first.id, 'completed' from first
      returning id)
    insert into ecosystem_collection_results (workspace_id, run_id, endpoint_id, position, app_name, endpoint_name)
    select $ws, r.id, e.id, row_number() over (), 'Seeded app', 'Seeded endpoint' from r, e`);
  await q(`
    with m as (
      insert into ops_monitors (workspace_id, app_id, url)
      select $ws, id, 'https://seeded.example/health' from ecosystem_apps where workspace_id = $ws and name like 'Seeded app %'
      returning id, app_id),
    hb as (insert into ops_heartbeats (workspace_id, monitor_id, checked_at, up, response_ms)
      select $ws, id, now() - n * interval '1 minute', n % 2 = 0, 100 + n from m, generate_series(1, 3) n),
    b as (insert into ops_uptime_buckets (workspace_id, monitor_id, size, bucket_start)
      select $ws, id, 'hour', date_trunc('hour', now()) from m),
    c as (insert into campaigns (workspace_id, name, subject, body) values ($ws, 'Held campaign', 'Hi', 'Body') returning id),
    i as (insert into ops_incidents (workspace_id, app_id, monitor_id, opened_at)
      select $ws, app_id, id, now() from m order by id limit 1 returning id),
    ev as (insert into ops_incident_events (workspace_id, incident_id, at, kind) select $ws, id, now(), 'opened' from i)
    insert into ops_holds (workspace_id, incident_id, campaign_id, resume_job, held_at)
    select $ws, i.id, c.id, 'campaign.send', now() from i, c`);
  await q(`
    with app as (select min(id) as id from ecosystem_apps where workspace_id = $ws and name like 'Seeded app %'),
    ep as (insert into ops_endpoints (workspace_id, app_id, url) select $ws, id, 'https://seeded.example/hook' from app
      returning id),
    t as (insert into ops_triggers (workspace_id, endpoint_id, action) select $ws, id, 'contact.created' from ep),
    ev as (insert into ops_events (workspace_id, app_id, app_name, source, webhook_id, event_type)
      select $ws, id, 'Seeded app 1', 'hub', 'seeded-' || id, 'contact.created' from app returning id),
    d as (insert into ops_deliveries (workspace_id, endpoint_id, event_id, webhook_id, event_type, body, status)
      select $ws, ep.id, ev.id, 'seeded-delivery', 'contact.created', '{}', 'succeeded' from ep, ev returning id)
    insert into ops_delivery_attempts (workspace_id, delivery_id, duration_ms) select $ws, id, 42 from d`);
}
