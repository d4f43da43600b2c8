import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import {
  type SegmentCreate,
  type SegmentDefinition,
  type SegmentDependency,
  type SegmentUpdate,
  segmentDefinitionSchema,
  segmentDependencies,
} from '@domain/segments/segment-schemas';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import {
  type ContactEvent,
  type ContactEventListener,
  emitContactEvent,
} from '../../events/contact-events.js';
import * as store from './store.js';

export const evaluateJobName = 'segments.evaluate';
export const buildJobName = 'segments.build';
export const sweepJobName = 'segments.sweep-windows';
export const sweepSegmentJobName = 'segments.sweep-segment';
/** Members per window-sweep batch: one statement and one commit each. */
export const sweepBatchSize = 2_000;
/** An evaluation that found a segment being built runs again this much later (a build takes seconds). */
const busyRetryMs = 1_000;

// ---- segments ----

/** Every id a definition names must be one of the workspace's (400 naming the condition's field). */
async function assertReferences(tx: Tx, definition: SegmentDefinition): Promise<void> {
  const items = definition.conditions;
  const checks: { path: string; table: 'websites' | 'forms' | 'campaigns'; id: number }[] = [];
  items.forEach((item, i) => {
    const leaves =
      item.kind === 'group'
        ? item.conditions.map((c, j) => ({ c, path: `conditions.${i}.conditions.${j}` }))
        : [{ c: item, path: `conditions.${i}` }];
    for (const { c, path } of leaves) {
      if (c.kind === 'website')
        checks.push({ path: `${path}.websiteId`, table: 'websites', id: c.websiteId });
      if (c.kind === 'form_submitted' && c.formId !== undefined)
        checks.push({ path: `${path}.formId`, table: 'forms', id: c.formId });
      if (c.kind === 'campaign' && c.campaignId !== undefined)
        checks.push({ path: `${path}.campaignId`, table: 'campaigns', id: c.campaignId });
    }
  });
  for (const check of checks) {
    const { rows } = await tx.execute(
      sql`select 1 from ${sql.identifier(check.table)} where id = ${check.id}`,
    );
    if (rows.length === 0) throw AppError.badRequest(check.path, serverMessage('segments.referenceNotFound'));
  }
}

async function getView(tx: Tx, id: number) {
  const view = await store.findSegmentView(tx, id);
  if (!view) throw new AppError('not_found', serverMessage('segments.notFound'));
  return view;
}

export const listSegments = (tx: Tx) => store.listSegmentViews(tx);
export const getSegment = (tx: Tx, id: number) => getView(tx, id);

async function queueBuild(deps: AppDeps, tx: Tx, row: store.SegmentRow): Promise<void> {
  const workspaceId = await store.currentWorkspaceId(tx);
  await deps.queue.send(
    buildJobName,
    { workspaceId, segmentId: row.id, version: row.version },
    { tx, wake: true },
  );
}

/** Creates a segment: 201; its members are computed by a build job (status building, then ready). */
export async function createSegment(deps: AppDeps, tx: Tx, input: SegmentCreate) {
  const definition: SegmentDefinition = { match: input.match, conditions: input.conditions };
  await assertReferences(tx, definition);
  const row = await store.insertSegmentRow(tx, {
    name: input.name,
    definition,
    dependsOn: segmentDependencies(definition),
  });
  await queueBuild(deps, tx, row);
  return getView(tx, row.id);
}

export async function updateSegment(deps: AppDeps, tx: Tx, id: number, input: SegmentUpdate) {
  const existing = await store.lockSegmentRow(tx, id);
  if (!existing) throw new AppError('not_found', serverMessage('segments.notFound'));
  let definition: SegmentDefinition | undefined;
  if (input.match !== undefined || input.conditions !== undefined) {
    definition = {
      match: input.match ?? existing.definition.match,
      conditions: input.conditions ?? existing.definition.conditions,
    };
    await assertReferences(tx, definition);
  }
  const row = await store.updateSegmentRow(tx, id, {
    name: input.name,
    definition,
    dependsOn: definition ? segmentDependencies(definition) : undefined,
  });
  if (definition) await queueBuild(deps, tx, row);
  return getView(tx, id);
}

export async function deleteSegment(tx: Tx, id: number): Promise<void> {
  if (!(await store.deleteSegmentRow(tx, id)))
    throw new AppError('not_found', serverMessage('segments.notFound'));
}

export async function segmentMembers(tx: Tx, id: number, limit: number) {
  const view = await getView(tx, id);
  return { total: view.memberCount, members: await store.listMembers(tx, id, limit) };
}

export async function segmentHistory(tx: Tx, id: number, limit: number) {
  await getView(tx, id);
  return store.listHistory(tx, id, limit);
}

/** For other areas: the segment exists in the transaction's workspace. */
export async function segmentExists(tx: Tx, id: number): Promise<boolean> {
  return (await store.findSegmentView(tx, id)) !== undefined;
}

// ---- live membership ----

const dependenciesOfEvent: Record<ContactEvent['type'], SegmentDependency[]> = {
  'contact.created': ['contact'],
  'contact.status_changed': ['contact'],
  'contact.tag_added': ['contact'],
  'contact.updated': ['contact'],
  // A submission may fill the contact's empty fields as well.
  'contact.form_submitted': ['form', 'contact'],
  'contact.page_visited': ['page_view'],
  'contact.deal_changed': ['deal'],
  'contact.campaign_engaged': ['campaign'],
  'contact.email_received': ['email'],
  'contact.app_event': [],
  'contact.segment_entered': [],
  'contact.segment_left': [],
  // Unsubscribing ends sequences; a stage move is also a contact.deal_changed.
  'contact.unsubscribed': [],
  'contact.deal_stage_changed': [],
};

/*
 * Why a queue job and not the writer's transaction: the writer (a form submission, a page view, an
 * import row) stays as fast as it was and never waits on a segment's count row; the job commits with
 * the writer, so a committed change always has its evaluation waiting (a kill -9 delays it, never
 * loses it). The job evaluates the contact's current truth against every segment and writes only the
 * difference, so a repeated or late job applies nothing twice. One job per contact per transaction:
 * a change that emits several events (a status, two tags, the fields) queues one.
 */
export function segmentEventListener(deps: AppDeps): ContactEventListener {
  // The contacts each transaction has queued, as its `app.segments_queued` says: a second event of the
  // contact in the same transaction (a submission's creation, then the submission) costs no round trip.
  const claimedIn = new WeakMap<Tx, Set<number>>();
  return async (tx, event) => {
    const kinds = dependenciesOfEvent[event.type];
    if (kinds.length === 0 || claimedIn.get(tx)?.has(event.contactId)) return;
    const claim = await store.claimEvaluation(tx, event.contactId, kinds);
    if (!claim) return;
    claimedIn.set(tx, (claimedIn.get(tx) ?? new Set()).add(event.contactId));
    const { workspaceId, first } = claim;
    // Woken on commit (the first job of the transaction asks; one wake-up serves them all): a change
    // reaches its segments in milliseconds, not at the queue's next dispatch tick.
    await deps.queue.send(evaluateJobName, { workspaceId, contactId: event.contactId }, { tx, wake: first });
  };
}

/**
 * The contact against every segment of its workspace, now: entered and left rows for the difference,
 * and an event for each (workflows' "entered segment" and "left segment" triggers start from those).
 */
export async function evaluateContact(
  tx: Tx,
  contactId: number,
): Promise<{ entered: number[]; left: number[]; busy: number }> {
  const { segments, busy } = await store.lockForEvaluation(tx, contactId);
  const { entered, left } = await store.applyMembership(tx, contactId, segments);
  for (const segmentId of entered)
    await emitContactEvent(tx, { type: 'contact.segment_entered', contactId, segmentId });
  for (const segmentId of left)
    await emitContactEvent(tx, { type: 'contact.segment_left', contactId, segmentId });
  return { entered, left, busy };
}

export async function runEvaluateJob(deps: AppDeps, data: { workspaceId: number; contactId: number }) {
  await deps.database.withWorkspace(data.workspaceId, async (tx) => {
    const { busy } = await evaluateContact(tx, data.contactId);
    // A segment being built was left out, and its build may have read the contact before this change:
    // the contact is evaluated again once the build has committed (this job's copy waits its turn).
    if (busy > 0)
      await deps.queue.send(evaluateJobName, data, { tx, startAfter: new Date(Date.now() + busyRetryMs) });
  });
}

/**
 * A segment's build: its whole membership in one statement and one commit (store.buildMembership). A job
 * of an older version (the definition changed since) or of a segment already built does nothing, so a
 * build queued again after a restart, or twice, applies nothing twice.
 */
export async function runBuildJob(
  deps: AppDeps,
  data: { workspaceId: number; segmentId: number; version: number },
): Promise<void> {
  await deps.database.withWorkspace(data.workspaceId, async (tx) => {
    await store.lockSegmentForBuild(tx, data.segmentId);
    const segment = await store.lockSegmentRow(tx, data.segmentId);
    if (!segment || segment.version !== data.version || segment.status !== 'building') return;
    await store.buildMembership(tx, {
      ...segment,
      definition: segmentDefinitionSchema.parse(segment.definition),
    });
  });
}

/** After a restart: the builds in progress are queued again (a duplicate finds its cursor moved and stops). */
export async function recoverBuilds(deps: AppDeps): Promise<number> {
  const building = await deps.database.withPlatform((tx) => store.buildingSegmentsEverywhere(tx));
  for (const segment of building) await deps.queue.send(buildJobName, segment);
  return building.length;
}

/**
 * "Within N days" ages: a member can stop meeting a windowed condition with nothing happening to it. Once a
 * day each windowed segment's members (only members: a window can only make a condition false as time
 * passes) are evaluated again in batches; those who left emit `contact.segment_left` like a live change.
 */
export async function queueWindowSweeps(deps: AppDeps): Promise<void> {
  const segments = await deps.database.withPlatform((tx) => store.windowedSegmentsEverywhere(tx));
  await deps.queue.sendMany(
    sweepSegmentJobName,
    segments.map((data) => ({ data: { ...data, after: 0 } })),
  );
}

export async function runSweepSegmentJob(
  deps: AppDeps,
  data: { workspaceId: number; segmentId: number; after: number },
): Promise<void> {
  await deps.database.withWorkspace(data.workspaceId, async (tx) => {
    await store.lockSegmentForBuild(tx, data.segmentId);
    const segment = await store.lockSegmentRow(tx, data.segmentId);
    if (segment?.status !== 'ready') return;
    const definition = segmentDefinitionSchema.parse(segment.definition);
    const batch = await store.sweepBatch(tx, { ...segment, definition }, data.after, sweepBatchSize);
    for (const contactId of batch.left)
      await emitContactEvent(tx, { type: 'contact.segment_left', contactId, segmentId: segment.id });
    if (batch.n === sweepBatchSize)
      await deps.queue.send(sweepSegmentJobName, { ...data, after: batch.last }, { tx });
  });
}
