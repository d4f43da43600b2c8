import type {
  Segment,
  SegmentDefinition,
  SegmentDependency,
  SegmentHistoryEntry,
  SegmentMember,
} from '@domain/segments/segment-schemas';
import { type SQL, sql } from 'drizzle-orm';
import {
  type BuiltStatement,
  buildStatement,
  executeBuilt,
  executeNamed,
  type Tx,
} from '../../db/database.js';
import { segmentPredicate } from './predicate.js';

export type SegmentRow = {
  id: number;
  name: string;
  definition: SegmentDefinition;
  version: number;
  status: 'building' | 'ready';
};

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const viewColumns = sql`s.id::float8 as id, s.name, s.definition->'match' as match, s.definition->'conditions' as conditions,
  coalesce((select sc.member_count from segment_counts sc where sc.segment_id = s.id), 0)::float8 as "memberCount", s.status, s.built::float8 as built, s.to_build::float8 as "toBuild",
  ${iso(sql`s.created_at`)} as "createdAt", ${iso(sql`s.updated_at`)} as "updatedAt"`;

export async function listSegmentViews(tx: Tx): Promise<Segment[]> {
  const { rows } = await tx.execute<Segment>(
    sql`select ${viewColumns} from segments s order by s.name, s.id`,
  );
  return rows;
}

export async function findSegmentView(tx: Tx, id: number): Promise<Segment | undefined> {
  const { rows } = await tx.execute<Segment>(sql`select ${viewColumns} from segments s where s.id = ${id}`);
  return rows[0];
}

const rowColumns = sql`id::float8 as id, name, definition, version, status`;

export async function lockSegmentRow(tx: Tx, id: number): Promise<SegmentRow | undefined> {
  const { rows } = await tx.execute<SegmentRow>(
    sql`select ${rowColumns} from segments where id = ${id} for update`,
  );
  return rows[0];
}

export async function insertSegmentRow(
  tx: Tx,
  values: { name: string; definition: SegmentDefinition; dependsOn: SegmentDependency[] },
): Promise<SegmentRow> {
  const { rows } = await tx.execute<SegmentRow>(sql`
    insert into segments (name, definition, depends_on, to_build)
    values (${values.name}, ${JSON.stringify(values.definition)}::jsonb, ${sql.param(values.dependsOn)}::text[],
            (select count(*) from contacts))
    returning ${rowColumns}`);
  return rows[0];
}

/** A new definition is built again: a new version. */
export async function updateSegmentRow(
  tx: Tx,
  id: number,
  patch: { name?: string; definition?: SegmentDefinition; dependsOn?: SegmentDependency[] },
): Promise<SegmentRow> {
  const rebuild = patch.definition
    ? sql`, definition = ${JSON.stringify(patch.definition)}::jsonb, depends_on = ${sql.param(patch.dependsOn ?? [])}::text[],
          version = version + 1, status = 'building', built = 0,
          to_build = (select count(*) from contacts)`
    : sql``;
  const { rows } = await tx.execute<SegmentRow>(sql`
    update segments set name = coalesce(${patch.name ?? null}, name) ${rebuild}
    where id = ${id} returning ${rowColumns}`);
  return rows[0];
}

export async function deleteSegmentRow(tx: Tx, id: number): Promise<boolean> {
  const { rowCount } = await tx.execute(sql`delete from segments where id = ${id}`);
  return (rowCount ?? 0) > 0;
}

export async function listMembers(tx: Tx, segmentId: number, limit: number): Promise<SegmentMember[]> {
  const { rows } = await tx.execute<SegmentMember>(sql`
    select m.contact_id::float8 as "contactId",
      app_contact_display_name(c.first_name, c.last_name, c.email::text, c.phone) as name,
      c.email::text as email, ${iso(sql`m.since`)} as since
    from segment_members m join contacts c on c.id = m.contact_id
    where m.segment_id = ${segmentId} order by m.since desc, m.contact_id desc limit ${limit}`);
  return rows;
}

export async function listHistory(tx: Tx, segmentId: number, limit: number): Promise<SegmentHistoryEntry[]> {
  const { rows } = await tx.execute<SegmentHistoryEntry>(sql`
    select h.contact_id::float8 as "contactId",
      (select app_contact_display_name(c.first_name, c.last_name, c.email::text, c.phone) from contacts c where c.id = h.contact_id) as name,
      h.change, ${iso(sql`h.at`)} as at
    from segment_history h where h.segment_id = ${segmentId} order by h.at desc, h.id desc limit ${limit}`);
  return rows;
}

/**
 * Whether the contact's change needs an evaluation queued: some segment depends on one of `kinds` and
 * none is queued for the contact in this transaction yet (the transaction's `app.segments_queued`,
 * which this then names it in). One round trip: it runs inside the writer's transaction (a lead form's
 * submission, a page view). Answers the workspace, and whether it is the transaction's first queued.
 */
export async function claimEvaluation(
  tx: Tx,
  contactId: number,
  kinds: SegmentDependency[],
): Promise<{ workspaceId: number; first: boolean } | null> {
  // Named: it runs in every writer's transaction, and planning it cost five times its execution.
  const rows = await executeNamed<{ queued: string; claimed: boolean; workspaceId: number }>(
    tx,
    'segments-claim',
    sql`
    with q as materialized (select coalesce(current_setting('app.segments_queued', true), '') as queued),
    c as (
      select queued, not (${String(contactId)} = any(string_to_array(queued, ',')))
        and exists (select 1 from segments where depends_on && ${sql.param(kinds)}::text[]) as claimed
      from q
    )
    select queued, claimed, app_current_workspace()::float8 as "workspaceId",
      case when claimed then set_config('app.segments_queued',
        case when queued = '' then ${String(contactId)} else queued || ',' || ${String(contactId)} end, true) end
    from c`,
  );
  const row = rows[0];
  return row.claimed ? { workspaceId: Number(row.workspaceId), first: row.queued === '' } : null;
}

// ---- evaluation ----

/*
 * Locks. A contact's evaluations take turns (an exclusive lock on the contact), and a build's batch
 * excludes them on its segment (exclusive on the segment; evaluations hold it shared): each writes the
 * truth it read after taking its locks, so an older truth is never written over a newer one. The count's
 * row locks are then taken in segment order, so two evaluations never wait on each other in a cycle.
 */
const contactLockSpace = 32_401;
const segmentLockSpace = 32_402;
const lockKey = (id: number) => sql`(${id}::bigint % 2147483647)::int`;

/**
 * Takes the contact's evaluation lock (evaluations of a contact take turns), then answers the workspace's
 * segments, each shared-locked against a build (shared locks never wait on each other), and how many were
 * left out because a build holds them: a build is one statement (seconds at a million contacts), and an
 * evaluation waiting for it would hold a pooled connection all that time, so it skips the segment and the
 * caller evaluates the contact again after the build. The contact's and the members' rows are read by the
 * next statement (`applyMembership`), so after every lock: the contact's previous evaluation and a build
 * that committed first are seen. The list itself may predate a wait for the contact's lock: a segment
 * created meanwhile has a build queued that reads every contact after this commits, one redefined meanwhile
 * is left to its build (`applyMembership` writes only for the version it was given), and one deleted drops
 * out of `applyMembership` with its row. Named, and the transaction's first statement: sent with its
 * BEGIN, one round trip.
 */
export async function lockForEvaluation(
  tx: Tx,
  contactId: number,
): Promise<{ segments: SegmentRow[]; busy: number }> {
  const rows = await executeNamed<SegmentRow & { free: boolean }>(
    tx,
    'segments-for-evaluation',
    sql`with contact as materialized (select pg_advisory_xact_lock(${contactLockSpace}, ${lockKey(contactId)}))
      select ${rowColumns}, pg_try_advisory_xact_lock_shared(${segmentLockSpace}, (id % 2147483647)::int) as free
      from segments, contact order by id`,
  );
  const segments = rows
    .filter((r) => r.free)
    .map(({ free: _free, ...row }) => ({ ...row, id: Number(row.id) }));
  return { segments, busy: rows.length - segments.length };
}

/**
 * The contact against the segments, written, in one statement: which it meets now, which it is a member
 * of, the difference entered and left with their history rows, and what changed returned. The changed
 * segments' rows are locked in id order before the members change (the count triggers then update their
 * count rows), so two evaluations never wait on each other in a cycle. A segment deleted or redefined
 * since `segments` were read drops out (its row, or its version, is gone); a redefined one's build covers it.
 */
export async function applyMembership(
  tx: Tx,
  contactId: number,
  segments: SegmentRow[],
): Promise<{ entered: number[]; left: number[] }> {
  if (segments.length === 0) return { entered: [], left: [] };
  // Named: its text stays the same while the workspace's definitions do, and planning it was most of its
  // cost (about a millisecond a call in bench/forms). A connection that prepared too many texts is replaced
  // (database.ts), so one text per set of definitions keeps its memory bounded.
  const rows = await executeBuilt<{ id: number; entered: boolean }>(
    tx,
    'segments-apply',
    applyStatement(segments),
    { contact: contactId },
  );
  return {
    entered: rows.filter((r) => r.entered).map((r) => Number(r.id)),
    left: rows.filter((r) => !r.entered).map((r) => Number(r.id)),
  };
}

/**
 * `applyMembership`'s statement for these segments, built once per set of definitions: building it for
 * every evaluation was a tenth of the server's allocations (bench/forms, 70 KB an evaluation), and the
 * garbage collector's cycles were the answers' slowest moments. The contact is its only placeholder.
 */
const applyStatements = new Map<string, BuiltStatement>();
const applyStatementsKept = 1_000;

function applyStatement(segments: SegmentRow[]): BuiltStatement {
  // Everything the text is built from (ids alone could repeat in another workspace's restored copy).
  const key = JSON.stringify(segments.map((s) => [s.id, s.version, s.definition]));
  const kept = applyStatements.get(key);
  if (kept) return kept;
  // Typed: an untyped parameter in a union's select list would be taken for text.
  const contact = sql`${sql.placeholder('contact')}::bigint`;
  const tests = segments.map(
    (s) =>
      sql`select ${s.id}::bigint as id where exists (select 1 from contacts c where c.id = ${contact} and ${segmentPredicate(s.definition)})`,
  );
  const statement = buildStatement(sql`
    with meets as materialized (${sql.join(tests, sql` union all `)}),
    current_members as materialized (
      select segment_id as id from segment_members
      where contact_id = ${contact} and segment_id = any(${sql.param(segments.map((s) => s.id))}::bigint[])
    ), changes as (
      select id, true as entering from meets where id not in (select id from current_members)
      union all select id, false from current_members where id not in (select id from meets)
    ), read as (
      select * from unnest(${sql.param(segments.map((s) => s.id))}::bigint[], ${sql.param(segments.map((s) => s.version))}::int[])
        as r(id, version)
    ), locked as materialized (
      select ch.id, ch.entering from changes ch join read r on r.id = ch.id
      join segments s on s.id = ch.id and s.version = r.version
      order by ch.id for no key update of s
    ), added as (
      insert into segment_members (segment_id, contact_id)
      select id, ${contact} from locked where entering on conflict do nothing returning segment_id
    ), removed as (
      delete from segment_members
      where contact_id = ${contact} and segment_id in (select id from locked where not entering)
      returning segment_id
    ), logged as (
      insert into segment_history (segment_id, contact_id, change)
      select segment_id, ${contact}, 'entered' from added
      union all select segment_id, ${contact}, 'left' from removed
    )
    select segment_id::float8 as id, true as entered from added
    union all select segment_id::float8, false from removed`);
  if (applyStatements.size >= applyStatementsKept) applyStatements.clear();
  applyStatements.set(key, statement);
  return statement;
}

// ---- builds ----

export async function lockSegmentForBuild(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${segmentLockSpace}, ${lockKey(id)})`);
}

/**
 * A segment's whole membership, computed again in one statement over every contact of the workspace:
 * those who meet the definition and are not members enter, members who no longer meet it leave, each
 * with its history row, and the segment is ready. One set-based statement (hash joins over the contacts,
 * one bulk insert) instead of a statement per batch of contacts, so a build at 1,000,000 contacts takes
 * seconds, not minutes; and it commits whole or not at all, so a killed build leaves nothing half done.
 * Returns how many contacts it read.
 */
export async function buildMembership(tx: Tx, segment: SegmentRow): Promise<number> {
  await tx.execute(sql`
    with meets as materialized (
      select c.id from contacts c where ${segmentPredicate(segment.definition)}
    ), added as (
      insert into segment_members (segment_id, contact_id)
      select ${segment.id}::bigint, id from meets on conflict do nothing returning contact_id
    ), removed as (
      delete from segment_members m
      where m.segment_id = ${segment.id} and not exists (select 1 from meets where meets.id = m.contact_id)
      returning m.contact_id
    )
    insert into segment_history (segment_id, contact_id, change)
    select ${segment.id}::bigint, contact_id, 'entered' from added
    union all select ${segment.id}::bigint, contact_id, 'left' from removed`);
  const { rows } = await tx.execute<{ n: number }>(sql`
    update segments set status = 'ready', built = n.n, to_build = n.n
    from (select count(*) as n from contacts) n where id = ${segment.id} returning n.n::float8 as n`);
  return Number(rows[0].n);
}

/**
 * One batch of a window sweep: the next `size` members after `after`, evaluated again; those who no longer
 * meet the conditions leave (with history). Returns how many it read and who left.
 */
export async function sweepBatch(
  tx: Tx,
  segment: SegmentRow,
  after: number,
  size: number,
): Promise<{ n: number; last: number; left: number[] }> {
  const { rows } = await tx.execute<{ n: number; last: number | null; left: number[] | null }>(sql`
    with batch as (
      select m.contact_id as id from segment_members m
      where m.segment_id = ${segment.id} and m.contact_id > ${after} order by m.contact_id limit ${size}
    ), judged as (
      select b.id, exists (select 1 from contacts c where c.id = b.id and ${segmentPredicate(segment.definition)}) as meets
      from batch b
    ), removed as (
      delete from segment_members m using judged j
      where m.segment_id = ${segment.id} and m.contact_id = j.id and not j.meets returning m.contact_id
    ), logged as (
      insert into segment_history (segment_id, contact_id, change)
      select ${segment.id}::bigint, contact_id, 'left' from removed
    )
    select (select count(*)::int from batch) as n, (select max(id)::float8 from batch) as last,
      (select array_agg(contact_id::float8) from removed) as left`);
  const { n, last, left } = rows[0];
  return { n, last: last ?? after, left: (left ?? []).map(Number) };
}

/** Segments with a time window in every workspace (the daily sweep). */
export async function windowedSegmentsEverywhere(tx: Tx) {
  const { rows } = await tx.execute<{ workspace_id: number; id: number }>(
    sql`select * from app_windowed_segments()`,
  );
  return rows.map((r) => ({ workspaceId: Number(r.workspace_id), segmentId: Number(r.id) }));
}

/** Builds left unfinished in every workspace (a restart resumes them). */
export async function buildingSegmentsEverywhere(tx: Tx) {
  const { rows } = await tx.execute<{ workspace_id: number; id: number; version: number }>(
    sql`select * from app_building_segments()`,
  );
  return rows.map((r) => ({
    workspaceId: Number(r.workspace_id),
    segmentId: Number(r.id),
    version: r.version,
  }));
}

/** The SQL test "contact `c` is a member of the segment", for other areas' queries (campaign audiences). */
export function memberOf(segmentId: number): SQL {
  return sql`exists (select 1 from segment_members sm where sm.segment_id = ${segmentId} and sm.contact_id = c.id)`;
}

export async function currentWorkspaceId(tx: Tx): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`select app_current_workspace()::float8 as id`);
  return Number(rows[0].id);
}
