import { randomUUID } from 'node:crypto';
import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import type { MonitorCreate, MonitorEdit } from '@domain/monitoring/monitoring-schemas';
import {
  type Features,
  featureFlags,
  flagEventPrefixes,
  integrationSteps,
} from '@domain/superhub/superhub-schemas';
import {
  type Delivery,
  documentedAppEndpoints,
  type EndpointCreate,
  hubEvents,
  inboundEventSchema,
} from '@domain/webhooks/webhook-schemas';
import type { Tx } from '../../db/database.js';
import { type AppDeps, now } from '../../deps.js';
import { recordActivity } from '../activities/service.js';
import { sendToApp } from './deliveries.js';
import { inboundFor } from './inbound.js';
import { appSecret, inboundUrl, verifySigned } from './signing.js';
import * as store from './store.js';

const dayMs = 24 * 3600 * 1000;

// ---- feature flags ----

export const readFeatures = store.readFeatures;

export async function updateFeatures(tx: Tx, changes: Partial<Features>): Promise<Features> {
  const current = await store.readFeatures(tx);
  const next = { ...current, ...changes };
  await store.writeFeatures(tx, next);
  const switched = featureFlags.filter((f) => current[f] !== next[f]);
  if (switched.length > 0)
    await recordActivity(
      tx,
      'operations_features_changed',
      serverMessage('activity.featuresChanged', {
        changes: switched.map((f) => `${f} ${next[f] ? 'on' : 'off'}`).join(', '),
      }),
    );
  return next;
}

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

// ---- read models of the three screens ----

/** Spec 001 §3 "Central dashboard response", with each app's uptime. */
export async function superhubDashboard(deps: AppDeps, tx: Tx) {
  const at = now(deps);
  const [features, monitors, logs, recent] = [
    await store.readFeatures(tx),
    await store.listMonitors(tx, at),
    await store.recentEvents(tx, 20),
    await store.countEventsSince(tx, new Date(at.getTime() - dayMs)),
  ];
  const defaults = monitors.filter((m, i) => monitors.findIndex((x) => x.appId === m.appId) === i);
  return {
    stats: {
      total_apps: defaults.length,
      recent_events: recent,
      monitoring_active: features.uptime_monitoring,
    },
    apps: defaults.map((m) => ({
      id: m.appId,
      name: m.appName,
      url: m.url,
      status: m.status,
      uptime_24h: m.uptime24h,
      uptime_30d: m.uptime30d,
      response_ms: m.lastResponseMs,
    })),
    logs: logs.map((l) => ({
      id: l.id,
      timestamp: l.receivedAt,
      type: l.type,
      payload: { app: l.appName, status: l.status, tag: l.tag },
    })),
    features,
    endpoints: {
      webhooks: ['POST /api/webhooks/in/{appId}', 'GET /api/live-events', 'GET /api/live-events/stream'],
      data: [...documentedAppEndpoints],
    },
  };
}

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

const progressOf = (step: number) => Math.round((step / integrationSteps) * 100);

/** Spec 001 §3 "Integration status": progress is the share of the four steps done. */
export async function integrationStatus(tx: Tx) {
  const apps = await store.listAppOps(tx);
  return {
    applications: Object.fromEntries(
      apps.map((a) => [
        a.name,
        {
          app_id: a.id,
          name: a.name,
          status: a.integrationStatus,
          deployment_progress: progressOf(a.integrationStep),
          events_received: a.eventsReceived,
          error_count: a.errorCount,
          error: a.integrationError,
          error_message: a.integrationErrorMessage,
        },
      ]),
    ),
    summary: {
      total_apps: apps.length,
      active_apps: apps.filter((a) => a.integrationStatus === 'active').length,
      overall_progress:
        apps.length === 0
          ? 0
          : Math.round(apps.reduce((n, a) => n + progressOf(a.integrationStep), 0) / apps.length),
    },
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

/** Spec 001 §3 "Health check": uptime from the probes of the last 24 h, alerts = open incidents. */
export async function healthCheck(deps: AppDeps, tx: Tx) {
  const at = now(deps);
  const apps = await store.listAppOps(tx);
  return {
    ecosystem_health: {
      uptime_percentage: (await store.workspaceUptime(tx, at)) ?? 100,
      active_applications: apps.filter((a) => a.integrationStatus === 'active').length,
      total_applications: apps.length,
      recent_events: await store.countEventsSince(tx, new Date(at.getTime() - dayMs)),
    },
    alerts: (await store.openIncidents(tx)).length,
  };
}

/** Spec 001 §3 "Monitoring config": what the enabled flags track, and the alert rules with what they fire on. */
export async function monitoringConfig(deps: AppDeps, tx: Tx) {
  const at = now(deps);
  const features = await store.readFeatures(tx);
  const seen = await store.eventTypesSince(tx, new Date(at.getTime() - 30 * dayMs));
  const family = (flag: keyof typeof flagEventPrefixes, defaults: string[]) =>
    features[flag]
      ? [...new Set([...defaults, ...seen.filter((t) => t.startsWith(flagEventPrefixes[flag]))])]
      : [];
  const incidents = await store.openIncidents(tx);
  const endpoints = await store.listEndpoints(tx);
  return {
    analytics_configuration: {
      user_journey_tracking: {
        track_events: family('user_analytics', ['user.signup', 'user.login', 'user.upgrade']),
      },
      conversion_tracking: {
        funnels: [
          ...(features.user_analytics ? ['user.signup → user.upgrade'] : []),
          ...(features.referral_tracking ? ['referral.sent → referral.converted'] : []),
          ...(features.certification_tracking ? ['certification.started → certification.completed'] : []),
        ],
      },
      revenue_analytics: {
        track_metrics: family('revenue_analytics', ['payment.succeeded', 'payment.refunded']),
      },
    },
    monitoring_alerts: {
      app_down: features.uptime_monitoring ? incidents.map((i) => i.appName) : [],
      endpoint_failing: endpoints.filter((e) => e.failingSince && !e.disabledAt).map((e) => e.url),
      endpoint_disabled: endpoints.filter((e) => e.disabledAt).map((e) => e.url),
    },
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

// ---- endpoints and monitors ----

const toEndpoint = (e: store.EndpointRow) => ({
  id: e.id,
  appId: e.appId,
  url: e.url,
  events: e.events,
  disabled: e.disabledAt !== null,
  disabledReason: e.disabledReason,
  failingSince: e.failingSince,
});

export async function listEndpoints(tx: Tx, appId?: number) {
  return (await store.listEndpoints(tx, appId)).map(toEndpoint);
}

export async function addEndpoint(tx: Tx, input: EndpointCreate) {
  if (!(await store.findAppOps(tx, input.appId)))
    throw AppError.badRequest('appId', serverMessage('ecosystem.appNotFound'));
  const id = await store.insertEndpoint(tx, input.appId, input.url, input.events);
  return toEndpoint((await store.findEndpoint(tx, id)) as store.EndpointRow);
}

export async function removeEndpoint(tx: Tx, id: number) {
  if (!(await store.deleteEndpoint(tx, id)))
    throw new AppError('not_found', serverMessage('operations.endpointNotFound'));
}

export async function enableEndpoint(tx: Tx, id: number) {
  const endpoint = await store.findEndpoint(tx, id, true);
  if (!endpoint) throw new AppError('not_found', serverMessage('operations.endpointNotFound'));
  await store.setEndpointState(tx, id, { disabledAt: null, disabledReason: null, failingSince: null });
  return toEndpoint((await store.findEndpoint(tx, id)) as store.EndpointRow);
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

export async function listMonitors(deps: AppDeps, tx: Tx) {
  return store.listMonitors(tx, now(deps));
}

async function monitorById(deps: AppDeps, tx: Tx, id: number) {
  const [monitor] = await store.listMonitors(tx, now(deps), id);
  if (!monitor) throw new AppError('not_found', serverMessage('operations.monitorNotFound'));
  return monitor;
}

export async function configureAppMonitor(
  tx: Tx,
  appId: number,
  input: { intervalSeconds: number; timeoutMs: number },
) {
  if (!(await store.updateDefaultMonitor(tx, appId, input)))
    throw new AppError('not_found', serverMessage('ecosystem.appNotFound'));
}

export async function addMonitor(deps: AppDeps, tx: Tx, input: MonitorCreate) {
  if (!(await store.findAppOps(tx, input.appId)))
    throw AppError.badRequest('appId', serverMessage('ecosystem.appNotFound'));
  const id = await store.insertMonitor(tx, {
    appId: input.appId,
    url: input.url,
    intervalSeconds: input.intervalSeconds ?? 60,
    timeoutMs: input.timeoutMs ?? 10_000,
  });
  return monitorById(deps, tx, id);
}

/** Edits a monitor's timing and, for an extra monitor, its URL; an app's own monitor follows the app's URL. */
export async function editMonitor(deps: AppDeps, tx: Tx, id: number, input: MonitorEdit) {
  const monitor = await store.findMonitor(tx, id, true);
  if (!monitor) throw new AppError('not_found', serverMessage('operations.monitorNotFound'));
  if (monitor.isDefault && input.url !== undefined && input.url !== monitor.url)
    throw AppError.badRequest('url', serverMessage('operations.defaultMonitorUrl'));
  const newUrl =
    !monitor.isDefault && input.url !== undefined && input.url !== monitor.url ? input.url : null;
  const at = now(deps);
  await store.updateMonitor(tx, id, { ...input, newUrl }, at);
  // Whatever was open was about the old address.
  if (newUrl !== null) await store.closeIncidents(tx, id, at);
  return monitorById(deps, tx, id);
}

export async function removeMonitor(tx: Tx, id: number) {
  const monitor = await store.findMonitor(tx, id, true);
  if (!monitor) throw new AppError('not_found', serverMessage('operations.monitorNotFound'));
  if (monitor.isDefault) throw new AppError('conflict', serverMessage('operations.defaultMonitorKept'));
  await store.deleteMonitor(tx, id);
}
