import { AppError } from '@domain/app-error';
import { type ServerMessage, serverMessage, storedMessage } from '@domain/messages';
import {
  endpointFailureAlertMs,
  endpointFailureDisableMs,
  retryDelaysSeconds,
} from '@domain/webhooks/webhook-schemas';
import type { Tx } from '../../db/database.js';
import { createGroupCommit, type GroupCommit, writePerWorkspace } from '../../db/group-commit.js';
import { type AppDeps, now } from '../../deps.js';
import type { OutboundClient } from '../../http/outbound.js';
import type { JobDefinition } from '../../jobs/queue.js';
import { recordActivity } from '../activities/index.js';
import { endFailingRuns, raiseFailureAlert } from './endpoint-accounts.js';
import { appSecret, appTarget, createHubClient, newWebhookId, signedHeaders } from './signing.js';
import * as store from './store.js';

export const deliverJobName = 'ops-deliver';
/** Attempts in all: the first, then one per entry of the retry schedule. */
const maxAttempts = retryDelaysSeconds.length + 1;
const excerptChars = 500;

/**
 * A job attempts up to this many deliveries side by side: those an inbound batch forwarded, or those a
 * judgement put off to the same moment. One job per delivery cost PostgreSQL an insert, a fetch and a
 * completion each (~0.18 ms, a tenth of a delivery's whole cost in bench/webhooks).
 */
const deliveriesPerJob = 32;

interface DeliverJobData {
  workspaceId: number;
  deliveryIds: number[];
}

const clients = new WeakMap<AppDeps['config'], OutboundClient>();
/** One client per process: its connection pool is what lets deliveries reuse connections. */
export function deliveryClient(config: AppDeps['config']): OutboundClient {
  let client = clients.get(config);
  if (!client) {
    client = createHubClient(config, 0);
    clients.set(config, client);
  }
  return client;
}

export async function closeDeliveryClient(config: AppDeps['config']): Promise<void> {
  await clients.get(config)?.close();
  clients.delete(config);
}

/** The Standard Webhooks body: `{type, timestamp, data}`. */
export function messageBody(type: string, data: Record<string, unknown>, at: Date): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}

/** Jobs for one workspace's deliveries, `deliveriesPerJob` to a job, due at `startAfter` (or now). */
function queueAttempts(
  deps: Pick<AppDeps, 'queue'>,
  workspaceId: number,
  deliveryIds: number[],
  options: { tx?: Tx; startAfter?: Date } = {},
) {
  const jobs: { data: DeliverJobData; startAfter?: Date }[] = [];
  for (let i = 0; i < deliveryIds.length; i += deliveriesPerJob)
    jobs.push({
      data: { workspaceId, deliveryIds: deliveryIds.slice(i, i + deliveriesPerJob) },
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    });
  // Due now: the workers are woken at the commit, since the dispatcher's half-second tick would be most of
  // an event's latency to its endpoint (bench/deliveries).
  return deps.queue.sendMany(deliverJobName, jobs, {
    ...(options.tx ? { tx: options.tx } : {}),
    wake: !options.startAfter,
  });
}

/**
 * Messages to endpoints, sent by the queue (in this transaction: they exist exactly when it commits).
 * However many there are, two statements: the deliveries, then their jobs.
 */
export async function enqueueDeliveries(
  deps: Pick<AppDeps, 'queue' | 'clock'>,
  tx: Tx,
  workspaceId: number,
  messages: Omit<store.DeliveryInsert, 'at'>[],
): Promise<number[]> {
  const at = now(deps);
  const ids = await store.insertDeliveries(
    tx,
    messages.map((m) => ({ ...m, at })),
  );
  await queueAttempts(deps, workspaceId, ids, { tx });
  return ids;
}

export interface AttemptResult {
  sent: boolean;
  statusCode: number | null;
  success: boolean;
}

/** Seconds from a Retry-After header (delta-seconds or an HTTP date), or null. */
export function retryAfterSeconds(value: unknown, at: Date): number | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - at.getTime()) / 1000));
}

const notSent: AttemptResult = { sent: false, statusCode: null, success: false };

interface Claim {
  workspaceId: number;
  deliveryId: number;
}

interface Claimed {
  workspaceId: number;
  delivery: store.DeliveryRow;
  endpoint: store.EndpointRow;
}

interface Sent extends Claimed {
  statusCode: number | null;
  excerpt: string;
  error: string | null;
  retryAfter: number | null;
  durationMs: number;
}

const isSuccess = (statusCode: number | null) => statusCode !== null && statusCode >= 200 && statusCode < 300;

/**
 * Takes a batch of deliveries for an attempt each, in one statement per workspace. A delivery already
 * taken (another worker, a repeated job, the same one twice in this batch) answers null; one whose
 * endpoint is disabled is failed here and answers null too.
 */
function claimBatch(deps: AppDeps, items: Claim[]) {
  const at = now(deps);
  // The requests cannot outlive OUTBOUND_TIMEOUT_MS; the margin covers the two commits around them.
  const leaseUntil = new Date(at.getTime() + deps.config.OUTBOUND_TIMEOUT_MS + 5_000);
  return writePerWorkspace(
    deps.database,
    items,
    async (tx, workspaceId, list): Promise<(Claimed | null)[]> => {
      const taken = await store.claimDeliveries(
        tx,
        list.map((item) => item.deliveryId),
        at,
        leaseUntil,
      );
      const rows = new Map(taken.map((row) => [row.id, row]));
      const refused: store.AttemptOutcome[] = [];
      const claimed = list.map((item) => {
        const row = rows.get(item.deliveryId);
        if (!row) return null;
        rows.delete(item.deliveryId);
        const { endpoint, ...delivery } = row;
        if (endpoint && !endpoint.disabledAt) return { workspaceId, delivery, endpoint };
        const error = 'The endpoint is disabled.';
        refused.push({
          id: delivery.id,
          status: 'failed',
          nextAttemptAt: null,
          error,
          at,
          attempt: { statusCode: null, excerpt: '', durationMs: 0, error },
        });
        return null;
      });
      await store.finishAttempts(tx, refused);
      return claimed;
    },
  );
}

/** One attempt on the wire: signed, through the guarded client; never throws. */
async function send(deps: AppDeps, claimed: Claimed): Promise<Sent> {
  const { config } = deps;
  const { delivery, endpoint } = claimed;
  const began = performance.now();
  let statusCode: number | null = null;
  let excerpt = '';
  let error: string | null = null;
  let retryAfter: number | null = null;
  try {
    const target = appTarget(config, endpoint.url);
    const response = await deliveryClient(config).fetch(target.url, {
      internal: target.internal,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...signedHeaders(
          appSecret(config.secretKey, endpoint.appId),
          delivery.webhookId,
          delivery.body,
          now(deps),
        ),
      },
      body: delivery.body,
      acceptErrorStatus: true,
    });
    statusCode = response.status;
    excerpt = response.text().slice(0, excerptChars);
    retryAfter = retryAfterSeconds(response.headers['retry-after'], now(deps));
  } catch (failure) {
    error = failure instanceof AppError ? failure.userMessage : 'The request failed.';
  }
  return {
    ...claimed,
    statusCode,
    excerpt,
    error,
    retryAfter,
    durationMs: Math.round(performance.now() - began),
  };
}

/**
 * Judges a batch of attempts, one transaction per workspace: 2xx succeeded; 410 disables the endpoint;
 * anything else waits for the next slot of the schedule (or Retry-After) until the attempts run out; an
 * endpoint failing for a day without a success alerts its account (task, notice), for five days is disabled
 * and the workspace told. A success counts
 * before the failures of the same batch, so an endpoint's failing streak restarts after it.
 */
function finishBatch(deps: AppDeps, items: Sent[]) {
  return writePerWorkspace(deps.database, items, async (tx, workspaceId, list) => {
    const at = now(deps);
    const outcomes: store.AttemptOutcome[] = [];
    const outcome = (sent: Sent, status: store.AttemptOutcome['status'], nextAttemptAt: Date | null = null) =>
      outcomes.push({
        id: sent.delivery.id,
        status,
        nextAttemptAt,
        error: status === 'succeeded' ? null : (sent.error ?? `HTTP ${sent.statusCode}`),
        at,
        attempt: {
          statusCode: sent.statusCode,
          excerpt: sent.excerpt,
          durationMs: sent.durationMs,
          error: sent.error,
        },
      });
    const succeeded = new Set<number>();
    for (const sent of list)
      if (isSuccess(sent.statusCode)) {
        outcome(sent, 'succeeded');
        succeeded.add(sent.endpoint.id);
      }
    // A success ends the endpoint's run of failures (its task closes); failures after it start a new run.
    await endFailingRuns(deps, tx, [
      ...new Set(
        list
          .filter(({ endpoint: e }) => (e.failingSince || e.failureAlertedAt) && succeeded.has(e.id))
          .map(({ endpoint }) => endpoint.id),
      ),
    ]);
    /** Each endpoint's failing streak as this batch leaves it. */
    const failingSince = new Map<number, Date>();
    const disabled = new Set<number>();
    /** Deliveries to attempt again, by when. */
    const retries = new Map<number, number[]>();
    for (const sent of list) {
      const { delivery, endpoint } = sent;
      if (isSuccess(sent.statusCode)) continue;
      if (disabled.has(endpoint.id)) {
        outcome(sent, 'failed');
        continue;
      }
      if (sent.statusCode === 410) {
        await disableEndpoint(tx, endpoint, at, serverMessage('operations.endpointGone'));
        disabled.add(endpoint.id);
        outcome(sent, 'failed');
        continue;
      }
      let since =
        failingSince.get(endpoint.id) ??
        (endpoint.failingSince && !succeeded.has(endpoint.id) ? new Date(endpoint.failingSince) : null);
      if (!since) {
        since = at;
        await store.setEndpointState(tx, endpoint.id, { failingSince: at });
      }
      failingSince.set(endpoint.id, since);
      const failingFor = at.getTime() - since.getTime();
      if (failingFor >= endpointFailureDisableMs) {
        await disableEndpoint(tx, endpoint, at, serverMessage('operations.endpointFailing'));
        disabled.add(endpoint.id);
        outcome(sent, 'failed');
        continue;
      }
      // The same run, its earlier threshold: once per run (the endpoint row says whether it was raised).
      if (failingFor >= endpointFailureAlertMs && !endpoint.failureAlertedAt)
        await raiseFailureAlert(
          deps,
          tx,
          workspaceId,
          endpoint,
          since,
          at,
          sent.error ?? `HTTP ${sent.statusCode}`,
        );
      if (delivery.attempts >= maxAttempts) {
        outcome(sent, 'failed');
        continue;
      }
      const delaySeconds = sent.retryAfter ?? retryDelaysSeconds[delivery.attempts - 1];
      const next = at.getTime() + delaySeconds * 1000;
      outcome(sent, 'pending', new Date(next));
      const due = retries.get(next);
      if (due) due.push(delivery.id);
      else retries.set(next, [delivery.id]);
    }
    // Failures put off to the same moment (a receiver that is down fails a whole batch) share their jobs.
    for (const [next, ids] of retries)
      await queueAttempts(deps, workspaceId, ids, { tx, startAfter: new Date(next) });
    await store.finishAttempts(tx, outcomes);
    // An ordered entity whose delivery finished: its next one is attempted by this worker, now.
    const finished = new Set(outcomes.filter((o) => o.status !== 'pending').map((o) => o.id));
    const ordered = list.filter(
      (sent) => sent.delivery.orderingKey !== null && finished.has(sent.delivery.id),
    );
    const next = await store.nextInOrder(
      tx,
      ordered.map(({ endpoint, delivery }) => ({
        endpointId: endpoint.id,
        orderingKey: delivery.orderingKey as string,
      })),
      at,
    );
    const nextOf = new Map(next.map((n) => [`${n.endpointId}:${n.orderingKey}`, n.id]));
    return list.map((sent) =>
      finished.has(sent.delivery.id) && sent.delivery.orderingKey !== null
        ? (nextOf.get(`${sent.endpoint.id}:${sent.delivery.orderingKey}`) ?? null)
        : null,
    );
  });
}

const committers = new WeakMap<
  AppDeps['database'],
  { claim: GroupCommit<Claim, Claimed | null>; finish: GroupCommit<Sent, number | null> }
>();

/**
 * Claims and judgements are group-committed: the deliveries in flight in this process (the queue's
 * workers run up to 256) share their claim and their result statements instead of two transactions each.
 */
function committersFor(deps: AppDeps) {
  let pair = committers.get(deps.database);
  if (!pair) {
    pair = {
      claim: createGroupCommit((items) => claimBatch(deps, items)),
      finish: createGroupCommit((items) => finishBatch(deps, items)),
    };
    committers.set(deps.database, pair);
  }
  return pair;
}

/**
 * One attempt of a delivery: claimed and committed first (so no other worker sends it at the same
 * time), sent signed through the guarded client, then judged (`finishBatch`). Answers the next delivery
 * of the same ordered entity when this one finished it.
 */
async function attemptOne(
  deps: AppDeps,
  workspaceId: number,
  deliveryId: number,
): Promise<{ result: AttemptResult; next: number | null }> {
  const { claim, finish } = committersFor(deps);
  const claimed = await claim.submit({ workspaceId, deliveryId });
  if (!claimed) return { result: notSent, next: null };
  const sent = await send(deps, claimed);
  const next = await finish.submit(sent);
  return { result: { sent: true, statusCode: sent.statusCode, success: isSuccess(sent.statusCode) }, next };
}

/**
 * Attempts a delivery, then (for an endpoint with ordered delivery) its entity's following deliveries one
 * after another while each finishes: a later one is never claimed while an earlier one of its entity is
 * pending, so this worker's chain is what moves the entity on (after a crash, the restart's requeue is).
 */
export async function attemptDelivery(
  deps: AppDeps,
  workspaceId: number,
  deliveryId: number,
): Promise<AttemptResult> {
  const { result, next } = await attemptOne(deps, workspaceId, deliveryId);
  let following = next;
  while (following !== null) following = (await attemptOne(deps, workspaceId, following)).next;
  return result;
}

/** Disables the endpoint and tells the workspace, once however many of its attempts find it gone. */
async function disableEndpoint(tx: Tx, endpoint: store.EndpointRow, at: Date, reason: ServerMessage) {
  if (!(await store.disableEndpoint(tx, endpoint.id, at, reason.text))) return;
  await store.failPendingOfEndpoint(tx, endpoint.id, reason.text, at);
  await recordActivity(
    tx,
    'webhook_endpoint_disabled',
    storedMessage('activity.endpointDisabled', { url: endpoint.url, app: endpoint.appName, reason }),
  );
}

/**
 * Sends the hub's own event to an app's primary endpoint now and answers whether the app took it
 * (2xx). The delivery is logged like any other, and a failure is retried on the schedule.
 */
export async function sendToApp(
  deps: AppDeps,
  workspaceId: number,
  appId: number,
  type: string,
  data: Record<string, unknown>,
  webhookId = newWebhookId(),
): Promise<AttemptResult> {
  const deliveryId = await deps.database.withWorkspace(workspaceId, async (tx) => {
    const endpoint = await store.primaryEndpoint(tx, appId);
    if (!endpoint) return null;
    return store.insertDelivery(tx, {
      endpointId: endpoint.id,
      eventId: null,
      webhookId,
      eventType: type,
      body: messageBody(type, { app_id: appId, ...data }, now(deps)),
      at: now(deps),
    });
  });
  if (deliveryId === null) return notSent;
  return attemptDelivery(deps, workspaceId, deliveryId);
}

/** Replays a delivery: the same webhook id and body, as a new delivery with its own attempts. */
export async function replayDelivery(deps: AppDeps, tx: Tx, workspaceId: number, id: number) {
  const delivery = await store.findDelivery(tx, id);
  if (!delivery) throw new AppError('not_found', serverMessage('operations.deliveryNotFound'));
  const endpoint = await store.findEndpoint(tx, delivery.endpointId);
  if (!endpoint || endpoint.disabledAt)
    throw new AppError('conflict', serverMessage('operations.endpointDisabled'));
  const [replayId] = await enqueueDeliveries(deps, tx, workspaceId, [
    {
      endpointId: delivery.endpointId,
      eventId: null,
      webhookId: delivery.webhookId,
      eventType: delivery.eventType,
      body: delivery.body,
    },
  ]);
  return { id: replayId };
}

/**
 * Queues again what a killed worker left: pending deliveries, and held ones once their lease ran out.
 * At start, all of them; on each monitor tick, only those overdue by a minute (their job was lost).
 */
export async function requeueUnfinished(
  deps: AppDeps,
  options: { staleOnly?: boolean } = {},
): Promise<number> {
  const at = now(deps).getTime();
  const rows = (await store.unfinishedDeliveries(deps.database.db)).filter(
    (row) =>
      !options.staleOnly ||
      (row.status === 'pending'
        ? Date.parse(row.nextAttemptAt) < at - 60_000
        : row.leaseUntil !== null && Date.parse(row.leaseUntil) < at),
  );
  const byDue = new Map<string, { workspaceId: number; due: number; ids: number[] }>();
  for (const row of rows) {
    const due = Math.max(
      Date.parse(row.nextAttemptAt),
      row.status === 'sending' && row.leaseUntil ? Date.parse(row.leaseUntil) + 1000 : 0,
    );
    const key = `${row.workspaceId}@${due}`;
    const group = byDue.get(key) ?? { workspaceId: row.workspaceId, due, ids: [] };
    group.ids.push(row.id);
    byDue.set(key, group);
  }
  for (const { workspaceId, due, ids } of byDue.values())
    await queueAttempts(deps, workspaceId, ids, due > at ? { startAfter: new Date(due) } : {});
  return rows.length;
}

export const deliverJobDefinition: JobDefinition<DeliverJobData> = {
  name: deliverJobName,
  // Up to 256 attempts in flight per process (4 workers × 2 jobs × 32): most of an attempt is waiting for
  // the receiver, and a claimed delivery must go out well within its lease.
  concurrency: 4,
  batchSize: 2,
  handler: async (data, deps) => {
    const attempts = await Promise.allSettled(
      data.deliveryIds.map((id) => attemptDelivery(deps, data.workspaceId, id)),
    );
    // Retried whole once every attempt has ended: those already made are claimed and not made again.
    const failed = attempts.find((attempt) => attempt.status === 'rejected');
    if (failed) throw failed.reason;
  },
  recover: (deps) => requeueUnfinished(deps),
};

/** After a restore (in its transaction, inside the new workspace): the copy sends no webhook by itself. */
export async function failDeliveriesAfterRestore(tx: Tx, at: Date): Promise<void> {
  await store.failUnfinishedAfterRestore(
    tx,
    'Not sent: the workspace was restored from a backup. Replay to send.',
    at,
  );
}
