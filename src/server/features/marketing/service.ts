import { AppError } from '@domain/app-error';
import { rateOf, testGroupSize } from '@domain/marketing/ab-test';
import {
  type AbTest,
  type AbTestInput,
  type Audience,
  abTestInputSchema,
  type CampaignCreateInput,
  type CampaignDetail,
  type CampaignStatus,
  type CampaignSummary,
  type CampaignUpdateInput,
  campaignCreateSchema,
  conversionWindowDays,
  type FailingLink,
} from '@domain/marketing/campaign-schemas';
import { emailLinks } from '@domain/marketing/email-links';
import { liftInterval } from '@domain/marketing/sequential-test';
import { serverMessage } from '@domain/messages';
import type { Tx } from '../../db/database.js';
import { type AppDeps, now } from '../../deps.js';
import { type ContactEventListener, emitContactEvent } from '../../events/contact-events.js';
import { destinationForContact } from '../analytics/index.js';
import { addTimelineEntry } from '../contacts/index.js';
import { holdIfAppDown } from '../monitoring/index.js';
import { segmentExists } from '../segments/index.js';
import { getWebsite } from '../websites/index.js';
import { judgeAbTest } from './ab-judge.js';
import { readDeliveryReport } from './delivery-reports.js';
import { campaignLinks, checkLinks } from './link-gate.js';
import {
  bounceAddressPattern,
  deliverMessageJobName,
  deliverMessages,
  processId,
  renderMergeFields,
  suppress,
} from './outbox.js';
import * as store from './store.js';

export const sendCampaignJobName = 'marketing.send-campaign';
export const decideAbTestJobName = 'marketing.decide-ab-test';
export const recheckHeldJobName = 'marketing.recheck-held';

async function websiteNameOf(tx: Tx, audience: Audience): Promise<string | null> {
  return audience.websiteId === undefined ? null : (await getWebsite(tx, audience.websiteId)).name;
}

/** The audience's website name; a website or segment the workspace does not have is a 400 naming it. */
async function checkedAudience(tx: Tx, audience: Audience): Promise<string | null> {
  if (audience.segmentId !== undefined && !(await segmentExists(tx, audience.segmentId)))
    throw AppError.badRequest('audience.segmentId', serverMessage('segments.notFound'));
  return websiteNameOf(tx, audience).catch(() => {
    throw AppError.badRequest('audience.websiteId', serverMessage('websites.notFound'));
  });
}

async function toSummary(tx: Tx, row: store.CampaignRow): Promise<CampaignSummary> {
  const subscribers =
    row.toSend ??
    (await store.countAudience(tx, row.audience, await websiteNameOf(tx, row.audience).catch(() => null)));
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    status: row.status,
    subscribers,
    sent: row.sent,
    offline: row.offline,
    failed: row.failed,
    opens: row.opens,
    clicks: row.clicks,
    conversions: row.conversions,
    scheduledAt: row.scheduledAt ? new Date(row.scheduledAt).toISOString() : null,
    linkFailures: row.linkFailures ?? [],
    linksCheckedAt: row.linksCheckedAt ? new Date(row.linksCheckedAt).toISOString() : null,
    linkOverrideAt: row.linkOverrideAt ? new Date(row.linkOverrideAt).toISOString() : null,
  };
}

export async function listCampaigns(tx: Tx): Promise<CampaignSummary[]> {
  const rows = await store.listCampaignRows(tx);
  const result: CampaignSummary[] = [];
  for (const row of rows) result.push(await toSummary(tx, row));
  return result;
}

async function mustFind(tx: Tx, id: number, lock = false) {
  const row = await store.findCampaignRow(tx, id, lock);
  if (!row) throw new AppError('not_found', serverMessage('marketing.campaignNotFound'));
  return row;
}

export async function getCampaign(tx: Tx, id: number): Promise<CampaignDetail> {
  const row = await mustFind(tx, id);
  return {
    ...(await toSummary(tx, row)),
    subject: row.subject,
    preheader: row.preheader,
    body: row.body,
    fromName: row.fromName,
    audience: row.audience,
    daily: await store.dailyFigures(tx, id),
    abTest: await abTestOf(tx, row),
  };
}

/**
 * The test as of its latest look (each look counts the recipients whose window had closed by then):
 * what the screen shows is what the decision saw. Before the first look nobody is counted yet.
 */
async function abTestOf(tx: Tx, row: store.CampaignRow): Promise<AbTest | null> {
  if (!row.abTest) return null;
  const settings = row.abTest;
  const counts = await store.abVariantCounts(tx, row.id, settings.variants.length);
  // Timestamps read through tx.execute come back as text.
  const judged = await judgeAbTest(tx, row.id, settings, new Date(row.abLookedAt ?? 0), row.abConfidence);
  const state = !row.abDecidesAt
    ? 'ready'
    : !row.abDecidedAt
      ? 'collecting'
      : (await store.countRestUnsent(tx, row.id)) === 0
        ? 'winner_sent'
        : row.abStopReason === 'max_sample'
          ? 'max_sample'
          : 'winner_declared';
  return {
    testPercent: settings.testPercent,
    waitHours: settings.waitHours,
    metric: settings.metric,
    goal: settings.goal,
    formId: settings.formId,
    attributionDays: settings.attributionDays,
    targetConfidence: settings.targetConfidence,
    phase: row.abDecidedAt ? 'decided' : row.abDecidesAt ? 'testing' : 'ready',
    state,
    stopReason: row.abStopReason,
    decidesAt: row.abDecidesAt && !row.abDecidedAt ? new Date(row.abDecidesAt).toISOString() : null,
    winner: row.abWinner,
    leader: judged.look.leader,
    confidence: row.abConfidence,
    variants: settings.variants.map((v, i) => ({
      ...v,
      ...counts[i],
      openRate: rateOf({ sent: counts[i].sent, hits: counts[i].opens }),
      clickRate: rateOf({ sent: counts[i].sent, hits: counts[i].clicks }),
      recipients: judged.arms[i].sent,
      outcomes: judged.arms[i].hits,
      rate: rateOf(judged.arms[i]),
      lift:
        i === 0
          ? null
          : liftInterval(judged.arms[0], judged.arms[i], judged.rho, 1 - settings.targetConfidence),
    })),
  };
}

/** Sets (or replaces) the campaign's A/B test; only before sending starts. */
export async function setAbTest(tx: Tx, id: number, input: AbTestInput): Promise<CampaignDetail> {
  const parsed = abTestInputSchema.parse(input);
  const row = await mustFind(tx, id, true);
  if (row.status !== 'draft' && row.status !== 'scheduled')
    throw new AppError('conflict', serverMessage('marketing.abTestLocked', { status: row.status }));
  if (parsed.formId !== null && !(await store.formExists(tx, parsed.formId)))
    throw new AppError('bad_request', serverMessage('marketing.abTestFormNotFound'), {
      issues: [{ path: 'formId', message: 'is not a form of this workspace' }],
    });
  await store.setAbTest(tx, id, { ...parsed, goal: parsed.goal || null });
  return getCampaign(tx, id);
}

export async function removeAbTest(tx: Tx, id: number): Promise<CampaignDetail> {
  const row = await mustFind(tx, id, true);
  if (row.status !== 'draft' && row.status !== 'scheduled')
    throw new AppError('conflict', serverMessage('marketing.abTestLocked', { status: row.status }));
  await store.setAbTest(tx, id, null);
  return getCampaign(tx, id);
}

export async function createCampaign(tx: Tx, input: CampaignCreateInput): Promise<CampaignDetail> {
  const parsed = campaignCreateSchema.parse(input);
  await checkedAudience(tx, parsed.audience);
  const id = await store.insertCampaignRow(tx, parsed);
  return getCampaign(tx, id);
}

// A held campaign is edited to mend its links, then checked again.
const editable: CampaignStatus[] = ['draft', 'scheduled', 'paused', 'held'];

/** Edits are allowed before sending and while paused (the rest of the audience gets the new text). */
export async function updateCampaign(
  tx: Tx,
  id: number,
  input: CampaignUpdateInput,
): Promise<CampaignDetail> {
  const row = await mustFind(tx, id, true);
  if (!editable.includes(row.status)) throw new AppError('conflict', serverMessage('marketing.notEditable'));
  if (input.audience && row.status === 'paused')
    throw AppError.badRequest('audience', serverMessage('marketing.audienceFixed'));
  if (input.audience) await checkedAudience(tx, input.audience as Audience);
  await store.updateCampaignRow(tx, id, input as Partial<store.CampaignValues>);
  return getCampaign(tx, id);
}

export async function deleteCampaign(tx: Tx, id: number): Promise<void> {
  const row = await mustFind(tx, id, true);
  if (row.status === 'sending') throw new AppError('conflict', serverMessage('marketing.deleteWhileSending'));
  await store.deleteCampaignRow(tx, id);
}

/**
 * Sends now, or at its scheduled time if that is still ahead. The recipients are fixed here, as
 * one outbox row each (the idempotency key of sending); the send job commits with them.
 */
export async function sendCampaign(
  deps: AppDeps,
  tx: Tx,
  id: number,
  workspaceId: number,
  failing: FailingLink[],
): Promise<CampaignDetail> {
  const row = await mustFind(tx, id, true);
  if (row.status !== 'draft' && row.status !== 'scheduled')
    throw new AppError('conflict', serverMessage('marketing.notSendable'));
  if (row.scheduledAt && new Date(row.scheduledAt) > now(deps)) {
    await store.updateCampaignRow(tx, id, { status: 'scheduled' });
    return getCampaign(tx, id);
  }
  await startOrHold(deps, tx, row, workspaceId, failing);
  return getCampaign(tx, id);
}

/**
 * The pre-send gate's check of a campaign about to send (its links, A/B variants' included): the links
 * answering 4xx/5xx; null for a campaign the workspace does not have. It waits on the
 * network, so it runs before the transaction that acts on it, never inside one. A campaign whose time is
 * still ahead is not checked: it is checked when that time comes.
 */
export async function checkCampaignLinks(
  deps: AppDeps,
  workspaceId: number,
  id: number,
): Promise<FailingLink[] | null> {
  const row = await deps.database.withWorkspace(workspaceId, (tx) => store.findCampaignRow(tx, id));
  if (!row) return null;
  if (row.scheduledAt && new Date(row.scheduledAt) > now(deps) && row.status !== 'held') return [];
  return checkLinks(deps, workspaceId, campaignLinks(row));
}

/** Sends unless failing links hold it; an owner's override lets it through. Nothing is queued while held. */
async function startOrHold(
  deps: AppDeps,
  tx: Tx,
  row: store.CampaignRow,
  workspaceId: number,
  failing: FailingLink[],
) {
  await store.recordLinkCheck(tx, row.id, failing);
  if (failing.length > 0 && !row.linkOverrideAt) {
    await store.updateCampaignRow(tx, row.id, { status: 'held' });
    return;
  }
  await startSending(deps, tx, row, workspaceId);
}

/**
 * Checks a campaign's links again: a held one whose links all answer now starts sending (its row lock
 * makes the move from held happen once, so nothing is queued twice); otherwise the check is recorded.
 */
export async function recheckCampaignLinks(
  deps: AppDeps,
  workspaceId: number,
  id: number,
): Promise<CampaignDetail> {
  const failing = await checkCampaignLinks(deps, workspaceId, id);
  return deps.database.withWorkspace(workspaceId, async (tx) => {
    const row = await mustFind(tx, id, true);
    if (failing === null) return getCampaign(tx, id);
    if (row.status === 'held') await startOrHold(deps, tx, row, workspaceId, failing);
    else await store.recordLinkCheck(tx, id, failing);
    return getCampaign(tx, id);
  });
}

/** An owner sends a held campaign despite its failing links. */
export async function overrideLinkHold(
  deps: AppDeps,
  tx: Tx,
  id: number,
  workspaceId: number,
  userId: number,
): Promise<CampaignDetail> {
  const row = await mustFind(tx, id, true);
  if (row.status !== 'held') throw new AppError('conflict', serverMessage('marketing.notHeld'));
  await store.recordLinkOverride(tx, id, userId);
  await startSending(deps, tx, row, workspaceId);
  return getCampaign(tx, id);
}

/** After a crawl (in its transaction): the workspace's held campaigns and emails are checked again by a job. */
export async function queueHeldCampaignsRecheck(deps: Pick<AppDeps, 'queue'>, tx: Tx, workspaceId: number) {
  if ((await store.heldCampaignIds(tx)).length > 0 || (await store.hasHeldWorkflowMessages(tx)))
    await deps.queue.send(recheckHeldJobName, { workspaceId }, { tx });
}

/** Every held campaign and held workflow email of the workspace, checked again. */
export async function recheckHeldCampaigns(deps: AppDeps, workspaceId: number): Promise<void> {
  const ids = await deps.database.withWorkspace(workspaceId, (tx) => store.heldCampaignIds(tx));
  for (const id of ids) await recheckCampaignLinks(deps, workspaceId, id);
  await recheckHeldWorkflowEmails(deps, workspaceId);
}

export async function listHeldWorkflowEmails(tx: Tx) {
  return (await store.heldWorkflowMessages(tx)).map(({ body: _body, ...m }) => m);
}

/**
 * Workflow emails held for failing links, checked again (each once per check): one whose links all
 * answer now is queued for delivery in the transaction that releases it.
 */
export async function recheckHeldWorkflowEmails(deps: AppDeps, workspaceId: number) {
  const held = await deps.database.withWorkspace(workspaceId, (tx) => store.heldWorkflowMessages(tx));
  for (const message of held) {
    const failing = await checkLinks(deps, workspaceId, emailLinks(message.body));
    await deps.database.withWorkspace(workspaceId, async (tx) => {
      if ((await store.settleWorkflowMessageLinks(tx, message.id, failing)) === 'queued')
        await deps.queue.send(deliverMessageJobName, { workspaceId, messageId: message.id }, { tx });
    });
  }
  return deps.database.withWorkspace(workspaceId, (tx) => listHeldWorkflowEmails(tx));
}

/** An owner sends a held workflow email despite its failing links. */
export async function overrideWorkflowEmailHold(deps: AppDeps, tx: Tx, id: number, workspaceId: number) {
  if (!(await store.overrideHeldWorkflowMessage(tx, id)))
    throw new AppError('not_found', serverMessage('marketing.heldEmailNotFound'));
  await deps.queue.send(deliverMessageJobName, { workspaceId, messageId: id }, { tx });
}

/** Campaigns, by URL, whose mail (body or an A/B variant) links to one of these URLs. */
export async function campaignsLinkingTo(
  tx: Tx,
  urls: string[],
): Promise<Map<string, { id: number; name: string; status: CampaignStatus }[]>> {
  const wanted = new Set(urls);
  const result = new Map<string, { id: number; name: string; status: CampaignStatus }[]>();
  for (const row of await store.campaignBodies(tx))
    for (const url of campaignLinks(row))
      if (wanted.has(url))
        result.set(url, [
          ...(result.get(url) ?? []),
          { id: Number(row.id), name: row.name, status: row.status },
        ]);
  return result;
}

async function startSending(deps: AppDeps, tx: Tx, row: store.CampaignRow, workspaceId: number) {
  const websiteName = await websiteNameOf(tx, row.audience);
  let toSend: number;
  if (row.abTest) {
    const { abTest } = row;
    const audience = await store.countAudience(tx, row.audience, websiteName);
    const testSize = testGroupSize(audience, abTest.testPercent, abTest.variants.length);
    toSend = await store.queueAbTestMessages(tx, { ...row, abTest }, websiteName, testSize);
    // The first look is due when the first windows close: a job (the minute sweep looks too, if that job is lost).
    const decidesAt = new Date(now(deps).getTime() + store.attributionWindowMs(abTest));
    await store.setAbDecidesAt(tx, row.id, decidesAt);
    await deps.queue.send(
      decideAbTestJobName,
      { workspaceId, campaignId: row.id },
      { tx, startAfter: decidesAt },
    );
  } else {
    toSend = await store.queueCampaignMessages(tx, row, websiteName);
  }
  await store.updateCampaignRow(tx, row.id, { status: toSend === 0 ? 'sent' : 'sending', toSend });
  if (toSend > 0) await queueSendJob(deps, tx, workspaceId, row.id);
}

/** Between two looks of a test still collecting. Looking more often changes no error rate (always-valid). */
const lookIntervalMs = 3_600_000;

/**
 * A look of the A/B test (due by its job or the minute sweep): the sequential test counts the
 * recipients whose window has closed. At the target confidence, or at the maximum sample, the leader
 * wins and the held rest — those who got no variant — is queued with its text; otherwise the
 * confidence is recorded and the next look scheduled. Decided once: a later job or sweep finds it decided.
 */
export async function decideAbTest(deps: AppDeps, workspaceId: number, campaignId: number): Promise<void> {
  await deps.database.withWorkspace(workspaceId, async (tx) => {
    const row = await store.findCampaignRow(tx, campaignId, true);
    if (!row?.abTest || row.abDecidedAt || !row.abDecidesAt) return;
    if (row.status !== 'sending' && row.status !== 'paused') return;
    const at = now(deps);
    if (new Date(row.abDecidesAt) > at) return;
    const { look, stopReason } = await judgeAbTest(tx, campaignId, row.abTest, at, row.abConfidence);
    if (stopReason === null) {
      const nextAt = new Date(at.getTime() + lookIntervalMs);
      await store.recordAbLook(tx, campaignId, { confidence: look.confidence, at, nextAt });
      await deps.queue.send(decideAbTestJobName, { workspaceId, campaignId }, { tx, startAfter: nextAt });
      return;
    }
    await store.releaseHeldMessages(tx, campaignId, row.abTest.variants[look.leader]);
    await store.recordAbDecision(tx, campaignId, {
      winner: look.leader,
      confidence: look.confidence,
      stopReason,
      at,
    });
    if (row.status === 'sending') await queueSendJob(deps, tx, workspaceId, campaignId);
  });
}

const queueSendJob = (
  deps: AppDeps,
  tx: Tx | undefined,
  workspaceId: number,
  campaignId: number,
  startAfter?: Date,
) =>
  deps.queue.send(
    sendCampaignJobName,
    { workspaceId, campaignId },
    { ...(tx ? { tx } : {}), ...(startAfter ? { startAfter } : {}) },
  );

/** Pause keeps the campaign's place: messages not yet sent stay queued until it resumes. */
export async function pauseCampaign(tx: Tx, id: number): Promise<CampaignDetail> {
  const row = await mustFind(tx, id, true);
  if (row.status !== 'sending' && row.status !== 'scheduled')
    throw new AppError('conflict', serverMessage('marketing.notPausable'));
  await store.updateCampaignRow(tx, id, { status: row.status === 'scheduled' ? 'draft' : 'paused' });
  return getCampaign(tx, id);
}

export async function resumeCampaign(
  deps: AppDeps,
  tx: Tx,
  id: number,
  workspaceId: number,
): Promise<CampaignDetail> {
  const row = await mustFind(tx, id, true);
  if (row.status !== 'paused') throw new AppError('conflict', serverMessage('marketing.notResumable'));
  // Messages that failed are tried again; the ones sent are never sent twice (their row says so).
  await store.requeueFailedMessages(tx, id);
  await store.updateCampaignRow(tx, id, { status: 'sending' });
  await queueSendJob(deps, tx, workspaceId, id);
  return getCampaign(tx, id);
}

export async function cancelCampaign(tx: Tx, id: number): Promise<CampaignDetail> {
  const row = await mustFind(tx, id, true);
  if (row.status === 'sent' || row.status === 'cancelled')
    throw new AppError('conflict', serverMessage('marketing.notCancellable'));
  await store.updateCampaignRow(tx, id, { status: 'cancelled' });
  return getCampaign(tx, id);
}

export async function previewCampaign(tx: Tx, input: { subject: string; body: string; audience: Audience }) {
  const websiteName = await checkedAudience(tx, input.audience);
  const contact = await store.firstAudienceContact(tx, input.audience, websiteName);
  const sample = contact ?? {
    firstName: 'Alex',
    lastName: 'Sample',
    email: 'alex@example.com',
    company: 'Example Co',
  };
  return {
    subject: renderMergeFields(input.subject, sample),
    body: renderMergeFields(input.body, sample),
    audienceSize: await store.countAudience(tx, input.audience, websiteName),
    sampleEmail: contact?.email ?? null,
  };
}

export async function campaignOutbox(tx: Tx, id: number) {
  await mustFind(tx, id);
  return (await store.listOutbox(tx, id, 200)).map((m) => ({
    ...m,
    sentAt: m.sentAt ? new Date(m.sentAt).toISOString() : null,
  }));
}

// ---- the send job ----

/**
 * Messages one send job claims per round (one transaction for all of them). Each round also reads the
 * status and the rate, and the pipeline of deliverMessages drains between rounds: at ~500 messages a
 * second, 256 keep that under a few percent and still see a pause within about half a second.
 */
const sendBatch = 256;

/**
 * Sends the campaign's queued messages while it is 'sending', a batch claimed at a time and sent in
 * order, each accepted only once the one before it is recorded (see deliverMessages), within the
 * workspace's rate per minute (over it, the job hands over to one due a minute later). Paused or
 * cancelled, it stops; when none is left it is 'sent' if every message went out, else paused for a look.
 */
export async function runCampaignSend(deps: AppDeps, workspaceId: number, campaignId: number): Promise<void> {
  for (;;) {
    const next = await deps.database.withWorkspace(workspaceId, async (tx) => {
      // The status alone each round: the figures (a count over every message) only at the end.
      if ((await store.campaignStatus(tx, campaignId)) !== 'sending') return { stop: true as const };
      if (await heldByDownApp(deps, tx, campaignId)) return { stop: true as const };
      const sendRatePerMinute = await store.sendRatePerMinute(tx);
      const allowance =
        sendRatePerMinute > 0 ? sendRatePerMinute - (await store.sentInLastMinute(tx, now(deps))) : sendBatch;
      if (allowance <= 0) return { later: true as const };
      const pick = () => store.nextQueuedMessages(tx, campaignId, processId, Math.min(sendBatch, allowance));
      let messageIds = await pick();
      // Nothing left: look again under the campaign's lock, which an A/B decision holds while it releases the
      // held rest. Without it, a release committed between the look and the count below left nothing held
      // and nothing queued to this round, and the campaign was paused for good (ab-outcomes, once in CI).
      const row = messageIds === null ? await store.findCampaignRow(tx, campaignId, true) : undefined;
      if (row) messageIds = await pick();
      // Another job of this process is sending the last ones; it settles the status.
      if (messageIds === 'inFlight') return { stop: true as const };
      if (messageIds === null) {
        // An A/B test's rest waits for the winner: the decision queues the next send.
        if ((await store.countHeldMessages(tx, campaignId)) > 0) return { stop: true as const };
        const done = row !== undefined && row.sent + row.offline === row.toSend;
        await store.updateCampaignRow(tx, campaignId, { status: done ? 'sent' : 'paused' });
        return { stop: true as const };
      }
      return { messageIds };
    });
    if ('stop' in next) return;
    if ('later' in next) {
      await queueSendJob(deps, undefined, workspaceId, campaignId, new Date(now(deps).getTime() + 60_000));
      return;
    }
    await deliverMessages(deps, workspaceId, next.messageIds);
  }
}

/**
 * A campaign linking to an app that is down waits, still 'sending', on the app's incident: its
 * resolution queues this job again, which checks again (and the rows say who has had the mail).
 */
async function heldByDownApp(deps: AppDeps, tx: Tx, campaignId: number): Promise<boolean> {
  const row = await store.findCampaignRow(tx, campaignId);
  if (!row) return false;
  const variants = row.abTest?.variants.flatMap((v) => [v.subject, v.body]) ?? [];
  const held = await holdIfAppDown(deps, tx, {
    texts: [row.subject, row.preheader, row.body, ...variants],
    name: row.name,
    resumeJob: sendCampaignJobName,
    campaignId,
  });
  return held !== null;
}

/** Scheduled campaigns whose time has come start sending (the minute sweep). */
export async function startDueCampaign(deps: AppDeps, workspaceId: number, campaignId: number) {
  const failing = await checkCampaignLinks(deps, workspaceId, campaignId);
  if (failing === null) return;
  await deps.database.withWorkspace(workspaceId, async (tx) => {
    const row = await store.findCampaignRow(tx, campaignId, true);
    if (row?.status !== 'scheduled' || !row.scheduledAt || new Date(row.scheduledAt) > now(deps)) return;
    await startOrHold(deps, tx, row, workspaceId, failing);
  });
}

// ---- public links ----

async function inMessageWorkspace<T>(
  deps: AppDeps,
  token: string,
  fn: (tx: Tx, message: NonNullable<Awaited<ReturnType<typeof store.findMessageByToken>>>) => Promise<T>,
) {
  if (!/^[A-Za-z0-9_-]{20,80}$/.test(token)) return undefined;
  const workspaceId = await deps.database.withPlatform((tx) => store.messageWorkspace(tx, token));
  if (workspaceId === null) return undefined;
  return deps.database.withWorkspace(workspaceId, async (tx) => {
    const message = await store.findMessageByToken(tx, token);
    return message ? fn(tx, message) : undefined;
  });
}

/** One-click unsubscribe (RFC 8058) and the link's confirmation: the address gets no more marketing mail. */
export async function unsubscribe(deps: AppDeps, token: string): Promise<boolean> {
  const done = await inMessageWorkspace(deps, token, async (tx, message) => {
    await suppress(tx, message.toEmail, 'unsubscribed');
    if (message.contactId !== null)
      await emitContactEvent(tx, { type: 'contact.unsubscribed', contactId: message.contactId });
    return true;
  });
  return done ?? false;
}

export async function recordOpen(deps: AppDeps, token: string): Promise<void> {
  await inMessageWorkspace(deps, token, async (tx, message) => {
    if (!message.tracking) return;
    const contactId = await store.markOpened(tx, message.id);
    if (contactId)
      await emitContactEvent(tx, { type: 'contact.campaign_engaged', contactId: Number(contactId) });
  });
}

/**
 * Records a click and answers where to send the reader: the linked destination, with a contact token
 * when it is a page of one of the workspace's websites (the visitor is identified there, issue 32 §2).
 */
export async function recordClick(deps: AppDeps, token: string, destination: string): Promise<string> {
  const target = await inMessageWorkspace(deps, token, async (tx, message) => {
    if (!message.tracking) return destination;
    const firstClickBy = await store.markClicked(tx, message.id);
    if (firstClickBy)
      await emitContactEvent(tx, { type: 'contact.campaign_engaged', contactId: Number(firstClickBy) });
    return message.contactId === null
      ? destination
      : destinationForContact(tx, deps.config.secretKey, {
          url: destination,
          contactId: Number(message.contactId),
          at: now(deps),
        });
  });
  return target ?? destination;
}

// ---- delivery reports (bounces, complaints) ----

/**
 * The workspace of a message's bounce address (bounces-<token>@<SMTP_CAPTURE_DOMAIN>, its envelope
 * sender), for the capture SMTP server; null when the address is no such thing.
 */
export async function bounceAddressWorkspace(
  deps: AppDeps,
  address: string,
): Promise<{ workspaceId: number; token: string } | null> {
  const match = bounceAddressPattern.exec(address);
  if (!match || match[2].toLowerCase() !== deps.config.SMTP_CAPTURE_DOMAIN.toLowerCase()) return null;
  const workspaceId = await deps.database.withPlatform((tx) => store.messageWorkspace(tx, match[1]));
  return workspaceId === null ? null : { workspaceId, token: match[1] };
}

/**
 * A delivery status notification (RFC 3464) or complaint (ARF) reached the workspace, at a message's
 * bounce address or its capture address. A permanent failure (Action: failed, Status 5.x.x) or a
 * complaint about an address this workspace mailed suppresses it — never mailed again — and notes it
 * on the contact; a delay or a report about an address never mailed changes nothing. Returns false
 * when the message is no such report (it is then ordinary mail).
 */
export async function recordDeliveryReport(
  deps: AppDeps,
  workspaceId: number,
  raw: string,
  bouncedToken?: string,
): Promise<boolean> {
  const report = readDeliveryReport(raw);
  if (!report) return false;
  await deps.database.withWorkspace(workspaceId, async (tx) => {
    const quoted: string[] = [];
    for (const token of bouncedToken ? [bouncedToken, ...report.tokens] : report.tokens) {
      const message = await store.findMessageByToken(tx, token);
      if (message) quoted.push(message.toEmail.toLowerCase());
    }
    const marks =
      report.kind === 'bounce'
        ? report.hardBounces.map((b) => ({
            email: b.email,
            reason: 'hard_bounce' as const,
            title: serverMessage('timeline.marketingBounced', { status: b.status }),
          }))
        : (report.complainants.length > 0 ? report.complainants : quoted).map((email) => ({
            email,
            reason: 'complaint' as const,
            title: serverMessage('timeline.marketingComplaint'),
          }));
    for (const mark of marks) {
      const { mailed, contactIds } = await store.contactsMailedAt(tx, mark.email);
      if (!mailed || !(await suppress(tx, mark.email, mark.reason))) continue;
      for (const contactId of contactIds) {
        await addTimelineEntry(tx, contactId, { kind: 'email', title: mark.title, occurredAt: now(deps) });
        await emitContactEvent(tx, { type: 'contact.campaign_engaged', contactId });
      }
    }
  });
  return true;
}

/** A contact who becomes a customer converts the campaign messages they clicked within the window. */
export const conversionListener: ContactEventListener = async (tx, event) => {
  if (event.type === 'contact.status_changed' && event.to === 'customer')
    await store.markConversions(tx, event.contactId, conversionWindowDays);
};

/** The outbox that workflows' email steps write to too (one sending path for campaigns and workflows). */
export {
  cancelRunMessages,
  deliverMessage,
  deliverMessageJobName,
  isSuppressed,
  queueMessage,
  renderMergeFields,
  unsentWorkflowMessagesEverywhere,
} from './outbox.js';

/** After a restore (in its transaction, inside the new workspace): nothing of the copy sends by itself. */
export async function holdSendingAfterRestore(tx: Tx): Promise<void> {
  await store.holdSendingAfterRestore(tx, 'Not sent: the workspace was restored from a backup.');
}
