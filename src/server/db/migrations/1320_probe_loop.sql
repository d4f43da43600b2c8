-- Monitors at scale (issue 33 §3: 1,000 monitors at a 20 s interval). Intervals down to 20 s (Uptime
-- Kuma's minimum); a claim that hands out each monitor's due time, so a process can probe it on time and
-- record how late it was; and day buckets, so 30 days of uptime read ~30 rows a monitor, not 720.

alter table ops_monitors drop constraint ops_monitors_interval_seconds_check;
alter table ops_monitors add constraint ops_monitors_interval_seconds_check
  check (interval_seconds between 20 and 86400);

-- Milliseconds between the probe's due time and its start (null for heartbeats before this migration).
alter table ops_heartbeats add column late_ms integer check (late_ms >= 0);

alter table ops_uptime_buckets drop constraint ops_uptime_buckets_size_check;
alter table ops_uptime_buckets add constraint ops_uptime_buckets_size_check
  check (size in ('minute', 'hour', 'day'));
insert into ops_uptime_buckets (workspace_id, monitor_id, size, bucket_start, up, down, response_ms_total)
  select workspace_id, monitor_id, 'day', date_trunc('day', bucket_start, 'UTC'), sum(up), sum(down),
    sum(response_ms_total)
  from ops_uptime_buckets where size = 'hour'
  group by workspace_id, monitor_id, date_trunc('day', bucket_start, 'UTC')
  on conflict do nothing;

-- Claims the monitors due by `horizon` (a little ahead of `at`, so a process can start each probe at
-- its due time rather than at its next claim) across workspaces whose uptime monitoring is on, and moves
-- each one's next probe an interval past its due time in the same statement: however many processes
-- claim, a monitor is probed once per interval, in step with its schedule. One overdue by a whole
-- interval or more (the processes were stopped) is probed once now and next an interval from now: no
-- burst of catch-up probes. Apps without a monitor get their default one first.
drop function app_ops_claim_due_probes(timestamptz, integer);
create or replace function app_ops_claim_due_probes(at timestamptz, horizon timestamptz, max_count integer)
  returns table (workspace_id bigint, monitor_id bigint, app_id bigint, url text, timeout_ms integer,
    locations text[], due_at timestamptz)
  language plpgsql security definer set search_path = public as $$
begin
  insert into ops_monitors (workspace_id, app_id, next_probe_at)
    select a.workspace_id, a.id, at from ecosystem_apps a
    where not exists (select 1 from ops_monitors m where m.app_id = a.id and m.url is null)
    on conflict do nothing;
  return query
  with due as (
    select m.id, m.next_probe_at from ops_monitors m
    where m.next_probe_at <= horizon
      and coalesce((select f.uptime_monitoring from ops_features f where f.workspace_id = m.workspace_id), true)
    order by m.next_probe_at
    limit max_count
    for update skip locked
  )
  update ops_monitors m set next_probe_at = case
      when due.next_probe_at + make_interval(secs => m.interval_seconds) > at
        then due.next_probe_at + make_interval(secs => m.interval_seconds)
      else at + make_interval(secs => m.interval_seconds) end
  from due, ecosystem_apps a
  where m.id = due.id and a.id = m.app_id
  returning m.workspace_id, m.id, m.app_id, coalesce(m.url, a.url), m.timeout_ms, m.locations, due.next_probe_at;
end $$;

-- Retention: heartbeats and minute buckets a day, hour buckets and events 30 days, day buckets 31 days.
create or replace function app_ops_prune(at timestamptz) returns void
  language sql security definer set search_path = public as $$
  delete from ops_heartbeats where checked_at < at - interval '24 hours';
  delete from ops_uptime_buckets where size = 'minute' and bucket_start < at - interval '24 hours';
  delete from ops_uptime_buckets where size = 'hour' and bucket_start < at - interval '30 days';
  delete from ops_uptime_buckets where size = 'day' and bucket_start < at - interval '31 days';
  delete from ops_events where received_at < at - interval '30 days';
$$;
