import { randomUUID } from 'node:crypto';
import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import {
  type Delivery,
  type EndpointCreate,
  type EndpointUpdate,
  hubEvents,
  inboundEventSchema,
} from '@domain/webhooks/webhook-schemas';
import type { Tx } from '../../db/database.js';
import { type AppDeps, now } from '../../deps.js';
import { recordActivity } from '../activities/index.js';
import { sendToApp } from './deliveries.js';
import { assertAccount, endpointsWithHealth, toEndpoint } from './endpoint-accounts.js';
import { inboundFor } from './inbound.js';
import { appSecret, inboundUrl, verifySigned } from './signing.js';
import * as store from './store.js';

// ---- the apps' operational state and events, which monitoring and superhub read (and Phase 3 marks deployed) ----

export const listAppOps = store.listAppOps;
export const findAppOps = store.findAppOps;
export const markDeployed = store.markDeployed;
export const recentEvents = store.recentEvents;
export const countEventsSince = store.countEventsSince;
export const eventTypesSince = store.eventTypesSince;

// ---- events in ----

/**
 * An app's signed event to its inbound address: verified with the app's secret, stored once per
 * webhook id (a repeat answers the same and changes nothing), counted on the app, forwarded by its
 * triggers, announced to open screens, and, when its family's flag is on, recorded as an activity.
 */
export async function receiveEvent(
  deps: AppDeps,
  appId: number,
  rawBody: string,
  headers: Record<string, unknown>,
): Promise<{ duplicate: boolean; id: number | null }> {
  // The secret derives from the app's id, so the signature is checked before any database work; whether
  // the app still exists is asked once per batch of events (inbound.ts), not once per request.
  if (!verifySigned(appSecret(deps.config.secretKey, appId), rawBody, headers))
    throw new AppError('unauthenticated', serverMessage('operations.badSignature'));
  const webhookId = String(headers['webhook-id']);
  if (webhookId.length > 200)
    throw AppError.badRequest('webhook-id', 'webhook-id: must be at most 200 characters');
  let parsed: unknown;
  try {
    // PostgreSQL's jsonb cannot hold U+0000: such a body is refused like any other invalid one.
    if (rawBody.includes('\\u0000')) throw new SyntaxError('NUL');
    parsed = JSON.parse(rawBody);
  } catch {
    throw AppError.badRequest('body', serverMessage('operations.badEventBody'));
  }
  const result = inboundEventSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw AppError.badRequest(issue.path.join('.') || 'body', `${issue.path.join('.')}: ${issue.message}`);
  }
  return inboundFor(deps).submit({
    appId,
    webhookId,
    event: result.data,
    at: now(deps),
  });
}

// ---- read models of the Webhook Deployment Center ----

/** Spec 001 §3 "Webhook configs": what each app listens for (event → path) and its triggers. */
export async function webhookConfigs(deps: AppDeps, tx: Tx) {
  const [apps, endpoints] = [await store.listAppOps(tx), await store.listEndpoints(tx)];
  return {
    configs: apps.map((app) => {
      const own = endpoints.filter((e) => e.appId === app.id && !e.disabledAt);
      const path = (url: string) => (url.startsWith('/') ? url : new URL(url).pathname);
      const primary = own[0] ? path(own[0].url) : '/api/receive';
      const actions = [...new Set(own.flatMap((e) => e.events))].sort();
      return {
        app: app.name,
        app_id: app.id,
        inbound_url: inboundUrl(deps.config, app.id),
        listeners: [
          ...Object.values(hubEvents)
            .filter((e) => e !== hubEvents.ack)
            .map((event) => ({ event, path: primary })),
          ...own.flatMap((e) => e.events.map((event) => ({ event, path: path(e.url) }))),
        ],
        triggers: actions.map((action) => ({
          action,
          forward_to: own.filter((e) => e.events.includes(action)).map((e) => e.url),
        })),
      };
    }),
  };
}

/** One app's entry of the webhook configs: what its downloads are written from. */
export async function webhookConfigOf(deps: AppDeps, tx: Tx, appId: number) {
  const config = (await webhookConfigs(deps, tx)).configs.find((c) => c.app_id === appId);
  if (!config) throw new AppError('not_found', serverMessage('ecosystem.appNotFound'));
  return config;
}

/** Spec 001 §3 "Deployment status": an app is active once it acknowledged a deployment. */
export async function deploymentStatus(tx: Tx) {
  const apps = await store.listAppOps(tx);
  const active = apps.filter((a) => a.deployedAt !== null).length;
  return {
    summary: {
      total_apps: apps.length,
      active_apps: active,
      pending_apps: apps.length - active,
      total_events: apps.reduce((n, a) => n + a.eventsReceived, 0),
    },
    apps: Object.fromEntries(
      apps.map((a) => [
        a.name,
        {
          app_id: a.id,
          status: a.deployedAt !== null ? ('active' as const) : ('pending' as const),
          event_count: a.eventsReceived,
          webhook_endpoints: a.endpointCount,
          last_event: a.lastEventAt,
        },
      ]),
    ),
  };
}

export async function liveEvents(tx: Tx) {
  const events = await store.recentEvents(tx, 10);
  return {
    events: events.map((e) => ({
      id: e.id,
      app: e.appName,
      type: e.type,
      status: e.status,
      description: e.description,
      message: e.message,
      timestamp: e.receivedAt,
    })),
  };
}

// ---- webhook deployment ----

async function eachWithLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Deploy All Webhooks: every app is sent a signed `webhook.deployed` (its inbound address and what it
 * listens for); the apps that take it with 2xx count as successful and become active.
 */
export async function deployWebhooks(deps: AppDeps, workspaceId: number) {
  const [apps, configs] = await deps.database.withWorkspace(workspaceId, async (tx) => [
    await store.listAppOps(tx),
    (await webhookConfigs(deps, tx)).configs,
  ]);
  const run = randomUUID().replaceAll('-', '');
  const accepted: number[] = [];
  await eachWithLimit(apps, 8, async (app) => {
    const config = configs.find((c) => c.app_id === app.id);
    const result = await sendToApp(
      deps,
      workspaceId,
      app.id,
      hubEvents.deployed,
      { inbound_url: inboundUrl(deps.config, app.id), listeners: config?.listeners ?? [] },
      `msg_deploy_${run}_${app.id}`,
    );
    if (result.success) accepted.push(app.id);
  });
  await deps.database.withWorkspace(workspaceId, async (tx) => {
    for (const appId of accepted) await store.markDeployed(tx, appId, now(deps));
    await recordActivity(
      tx,
      'operations_webhooks_deployed',
      serverMessage('activity.webhooksDeployed', { accepted: accepted.length, total: apps.length }),
    );
  });
  return { total_apps: apps.length, successful: accepted.length };
}

/** A signed `webhook.test` event to the app, carrying the test message. */
export async function testWebhook(deps: AppDeps, workspaceId: number, appId: number, message: string) {
  const app = await deps.database.withWorkspace(workspaceId, (tx) => store.findAppOps(tx, appId));
  if (!app) throw new AppError('not_found', serverMessage('ecosystem.appNotFound'));
  const result = await sendToApp(deps, workspaceId, appId, hubEvents.test, { test_message: message });
  return { success: result.success, app: app.name, status_code: result.statusCode };
}

// ---- endpoints ----

export async function listEndpoints(tx: Tx, appId?: number) {
  return (await store.listEndpoints(tx, appId === undefined ? {} : { appId })).map(toEndpoint);
}

async function readEndpoint(deps: Pick<AppDeps, 'clock'>, tx: Tx, id: number) {
  const [endpoint] = await endpointsWithHealth(deps, tx, { id });
  return endpoint;
}

export async function addEndpoint(deps: Pick<AppDeps, 'clock'>, tx: Tx, input: EndpointCreate) {
  if (!(await store.findAppOps(tx, input.appId)))
    throw AppError.badRequest('appId', serverMessage('ecosystem.appNotFound'));
  const account = { companyId: input.companyId ?? null, noticeContactId: input.noticeContactId ?? null };
  await assertAccount(tx, account.companyId, account.noticeContactId);
  const id = await store.insertEndpoint(tx, {
    appId: input.appId,
    url: input.url,
    events: input.events,
    ...account,
    ordered: input.ordered ?? false,
  });
  return readEndpoint(deps, tx, id);
}

/**
 * Changes what is present: the URL, the event filter (replaced whole), ordered delivery and the account. A new company
 * without a notice contact unlinks the old company's contact, which cannot serve the new one.
 */
export async function updateEndpoint(
  deps: Pick<AppDeps, 'clock'>,
  tx: Tx,
  id: number,
  input: EndpointUpdate,
) {
  const endpoint = await store.findEndpoint(tx, id, true);
  if (!endpoint) throw new AppError('not_found', serverMessage('operations.endpointNotFound'));
  const companyId = input.companyId === undefined ? endpoint.companyId : input.companyId;
  const noticeContactId =
    input.noticeContactId !== undefined
      ? input.noticeContactId
      : companyId === endpoint.companyId
        ? endpoint.noticeContactId
        : null;
  await assertAccount(tx, companyId, noticeContactId);
  await store.updateEndpoint(tx, id, { url: input.url, companyId, noticeContactId, ordered: input.ordered });
  if (input.events !== undefined) await store.setTriggers(tx, id, input.events);
  return readEndpoint(deps, tx, id);
}

export async function removeEndpoint(tx: Tx, id: number) {
  if (!(await store.deleteEndpoint(tx, id)))
    throw new AppError('not_found', serverMessage('operations.endpointNotFound'));
}

export async function enableEndpoint(deps: Pick<AppDeps, 'clock'>, tx: Tx, id: number) {
  const endpoint = await store.findEndpoint(tx, id, true);
  if (!endpoint) throw new AppError('not_found', serverMessage('operations.endpointNotFound'));
  await store.setEndpointState(tx, id, { disabledAt: null, disabledReason: null, failingSince: null });
  return readEndpoint(deps, tx, id);
}

export async function endpointDeliveries(tx: Tx, id: number) {
  if (!(await store.findEndpoint(tx, id)))
    throw new AppError('not_found', serverMessage('operations.endpointNotFound'));
  const rows = await store.listDeliveries(tx, id, 50);
  return rows.map((d) => ({
    id: d.id,
    webhookId: d.webhookId,
    eventType: d.eventType,
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt : null,
    createdAt: d.createdAt,
    log: d.log as Delivery['log'],
  }));
}
