import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import { endpointFailureDisableMs, retryDelaysSeconds } from '@domain/operations/operations-schemas';
import type { Tx } from '../../db/database.js';
import { type AppDeps, now } from '../../deps.js';
import type { OutboundClient } from '../../http/outbound.js';
import type { JobDefinition } from '../../jobs/queue.js';
import { recordActivity } from '../activities/service.js';
import { absoluteUrl, appSecret, createHubClient, newWebhookId, signedHeaders } from './signing.js';
import * as store from './store.js';

export const deliverJobName = 'ops-deliver';
/** Attempts in all: the first, then one per entry of the retry schedule. */
const maxAttempts = retryDelaysSeconds.length + 1;
const excerptChars = 500;

interface DeliverJobData {
  workspaceId: number;
  deliveryId: number;
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

export function queueAttempt(
  deps: Pick<AppDeps, 'queue'>,
  workspaceId: number,
  deliveryId: number,
  options: { tx?: Tx; startAfter?: Date; attempt: number },
) {
  return deps.queue.send(
    deliverJobName,
    { workspaceId, deliveryId },
    {
      singletonKey: `delivery-${deliveryId}-${options.attempt}`,
      ...(options.tx ? { tx: options.tx } : {}),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    },
  );
}

/** A message to an endpoint, sent by the queue (in this transaction: it exists exactly when the transaction commits). */
export async function enqueueDelivery(
  deps: Pick<AppDeps, 'queue' | 'clock'>,
  tx: Tx,
  workspaceId: number,
  message: { endpointId: number; eventId: number | null; webhookId: string; type: string; body: string },
): Promise<number> {
  const id = await store.insertDelivery(tx, {
    endpointId: message.endpointId,
    eventId: message.eventId,
    webhookId: message.webhookId,
    eventType: message.type,
    body: message.body,
    at: now(deps),
  });
  await queueAttempt(deps, workspaceId, id, { tx, attempt: 1 });
  return id;
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

/**
 * One attempt of a delivery: claimed and committed first (so no other worker sends it at the same
 * time), sent signed through the guarded client, then judged: 2xx succeeded; 410 disables the
 * endpoint; anything else waits for the next slot of the schedule (or Retry-After) until the attempts
 * run out; an endpoint failing for five days is disabled and the workspace told.
 */
export async function attemptDelivery(
  deps: AppDeps,
  workspaceId: number,
  deliveryId: number,
): Promise<AttemptResult> {
  const { database, config } = deps;
  const startedAt = now(deps);
  // The request cannot outlive OUTBOUND_TIMEOUT_MS; the margin covers the two commits around it.
  const leaseUntil = new Date(startedAt.getTime() + config.OUTBOUND_TIMEOUT_MS + 5_000);
  const claimed = await database.withWorkspace(workspaceId, async (tx) => {
    const delivery = await store.claimDelivery(tx, deliveryId, startedAt, leaseUntil);
    if (!delivery) return null;
    const endpoint = await store.findEndpoint(tx, delivery.endpointId);
    if (!endpoint || endpoint.disabledAt) {
      await store.finishAttempt(tx, deliveryId, {
        status: 'failed',
        nextAttemptAt: null,
        error: 'The endpoint is disabled.',
        at: startedAt,
        attempt: { statusCode: null, excerpt: '', durationMs: 0, error: 'The endpoint is disabled.' },
      });
      return null;
    }
    return { delivery, endpoint };
  });
  if (!claimed) return { sent: false, statusCode: null, success: false };
  const { delivery, endpoint } = claimed;

  const began = performance.now();
  let statusCode: number | null = null;
  let excerpt = '';
  let error: string | null = null;
  let retryAfter: number | null = null;
  try {
    const response = await deliveryClient(config).fetch(absoluteUrl(config, endpoint.url), {
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
  const durationMs = Math.round(performance.now() - began);
  const success = statusCode !== null && statusCode >= 200 && statusCode < 300;

  await database.withWorkspace(workspaceId, async (tx) => {
    const at = now(deps);
    const attempt = { statusCode, excerpt, durationMs, error };
    if (success) {
      await store.finishAttempt(tx, deliveryId, {
        status: 'succeeded',
        nextAttemptAt: null,
        error: null,
        at,
        attempt,
      });
      if (endpoint.failingSince) await store.setEndpointState(tx, endpoint.id, { failingSince: null });
      return;
    }
    const reason = error ?? `HTTP ${statusCode}`;
    if (statusCode === 410) {
      await disableEndpoint(tx, endpoint, at, 'The endpoint answered 410 Gone.');
      await store.finishAttempt(tx, deliveryId, {
        status: 'failed',
        nextAttemptAt: null,
        error: reason,
        at,
        attempt,
      });
      return;
    }
    const failingSince = endpoint.failingSince ? new Date(endpoint.failingSince) : at;
    if (!endpoint.failingSince) await store.setEndpointState(tx, endpoint.id, { failingSince: at });
    if (at.getTime() - failingSince.getTime() >= endpointFailureDisableMs) {
      await disableEndpoint(tx, endpoint, at, 'The endpoint failed for five days without a success.');
      await store.finishAttempt(tx, deliveryId, {
        status: 'failed',
        nextAttemptAt: null,
        error: reason,
        at,
        attempt,
      });
      return;
    }
    if (delivery.attempts >= maxAttempts) {
      await store.finishAttempt(tx, deliveryId, {
        status: 'failed',
        nextAttemptAt: null,
        error: reason,
        at,
        attempt,
      });
      return;
    }
    const delaySeconds = retryAfter ?? retryDelaysSeconds[delivery.attempts - 1];
    const next = new Date(at.getTime() + delaySeconds * 1000);
    await store.finishAttempt(tx, deliveryId, {
      status: 'pending',
      nextAttemptAt: next,
      error: reason,
      at,
      attempt,
    });
    await queueAttempt(deps, workspaceId, deliveryId, {
      tx,
      startAfter: next,
      attempt: delivery.attempts + 1,
    });
  });
  return { sent: true, statusCode, success };
}

async function disableEndpoint(tx: Tx, endpoint: store.EndpointRow, at: Date, reason: string) {
  await store.setEndpointState(tx, endpoint.id, { disabledAt: at, disabledReason: reason });
  await store.failPendingOfEndpoint(tx, endpoint.id, reason, at);
  await recordActivity(
    tx,
    'webhook_endpoint_disabled',
    serverMessage('activity.endpointDisabled', { url: endpoint.url, app: endpoint.appName, reason }),
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
  if (deliveryId === null) return { sent: false, statusCode: null, success: false };
  return attemptDelivery(deps, workspaceId, deliveryId);
}

/** Replays a delivery: the same webhook id and body, as a new delivery with its own attempts. */
export async function replayDelivery(deps: AppDeps, tx: Tx, workspaceId: number, id: number) {
  const delivery = await store.findDelivery(tx, id);
  if (!delivery) throw new AppError('not_found', serverMessage('operations.deliveryNotFound'));
  const endpoint = await store.findEndpoint(tx, delivery.endpointId);
  if (!endpoint || endpoint.disabledAt)
    throw new AppError('conflict', serverMessage('operations.endpointDisabled'));
  const replayId = await store.insertDelivery(tx, {
    endpointId: delivery.endpointId,
    eventId: null,
    webhookId: delivery.webhookId,
    eventType: delivery.eventType,
    body: delivery.body,
    at: now(deps),
  });
  await queueAttempt(deps, workspaceId, replayId, { tx, attempt: 1 });
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
  for (const row of rows) {
    const due = Math.max(
      Date.parse(row.nextAttemptAt),
      row.status === 'sending' && row.leaseUntil ? Date.parse(row.leaseUntil) + 1000 : 0,
    );
    await deps.queue.send(
      deliverJobName,
      { workspaceId: row.workspaceId, deliveryId: row.id },
      {
        singletonKey: `delivery-${row.id}-recover-${due}`,
        ...(due > at ? { startAfter: new Date(due) } : {}),
      },
    );
  }
  return rows.length;
}

export const deliverJobDefinition: JobDefinition<DeliverJobData> = {
  name: deliverJobName,
  // Up to 64 attempts in flight per process: most of an attempt is waiting for the receiver.
  concurrency: 4,
  batchSize: 16,
  handler: async (data, deps) => {
    await attemptDelivery(deps, data.workspaceId, data.deliveryId);
  },
  recover: (deps) => requeueUnfinished(deps),
};
