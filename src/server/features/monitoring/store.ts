import { type MessageRef, messageRef, type StoredMessage } from '@domain/messages';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.js';

type Runner = Tx | Db;

/** When a monitor counts as down: its run of failed rounds, and where it probes from. */
export type ProbeRule = { failuresToDown: number; locations: string[] };
const ruleSet = (m: Partial<ProbeRule>) =>
  sql`failures_to_down = coalesce(${m.failuresToDown ?? null}::int, failures_to_down),
    locations = coalesce(${sql.param(m.locations ?? null)}::text[], locations)`;
const iso = (column: SQL) => sql`to_json(${column}) #>> '{}'`;

export type DueProbe = {
  workspaceId: number;
  monitorId: number;
  appId: number;
  url: string;
  timeoutMs: number;
  locations: string[];
  /** When its probe is due: it starts then (or at once, if that has passed), and its lateness is measured from it. */
  dueAt: Date;
};

/** Claims the monitors due by `horizon` (moving each one's next probe on: see the SQL function). */
export async function claimDueProbes(db: Runner, at: Date, horizon: Date, max: number): Promise<DueProbe[]> {
  const { rows } = await db.execute<Omit<DueProbe, 'dueAt'> & { dueAt: string }>(sql`
    select workspace_id::int as "workspaceId", monitor_id::int as "monitorId", app_id::int as "appId", url,
      timeout_ms as "timeoutMs", locations, ${iso(sql`due_at`)} as "dueAt"
    from app_ops_claim_due_probes(${at}, ${horizon}, ${max})`);
  return rows.map((row) => ({ ...row, dueAt: new Date(row.dueAt) }));
}

/** The probes' history past what uptime reads (and events past 30 days: one sweep per tick does both). */
export async function prune(db: Runner, at: Date): Promise<void> {
  await db.execute(sql`select app_ops_prune(${at})`);
}

export type MonitorRow = {
  id: number;
  appId: number;
  appName: string;
  url: string;
  isDefault: boolean;
  intervalSeconds: number;
  timeoutMs: number;
  failuresToDown: number;
  locations: string[];
  consecutiveFailures: number;
  status: 'unknown' | 'up' | 'down';
  lastCheckedAt: string | null;
  lastResponseMs: number | null;
  lastError: string | null;
  lastErrorMessage: MessageRef | null;
  uptime24h: number | null;
  uptime30d: number | null;
};

const percentUp = sql`case when sum(up + down) > 0 then round(100.0 * sum(up) / sum(up + down), 2)::float8 end`;

/**
 * Uptime over the buckets in `scope` since `since`: the fine buckets up to the first whole coarse one,
 * the coarse ones from there (each round is counted in a bucket of every size). 24 hours read at most
 * 60 minute and 24 hour buckets a monitor, 30 days 24 hour and 30 day buckets, instead of 1,440 and 720.
 */
function uptimeSince(scope: SQL, since: SQL, fine: 'minute' | 'hour', coarse: 'hour' | 'day') {
  const whole =
    coarse === 'hour'
      ? sql`date_trunc('hour', ${since}) + interval '1 hour'`
      : sql`date_trunc('day', ${since}, 'UTC') + interval '1 day'`;
  return sql`(select ${percentUp} from (
      select b.up, b.down from ops_uptime_buckets b
      where ${scope} and b.size = ${fine} and b.bucket_start >= ${since} and b.bucket_start < ${whole}
      union all
      select b.up, b.down from ops_uptime_buckets b where ${scope} and b.size = ${coarse} and b.bucket_start >= ${whole}
    ) r)`;
}
const since24h = (at: Date) => sql`(${at}::timestamptz - interval '24 hours')`;
const since30d = (at: Date) => sql`(${at}::timestamptz - interval '30 days')`;

/** Monitors with their uptime over 24 h and 30 days: all of them, one, or a page (the Monitors card's). */
export async function listMonitors(
  tx: Tx,
  at: Date,
  only: { id?: number; limit?: number; offset?: number; appsOwn?: boolean } = {},
): Promise<MonitorRow[]> {
  const mine = sql`b.monitor_id = m.id`;
  const { rows } = await tx.execute<MonitorRow>(sql`
    select m.id::int as id, m.app_id::int as "appId", a.name as "appName", coalesce(m.url, a.url) as url,
      m.url is null as "isDefault",
      m.interval_seconds as "intervalSeconds", m.timeout_ms as "timeoutMs",
      m.failures_to_down as "failuresToDown", m.locations, m.consecutive_failures as "consecutiveFailures", m.status,
      ${iso(sql`m.last_checked_at`)} as "lastCheckedAt", m.last_response_ms as "lastResponseMs",
      m.last_error as "lastError", m.last_error_message as "lastErrorMessage",
      ${uptimeSince(mine, since24h(at), 'minute', 'hour')} as "uptime24h",
      ${uptimeSince(mine, since30d(at), 'hour', 'day')} as "uptime30d"
    from ops_monitors m join ecosystem_apps a on a.id = m.app_id
    where true ${only.id === undefined ? sql`` : sql`and m.id = ${only.id}`}
    ${only.appsOwn ? sql`and m.url is null` : sql``}
    ${
      // The page's rows are chosen first, so only they read their buckets.
      only.limit === undefined
        ? sql``
        : sql`and m.id in (select p.id from ops_monitors p join ecosystem_apps pa on pa.id = p.app_id
            order by pa.name, p.url nulls first, p.id limit ${only.limit} offset ${only.offset ?? 0})`
    }
    order by a.name, m.url nulls first, m.id`);
  return rows;
}

export async function countMonitors(tx: Tx): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(sql`select count(*)::int as n from ops_monitors`);
  return rows[0].n;
}

/** Uptime of all the workspace's probes in the last 24 hours; null before the first probe. */
export async function workspaceUptime(tx: Tx, at: Date): Promise<number | null> {
  const { rows } = await tx.execute<{ p: number | null }>(sql`
    select ${uptimeSince(sql`b.workspace_id = app_current_workspace()`, since24h(at), 'minute', 'hour')} as p`);
  return rows[0].p;
}

export async function findMonitor(tx: Tx, id: number, lock = false) {
  const { rows } = await tx.execute<{
    id: number;
    appId: number;
    appName: string;
    url: string;
    status: string;
    isDefault: boolean;
    failuresToDown: number;
    locations: string[];
  }>(sql`
    select m.id::int as id, m.app_id::int as "appId", a.name as "appName", coalesce(m.url, a.url) as url,
      m.status, m.url is null as "isDefault", m.failures_to_down as "failuresToDown", m.locations
    from ops_monitors m join ecosystem_apps a on a.id = m.app_id where m.id = ${id} ${lock ? sql`for update of m` : sql``}`);
  return rows[0] ?? null;
}

export async function insertMonitor(
  tx: Tx,
  m: ProbeRule & { appId: number; url: string; intervalSeconds: number; timeoutMs: number },
): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    insert into ops_monitors (app_id, url, interval_seconds, timeout_ms, failures_to_down, locations)
    values (${m.appId}, ${m.url}, ${m.intervalSeconds}, ${m.timeoutMs}, ${m.failuresToDown}, ${sql.param(m.locations)}::text[])
    returning id::int as id`);
  return rows[0].id;
}

export async function updateDefaultMonitor(
  tx: Tx,
  appId: number,
  m: Partial<ProbeRule> & { intervalSeconds: number; timeoutMs: number },
): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    update ops_monitors set interval_seconds = ${m.intervalSeconds}, timeout_ms = ${m.timeoutMs}, ${ruleSet(m)}
    where app_id = ${appId} and url is null returning id`);
  return rows.length > 0;
}

/**
 * A monitor's new timing, due no later than one new interval from now; a new URL starts it afresh
 * (status unknown, probed at the next tick) — its history stays, as Uptime Kuma keeps it on an edit.
 */
export async function updateMonitor(
  tx: Tx,
  id: number,
  m: Partial<ProbeRule> & { intervalSeconds: number; timeoutMs: number; newUrl: string | null },
  at: Date,
): Promise<void> {
  const restart =
    m.newUrl === null
      ? sql`next_probe_at = least(next_probe_at, ${at}::timestamptz + make_interval(secs => ${m.intervalSeconds}))`
      : sql`url = ${m.newUrl}, status = 'unknown', last_checked_at = null, last_response_ms = null,
          last_error = null, last_error_message = null, consecutive_failures = 0, next_probe_at = ${at}`;
  await tx.execute(sql`
    update ops_monitors set interval_seconds = ${m.intervalSeconds}, timeout_ms = ${m.timeoutMs}, ${ruleSet(m)},
      ${restart}
    where id = ${id}`);
}

export async function deleteMonitor(tx: Tx, id: number): Promise<boolean> {
  const { rows } = await tx.execute(
    sql`delete from ops_monitors where id = ${id} and url is not null returning id`,
  );
  return rows.length > 0;
}

export type LocationResult = {
  location: string;
  up: boolean;
  statusCode: number | null;
  responseMs: number;
  message: StoredMessage | null;
};

/**
 * One round of probes (one per location): their heartbeats, the round's minute, hour and day buckets (none
 * inside a maintenance window: it is not counted in uptime), and the monitor's state, which turns down
 * only after its run of failed rounds. Returns the state.
 */
export async function recordRound(
  tx: Tx,
  monitorId: number,
  r: {
    at: Date;
    up: boolean;
    responseMs: number;
    message: StoredMessage | null;
    results: LocationResult[];
    counted: boolean;
    /** How long after its due time the round started, in ms. */
    lateMs: number;
  },
): Promise<'unknown' | 'up' | 'down'> {
  const error = r.message?.text ?? null;
  for (const h of r.results)
    await tx.execute(sql`
      insert into ops_heartbeats (monitor_id, checked_at, up, status_code, response_ms, message, location, late_ms)
      values (${monitorId}, ${r.at}, ${h.up}, ${h.statusCode}, ${h.responseMs}, ${h.message?.text ?? null}, ${h.location}, ${r.lateMs})`);
  if (r.counted)
    await tx.execute(sql`
      insert into ops_uptime_buckets (monitor_id, size, bucket_start, up, down, response_ms_total)
      values (${monitorId}, 'minute', date_trunc('minute', ${r.at}::timestamptz), ${r.up ? 1 : 0}, ${r.up ? 0 : 1}, ${r.responseMs}),
        (${monitorId}, 'hour', date_trunc('hour', ${r.at}::timestamptz), ${r.up ? 1 : 0}, ${r.up ? 0 : 1}, ${r.responseMs}),
        (${monitorId}, 'day', date_trunc('day', ${r.at}::timestamptz, 'UTC'), ${r.up ? 1 : 0}, ${r.up ? 0 : 1}, ${r.responseMs})
      on conflict (workspace_id, monitor_id, size, bucket_start) do update set up = ops_uptime_buckets.up + excluded.up,
        down = ops_uptime_buckets.down + excluded.down,
        response_ms_total = ops_uptime_buckets.response_ms_total + excluded.response_ms_total`);
  const { rows } = await tx.execute<{ status: 'unknown' | 'up' | 'down' }>(sql`
    update ops_monitors set
      status = case when ${r.up} then 'up' when consecutive_failures + 1 >= failures_to_down then 'down' else status end,
      consecutive_failures = case when ${r.up} then 0 else consecutive_failures + 1 end,
      last_checked_at = ${r.at}, last_response_ms = ${r.responseMs}, last_error = ${error},
      last_error_message = ${r.message ? JSON.stringify(messageRef(r.message)) : null}::jsonb
    where id = ${monitorId} returning status`);
  return rows[0].status;
}

export async function openIncidents(tx: Tx): Promise<{ appName: string; reason: string }[]> {
  const { rows } = await tx.execute<{ appName: string; reason: string }>(sql`
    select a.name as "appName", i.reason from ops_incidents i
    join ecosystem_apps a on a.id = i.app_id
    where i.workspace_id = app_current_workspace() and i.closed_at is null order by i.opened_at`);
  return rows;
}
