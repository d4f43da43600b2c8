import type { MessageRef } from '@domain/messages';
import type { Features, IntegrationStatus } from '@domain/superhub/superhub-schemas';
import { featureFlags } from '@domain/superhub/superhub-schemas';
import type { LiveEvent } from '@domain/webhooks/webhook-schemas';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, executeNamed, type Tx } from '../../db/database.js';

const iso = (column: SQL) => sql`to_json(${column}) #>> '{}'`;

// ---- apps ----

export type AppOps = {
  id: number;
  name: string;
  url: string;
  eventsReceived: number;
  errorCount: number;
  lastEventAt: string | null;
  deployedAt: string | null;
  integrationStatus: IntegrationStatus;
  integrationStep: number;
  integrationError: string | null;
  integrationErrorMessage: MessageRef | null;
  integrationNonce: string | null;
  endpointCount: number;
};

const appOpsColumns = sql`a.id::int as id, a.name, a.url, s.events_received::int as "eventsReceived",
  s.error_count as "errorCount", ${iso(sql`s.last_event_at`)} as "lastEventAt",
  ${iso(sql`s.webhooks_deployed_at`)} as "deployedAt", s.integration_status as "integrationStatus",
  s.integration_step as "integrationStep", s.integration_error as "integrationError",
  s.integration_error_message as "integrationErrorMessage", s.integration_nonce as "integrationNonce",
  (select count(*)::int from ops_endpoints e where e.app_id = a.id and e.disabled_at is null) as "endpointCount"`;

export async function listAppOps(tx: Tx): Promise<AppOps[]> {
  const { rows } = await tx.execute<AppOps>(sql`
    select ${appOpsColumns} from ecosystem_apps a
    join ops_app_state s on s.app_id = a.id
    order by a.name, a.id`);
  return rows;
}

export async function findAppOps(tx: Tx, appId: number, lock = false): Promise<AppOps | null> {
  const { rows } = await tx.execute<AppOps>(sql`
    select ${appOpsColumns} from ecosystem_apps a
    join ops_app_state s on s.app_id = a.id
    where a.id = ${appId} ${lock ? sql`for update of s` : sql``}`);
  return rows[0] ?? null;
}

/** The workspace of each app that exists among `appIds` (the inbound address names the app). */
export async function inboundAppWorkspaces(db: Db, appIds: number[]): Promise<Map<number, number>> {
  const { rows } = await db.execute<{ appId: number; workspaceId: number }>(sql`
    select a.id::int as "appId", f.workspace_id::int as "workspaceId"
    from unnest(${sql.param(appIds)}::bigint[]) as a(id), lateral app_ops_inbound_app(a.id) f`);
  return new Map(rows.map((row) => [row.appId, row.workspaceId]));
}

export async function markDeployed(tx: Tx, appId: number, at: Date): Promise<void> {
  await tx.execute(sql`update ops_app_state set webhooks_deployed_at = ${at} where app_id = ${appId}`);
}

// ---- events ----

export type EventInsert = {
  appId: number | null;
  /** Null: the app's own name, read as the event is stored (an app's event; its app must be this workspace's). */
  appName: string | null;
  source: 'app' | 'hub';
  webhookId: string;
  type: string;
  status: string;
  tag: string | null;
  description: string;
  /** The catalogued message of a line the hub writes itself (an app's event says what it says). */
  message?: MessageRef | null;
  payload: unknown;
  at: Date;
};

export type StoredEvent = {
  /** The new event's id; null for a repeat of a webhook id or for an app this workspace does not have. */
  id: number | null;
  /** Null when the event names an app this workspace does not have (removed since it was signed). */
  appName: string | null;
  /** The endpoints whose triggers forward events of this type. */
  endpoints: number[];
};

/**
 * Stores each event unless its webhook id was seen (before, or earlier in the same list), counts the apps'
 * events, finds the endpoints each type triggers and announces each new event on `channel` (NOTIFY is
 * transactional: sent when the storing transaction commits). One statement, because a batch of inbound
 * events is otherwise a round trip per step on two cores shared with PostgreSQL (bench/webhooks). The
 * payload is kept only while the workspace's webhook logging is on; the flags come back with the rows.
 * Named: planning it (six tables under row-level security) took about 2 of a batch's 5 ms in PostgreSQL.
 */
export async function storeEvents(
  tx: Tx,
  /** Each with what open screens are told once it is stored; the statement fills in its `id` and `app`. */
  events: (EventInsert & { live: LiveEvent })[],
  announce: { channel: string; workspaceId: number },
): Promise<{ features: Features; events: StoredEvent[] }> {
  const input = events.map((e, n) => ({
    n,
    app_id: e.appId,
    given_name: e.appName,
    source: e.source,
    webhook_id: e.webhookId,
    event_type: e.type,
    status: e.status,
    tag: e.tag,
    description: e.description,
    message: e.message ?? null,
    payload: e.payload,
    received_at: e.at.toISOString(),
    live: e.live,
  }));
  const flags = sql.raw(featureFlags.join(', '));
  const rows = await executeNamed<{
    n: number;
    id: number | null;
    appName: string | null;
    endpoints: number[];
    features: Features | null;
  }>(
    tx,
    'ops-store-events',
    sql`
    with f as (
      select ${flags} from ops_features where workspace_id = app_current_workspace()
    ), input as (
      select x.*, coalesce(x.given_name, a.name) as app_name
      from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x(n integer, app_id bigint, given_name text,
        source text, webhook_id text, event_type text, status text, tag text, description text, message jsonb,
        payload jsonb, received_at timestamptz, live jsonb)
      left join ecosystem_apps a on a.id = x.app_id
    ), inserted as (
      insert into ops_events (app_id, app_name, source, webhook_id, event_type, status, tag, description, message,
        payload, received_at)
      select app_id, app_name, source, webhook_id, event_type, status, tag, description, message,
        case when coalesce((select webhook_logging from f), true) then payload end, received_at
      from input where app_name is not null order by n
      on conflict do nothing
      returning id, app_id, source, webhook_id, event_type, status, received_at
    ), counted as (
      update ops_app_state s set events_received = s.events_received + c.n,
        last_event_at = greatest(s.last_event_at, c.last_at), error_count = s.error_count + c.errors
      from (select app_id, count(*) as n, max(received_at) as last_at, count(*) filter (where status <> 'ok') as errors
            from inserted where app_id is not null and source = 'app' group by app_id) c
      where s.app_id = c.app_id
    ), triggered as (
      select t.action, array_agg(e.id::int order by e.id) as ids
      from ops_triggers t join ops_endpoints e on e.id = t.endpoint_id
      where t.workspace_id = app_current_workspace() and e.disabled_at is null
        and t.action in (select event_type from inserted)
      group by t.action
    ), joined as (
      select input.n, input.app_name, input.live, inserted.id, inserted.event_type from input
      left join inserted on coalesce(inserted.app_id, 0) = coalesce(input.app_id, 0)
        and inserted.webhook_id = input.webhook_id
    ), announced as (
      -- pg_notify is volatile, so it runs after the sort: screens hear the events in the order sent.
      select pg_notify(${announce.channel}, json_build_object('w', ${announce.workspaceId}::bigint,
        'e', live || jsonb_build_object('id', id, 'app', app_name))::text)
      from (select distinct on (id) * from joined where id is not null order by id, n) stored order by n
    )
    select joined.n, joined.id::int as id, joined.app_name as "appName",
      coalesce(triggered.ids, '{}') as endpoints,
      (select row_to_json(f) from f) as features, (select count(*) from announced) as announced
    from joined left join triggered on triggered.action = joined.event_type
    order by joined.n`,
  );
  // A webhook id twice in one list: both lines join the one stored row; the later is the repeat.
  const seen = new Set<number>();
  return {
    features: rows[0]?.features ?? (Object.fromEntries(featureFlags.map((f) => [f, true])) as Features),
    events: rows.map((row) => {
      const repeat = row.id === null || seen.has(row.id);
      if (row.id !== null) seen.add(row.id);
      return { id: repeat ? null : row.id, appName: row.appName, endpoints: repeat ? [] : row.endpoints };
    }),
  };
}

export type EventRow = {
  id: number;
  appName: string;
  type: string;
  status: string;
  tag: string | null;
  description: string;
  message: MessageRef | null;
  receivedAt: string;
};

export async function recentEvents(tx: Tx, limit: number): Promise<EventRow[]> {
  const { rows } = await tx.execute<EventRow>(sql`
    select id::int as id, app_name as "appName", event_type as type, status, tag, description, message,
      ${iso(sql`received_at`)} as "receivedAt"
    from ops_events where workspace_id = app_current_workspace()
    order by received_at desc, id desc limit ${limit}`);
  return rows;
}

export async function countEventsSince(tx: Tx, since: Date): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from ops_events
    where workspace_id = app_current_workspace() and received_at >= ${since}`);
  return rows[0].n;
}

export async function eventTypesSince(tx: Tx, since: Date): Promise<string[]> {
  const { rows } = await tx.execute<{ type: string }>(sql`
    select distinct event_type as type from ops_events
    where workspace_id = app_current_workspace() and received_at >= ${since} and source = 'app'
    order by 1 limit 200`);
  return rows.map((r) => r.type);
}

// ---- endpoints, triggers, deliveries ----

export type EndpointRow = {
  id: number;
  appId: number;
  appName: string;
  /** The stored URL, or the app's default receiving path when none is stored. */
  url: string;
  events: string[];
  disabledAt: string | null;
  disabledReason: string | null;
  failingSince: string | null;
  companyId: number | null;
  noticeContactId: number | null;
  /** When the current run of failures raised its 24-hour task (null: not yet, or no run). */
  failureAlertedAt: string | null;
  /** Deliveries of one entity go out one after another. */
  ordered: boolean;
};

const endpointColumns = sql`e.id::int as id, e.app_id::int as "appId", a.name as "appName",
  coalesce(e.url, rtrim(a.url, '/') || '/api/receive') as url,
  coalesce((select array_agg(t.action order by t.action) from ops_triggers t where t.endpoint_id = e.id), '{}') as events,
  ${iso(sql`e.disabled_at`)} as "disabledAt", e.disabled_reason as "disabledReason",
  ${iso(sql`e.failing_since`)} as "failingSince", e.company_id::int as "companyId",
  e.notice_contact_id::int as "noticeContactId", ${iso(sql`e.failure_alerted_at`)} as "failureAlertedAt",
  e.ordered`;

export interface EndpointFilter {
  id?: number;
  appId?: number;
  companyId?: number;
}

export async function listEndpoints(
  tx: Tx,
  filter: EndpointFilter = {},
): Promise<(EndpointRow & { companyName: string | null })[]> {
  const where: SQL[] = [];
  if (filter.id !== undefined) where.push(sql`e.id = ${filter.id}`);
  if (filter.appId !== undefined) where.push(sql`e.app_id = ${filter.appId}`);
  if (filter.companyId !== undefined) where.push(sql`e.company_id = ${filter.companyId}`);
  const { rows } = await tx.execute<EndpointRow & { companyName: string | null }>(sql`
    select ${endpointColumns}, c.name as "companyName"
    from ops_endpoints e join ecosystem_apps a on a.id = e.app_id left join companies c on c.id = e.company_id
    ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}
    order by a.name, e.id`);
  return rows;
}

/** The endpoints among `ids`, by id. */
export async function findEndpoint(tx: Tx, id: number, lock = false): Promise<EndpointRow | null> {
  const { rows } = await tx.execute<EndpointRow>(sql`
    select ${endpointColumns} from ops_endpoints e join ecosystem_apps a on a.id = e.app_id
    where e.id = ${id} ${lock ? sql`for update of e` : sql``}`);
  return rows[0] ?? null;
}

/** The app's first enabled endpoint: where the hub's own events to it go. */
export async function primaryEndpoint(tx: Tx, appId: number): Promise<EndpointRow | null> {
  const { rows } = await tx.execute<EndpointRow>(sql`
    select ${endpointColumns} from ops_endpoints e join ecosystem_apps a on a.id = e.app_id
    where e.app_id = ${appId} and e.disabled_at is null order by e.id limit 1`);
  return rows[0] ?? null;
}

export async function insertEndpoint(
  tx: Tx,
  input: {
    appId: number;
    url: string;
    events: string[];
    companyId: number | null;
    noticeContactId: number | null;
    ordered: boolean;
  },
): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    insert into ops_endpoints (app_id, url, company_id, notice_contact_id, ordered)
    values (${input.appId}, ${input.url}, ${input.companyId}, ${input.noticeContactId}, ${input.ordered})
    returning id::int as id`);
  const id = rows[0].id;
  await setTriggers(tx, id, input.events);
  return id;
}

/** The endpoint's event filter becomes exactly `events`. */
export async function setTriggers(tx: Tx, endpointId: number, events: string[]): Promise<void> {
  await tx.execute(sql`
    delete from ops_triggers where endpoint_id = ${endpointId} and action <> all(${sql.param(events)}::text[])`);
  if (events.length > 0)
    await tx.execute(sql`
      insert into ops_triggers (endpoint_id, action)
      select ${endpointId}, unnest(${sql.param(events)}::text[]) on conflict do nothing`);
}

export async function updateEndpoint(
  tx: Tx,
  id: number,
  patch: { url?: string; companyId?: number | null; noticeContactId?: number | null; ordered?: boolean },
): Promise<void> {
  const sets: SQL[] = [];
  if (patch.ordered !== undefined) sets.push(sql`ordered = ${patch.ordered}`);
  if (patch.url !== undefined) sets.push(sql`url = ${patch.url}`);
  if (patch.companyId !== undefined) sets.push(sql`company_id = ${patch.companyId}`);
  if (patch.noticeContactId !== undefined) sets.push(sql`notice_contact_id = ${patch.noticeContactId}`);
  if (sets.length > 0)
    await tx.execute(sql`update ops_endpoints set ${sql.join(sets, sql`, `)} where id = ${id}`);
}

export type EndpointHealthRow = {
  endpointId: number;
  succeeded: number;
  failed: number;
  p95: number | null;
  backlog: number;
  failedAt: string | null;
  failedStatus: number | null;
  failedExcerpt: string | null;
};

/**
 * The delivery health of each endpoint among `ids` in one statement: its deliveries created since `since`
 * (succeeded, failed, the nearest-rank 95th percentile of their attempts' durations, the latest failed
 * attempt) and its unfinished deliveries now. Each part walks the endpoint's (endpoint, created_at) or
 * unfinished index, never the whole log.
 */
export async function endpointHealth(tx: Tx, ids: number[], since: Date): Promise<EndpointHealthRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await tx.execute<EndpointHealthRow>(sql`
    select e.id::int as "endpointId", s.succeeded, s.failed, l.p95, b.backlog,
      ${iso(sql`f.attempted_at`)} as "failedAt", f.status_code as "failedStatus",
      coalesce(nullif(f.response_excerpt, ''), f.error, '') as "failedExcerpt"
    from unnest(${sql.param(ids)}::bigint[]) as e(id)
    cross join lateral (
      select count(*) filter (where d.status = 'succeeded')::int as succeeded,
        count(*) filter (where d.status = 'failed')::int as failed
      from ops_deliveries d where d.endpoint_id = e.id and d.created_at >= ${since}
    ) s
    cross join lateral (
      select percentile_disc(0.95) within group (order by x.duration_ms)::int as p95
      from ops_deliveries d join ops_delivery_attempts x on x.delivery_id = d.id
      where d.endpoint_id = e.id and d.created_at >= ${since}
    ) l
    cross join lateral (
      select count(*)::int as backlog from ops_deliveries d
      where d.endpoint_id = e.id and d.status in ('pending', 'sending')
    ) b
    left join lateral (
      select x.attempted_at, x.status_code, x.response_excerpt, x.error
      from ops_deliveries d join ops_delivery_attempts x on x.delivery_id = d.id
      where d.endpoint_id = e.id and d.created_at >= ${since}
        and (x.status_code is null or x.status_code not between 200 and 299)
      order by x.attempted_at desc, x.id desc limit 1
    ) f on true`);
  return rows;
}

/** Marks the endpoint's current run of failures as alerted; false when it already was (once per run). */
export async function markFailureAlerted(tx: Tx, id: number, at: Date): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    update ops_endpoints set failure_alerted_at = ${at}
    where id = ${id} and failure_alerted_at is null returning id`);
  return rows.length > 0;
}

/**
 * A success ends the endpoints' runs of failures: their streak, alert and notice are cleared. Answers the
 * endpoints whose run had raised its alert (their tasks close).
 */
export async function endFailingRuns(tx: Tx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const { rows } = await tx.execute<{ id: number }>(sql`
    with ended as (
      select id, failure_alerted_at is not null as alerted from ops_endpoints
      where id = any(${sql.param(ids)}::bigint[]) for update
    ), cleared as (
      update ops_endpoints e set failing_since = null, failure_alerted_at = null, notice_mailed_at = null
      from ended where e.id = ended.id
    )
    select id::int as id from ended where alerted`);
  return rows.map((row) => row.id);
}

export type NoticeMailRow = {
  url: string;
  appName: string;
  companyName: string | null;
  failingSince: string | null;
  failureAlertedAt: string | null;
  noticeMailedAt: string | null;
  disabledAt: string | null;
  lastError: string | null;
  email: string | null;
  firstName: string;
  lastName: string;
};

/** What the notice mail of an endpoint says and to whom, with the endpoint locked until the mail is marked. */
export async function lockNoticeMail(tx: Tx, id: number): Promise<NoticeMailRow | null> {
  const { rows } = await tx.execute<NoticeMailRow>(sql`
    select coalesce(e.url, rtrim(a.url, '/') || '/api/receive') as url, a.name as "appName",
      co.name as "companyName", ${iso(sql`e.failing_since`)} as "failingSince",
      ${iso(sql`e.failure_alerted_at`)} as "failureAlertedAt", ${iso(sql`e.notice_mailed_at`)} as "noticeMailedAt",
      ${iso(sql`e.disabled_at`)} as "disabledAt",
      (select d.last_error from ops_deliveries d where d.endpoint_id = e.id and d.last_error is not null
       order by d.id desc limit 1) as "lastError",
      c.email::text as email, c.first_name as "firstName", c.last_name as "lastName"
    from ops_endpoints e join ecosystem_apps a on a.id = e.app_id
    left join companies co on co.id = e.company_id
    left join contacts c on c.id = e.notice_contact_id
    where e.id = ${id} for update of e`);
  return rows[0] ?? null;
}

export async function markNoticeMailed(tx: Tx, id: number, at: Date): Promise<void> {
  await tx.execute(sql`update ops_endpoints set notice_mailed_at = ${at} where id = ${id}`);
}

export async function deleteEndpoint(tx: Tx, id: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`delete from ops_endpoints where id = ${id} returning id`);
  return rows.length > 0;
}

export async function setEndpointState(
  tx: Tx,
  id: number,
  state: { disabledAt?: Date | null; disabledReason?: string | null; failingSince?: Date | null },
): Promise<void> {
  const sets: SQL[] = [];
  if (state.disabledAt !== undefined) sets.push(sql`disabled_at = ${state.disabledAt}`);
  if (state.disabledReason !== undefined) sets.push(sql`disabled_reason = ${state.disabledReason}`);
  if (state.failingSince !== undefined) sets.push(sql`failing_since = ${state.failingSince}`);
  if (sets.length > 0)
    await tx.execute(sql`update ops_endpoints set ${sql.join(sets, sql`, `)} where id = ${id}`);
}

/** Disables an endpoint that is not disabled yet; false when it already was (another attempt did it). */
export async function disableEndpoint(tx: Tx, id: number, at: Date, reason: string): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    update ops_endpoints set disabled_at = ${at}, disabled_reason = ${reason}
    where id = ${id} and disabled_at is null returning id`);
  return rows.length > 0;
}

/** Endpoints whose triggers forward this event type. */
export type DeliveryRow = {
  id: number;
  endpointId: number;
  webhookId: string;
  eventType: string;
  body: string;
  status: 'pending' | 'sending' | 'succeeded' | 'failed';
  attempts: number;
  nextAttemptAt: string | null;
  leaseUntil: string | null;
  createdAt: string;
  orderingKey: string | null;
};

const deliveryColumns = sql`id::int as id, endpoint_id::int as "endpointId", webhook_id as "webhookId",
  event_type as "eventType", body, status, attempts, ${iso(sql`next_attempt_at`)} as "nextAttemptAt",
  ${iso(sql`lease_until`)} as "leaseUntil", ${iso(sql`created_at`)} as "createdAt", ordering_key as "orderingKey"`;

export interface DeliveryInsert {
  endpointId: number;
  eventId: number | null;
  webhookId: string;
  eventType: string;
  body: string;
  at: Date;
  /** The entity the message is about; kept only for an endpoint that asks for ordered delivery. */
  orderingKey?: string | null;
}

/** New deliveries, due at their `at`, in one statement; their ids, in order. */
export async function insertDeliveries(tx: Tx, list: DeliveryInsert[]): Promise<number[]> {
  if (list.length === 0) return [];
  const input = list.map((d, n) => ({
    n,
    endpoint_id: d.endpointId,
    event_id: d.eventId,
    webhook_id: d.webhookId,
    event_type: d.eventType,
    body: d.body,
    at: d.at.toISOString(),
    ordering_key: d.orderingKey ?? null,
  }));
  // Identity values are drawn in the order of the ordered select, so sorting the ids restores `list`'s order.
  const rows = await executeNamed<{ id: number }>(
    tx,
    'ops-insert-deliveries',
    sql`
    insert into ops_deliveries (endpoint_id, event_id, webhook_id, event_type, body, next_attempt_at, created_at,
      ordering_key)
    select x.endpoint_id, x.event_id, x.webhook_id, x.event_type, x.body, x.at, x.at,
      case when e.ordered then x.ordering_key end
    from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x(n integer, endpoint_id bigint, event_id bigint,
      webhook_id text, event_type text, body text, at timestamptz, ordering_key text)
    left join ops_endpoints e on e.id = x.endpoint_id
    order by x.n
    returning id::int as id`,
  );
  return rows.map((row) => row.id).sort((x, y) => x - y);
}

export async function insertDelivery(tx: Tx, d: DeliveryInsert): Promise<number> {
  return (await insertDeliveries(tx, [d]))[0];
}

export async function findDelivery(tx: Tx, id: number): Promise<DeliveryRow | null> {
  const { rows } = await tx.execute<DeliveryRow>(
    sql`select ${deliveryColumns} from ops_deliveries where id = ${id}`,
  );
  return rows[0] ?? null;
}

/**
 * Takes deliveries for one attempt each: due, and not held by a live worker. Committed before the requests
 * go out, so a second worker (another process, a repeated job) finds them taken and sends nothing.
 */
/**
 * Takes deliveries for an attempt each, with their endpoints (one statement: a claim batch is then one
 * round trip besides its transaction).
 */
export async function claimDeliveries(
  tx: Tx,
  ids: number[],
  at: Date,
  leaseUntil: Date,
): Promise<(DeliveryRow & { endpoint: EndpointRow | null })[]> {
  return executeNamed<DeliveryRow & { endpoint: EndpointRow | null }>(
    tx,
    'ops-claim-deliveries',
    sql`
    with taken as (
      update ops_deliveries set status = 'sending', attempts = attempts + 1, lease_until = ${leaseUntil}
      where id = any(${sql.param(ids)}::bigint[]) and next_attempt_at <= ${at}
        and (status = 'pending' or (status = 'sending' and lease_until < ${at}))
        -- An ordered entity's delivery waits while an earlier one of the same entity is unfinished.
        and (ordering_key is null or not exists (
          select 1 from ops_deliveries p where p.endpoint_id = ops_deliveries.endpoint_id
            and p.ordering_key = ops_deliveries.ordering_key and p.id < ops_deliveries.id
            and p.status in ('pending', 'sending')))
      returning ${deliveryColumns}
    )
    select taken.*, row_to_json(endpoint) as endpoint from taken
    left join lateral (
      select ${endpointColumns} from ops_endpoints e join ecosystem_apps a on a.id = e.app_id
      where e.id = taken."endpointId"
    ) endpoint on true`,
  );
}

export interface AttemptOutcome {
  id: number;
  status: 'pending' | 'succeeded' | 'failed';
  nextAttemptAt: Date | null;
  error: string | null;
  at: Date;
  attempt: { statusCode: number | null; excerpt: string; durationMs: number; error: string | null };
}

/**
 * Logs each attempt and moves its delivery on, however many there are, in one statement. The deliveries
 * are found by their ids (`any`): joined to the input alone, the planner read every delivery of the
 * workspace into a hash, a cost that grew with the log.
 */
export async function finishAttempts(tx: Tx, outcomes: AttemptOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const input = outcomes.map((o) => ({
    id: o.id,
    status: o.status,
    next_attempt_at: o.nextAttemptAt?.toISOString() ?? null,
    last_error: o.error,
    at: o.at.toISOString(),
    status_code: o.attempt.statusCode,
    excerpt: o.attempt.excerpt,
    duration_ms: o.attempt.durationMs,
    attempt_error: o.attempt.error,
  }));
  await executeNamed(
    tx,
    'ops-finish-attempts',
    sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x(id bigint, status text,
        next_attempt_at timestamptz, last_error text, at timestamptz, status_code integer, excerpt text,
        duration_ms integer, attempt_error text)
    ), logged as (
      insert into ops_delivery_attempts (delivery_id, attempted_at, status_code, response_excerpt, duration_ms, error)
      select id, at, status_code, excerpt, duration_ms, attempt_error from input
    )
    update ops_deliveries d set status = i.status, lease_until = null, last_error = i.last_error,
      next_attempt_at = coalesce(i.next_attempt_at, d.next_attempt_at),
      finished_at = case when i.status = 'pending' then null else i.at end
    from input i where d.id = any(${sql.param(outcomes.map((o) => o.id))}::bigint[]) and d.id = i.id`,
  );
}

/**
 * For each (endpoint, entity) whose delivery just finished, the next delivery of that entity when it is
 * due now: the finishing worker attempts it at once, so one entity's stream needs no queue round trip per
 * message.
 */
export async function nextInOrder(
  tx: Tx,
  finished: { endpointId: number; orderingKey: string }[],
  at: Date,
): Promise<{ endpointId: number; orderingKey: string; id: number }[]> {
  if (finished.length === 0) return [];
  const { rows } = await tx.execute<{ endpointId: number; orderingKey: string; id: number }>(sql`
    select f.endpoint_id::int as "endpointId", f.ordering_key as "orderingKey", n.id::int as id
    from jsonb_to_recordset(${JSON.stringify(finished.map((f) => ({ endpoint_id: f.endpointId, ordering_key: f.orderingKey })))}::jsonb)
      as f(endpoint_id bigint, ordering_key text)
    cross join lateral (
      select d.id, d.status, d.next_attempt_at from ops_deliveries d
      where d.endpoint_id = f.endpoint_id and d.ordering_key = f.ordering_key and d.status in ('pending', 'sending')
      order by d.id limit 1
    ) n
    where n.status = 'pending' and n.next_attempt_at <= ${at}`);
  return rows;
}

export async function failPendingOfEndpoint(tx: Tx, endpointId: number, reason: string, at: Date) {
  await tx.execute(sql`
    update ops_deliveries set status = 'failed', last_error = ${reason}, finished_at = ${at}, lease_until = null
    where endpoint_id = ${endpointId} and status = 'pending'`);
}

export async function listDeliveries(tx: Tx, endpointId: number, limit: number) {
  const { rows } = await tx.execute<DeliveryRow & { log: unknown }>(sql`
    select ${deliveryColumns},
      coalesce((select json_agg(json_build_object('attemptedAt', to_json(x.attempted_at) #>> '{}',
        'statusCode', x.status_code, 'responseExcerpt', x.response_excerpt, 'durationMs', x.duration_ms,
        'error', x.error) order by x.id) from ops_delivery_attempts x where x.delivery_id = d.id), '[]') as log
    from ops_deliveries d where endpoint_id = ${endpointId} order by id desc limit ${limit}`);
  return rows;
}

export async function unfinishedDeliveries(db: Db) {
  const { rows } = await db.execute<{
    workspaceId: number;
    id: number;
    status: string;
    leaseUntil: string | null;
    nextAttemptAt: string;
  }>(sql`
    select workspace_id::int as "workspaceId", id::int as id, status, ${iso(sql`lease_until`)} as "leaseUntil",
      ${iso(sql`next_attempt_at`)} as "nextAttemptAt" from app_ops_unfinished_deliveries()`);
  return rows;
}

/**
 * A restored workspace sends no webhook by itself (see backups' restore): deliveries still pending or
 * being sent are failed with `reason`; the delivery log shows it and Replay sends one when the owner wants.
 */
export async function failUnfinishedAfterRestore(tx: Tx, reason: string, at: Date): Promise<void> {
  await tx.execute(sql`
    update ops_deliveries set status = 'failed', last_error = ${reason}, finished_at = ${at}, lease_until = null
    where status in ('pending', 'sending')`);
}
