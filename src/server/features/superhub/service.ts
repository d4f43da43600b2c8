import { serverMessage } from '@domain/messages';
import {
  type Features,
  featureFlags,
  flagEventPrefixes,
  integrationSteps,
} from '@domain/superhub/superhub-schemas';
import { documentedAppEndpoints } from '@domain/webhooks/webhook-schemas';
import type { Tx } from '../../db/database.js';
import { type AppDeps, now } from '../../deps.js';
import { recordActivity } from '../activities/index.js';
import { appMonitors, openIncidents, workspaceUptime } from '../monitoring/index.js';
import {
  countEventsSince,
  eventTypesSince,
  listAppOps,
  listEndpoints,
  recentEvents,
} from '../webhooks/index.js';
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

// ---- read models of Central Monitoring and Phase 3 ----

/** Spec 001 §3 "Central dashboard response", with each app's uptime. */
export async function superhubDashboard(deps: AppDeps, tx: Tx) {
  const at = now(deps);
  const [features, defaults, logs, recent] = [
    await store.readFeatures(tx),
    await appMonitors(deps, tx),
    await recentEvents(tx, 20),
    await countEventsSince(tx, new Date(at.getTime() - dayMs)),
  ];
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

const progressOf = (step: number) => Math.round((step / integrationSteps) * 100);

/** Spec 001 §3 "Integration status": progress is the share of the four steps done. */
export async function integrationStatus(tx: Tx) {
  const apps = await listAppOps(tx);
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

/** Spec 001 §3 "Health check": uptime from the probes of the last 24 h, alerts = open incidents. */
export async function healthCheck(deps: AppDeps, tx: Tx) {
  const at = now(deps);
  const apps = await listAppOps(tx);
  return {
    ecosystem_health: {
      uptime_percentage: (await workspaceUptime(deps, tx)) ?? 100,
      active_applications: apps.filter((a) => a.integrationStatus === 'active').length,
      total_applications: apps.length,
      recent_events: await countEventsSince(tx, new Date(at.getTime() - dayMs)),
    },
    alerts: (await openIncidents(tx)).length,
  };
}

/** Spec 001 §3 "Monitoring config": what the enabled flags track, and the alert rules with what they fire on. */
export async function monitoringConfig(deps: AppDeps, tx: Tx) {
  const at = now(deps);
  const features = await store.readFeatures(tx);
  const seen = await eventTypesSince(tx, new Date(at.getTime() - 30 * dayMs));
  const family = (flag: keyof typeof flagEventPrefixes, defaults: string[]) =>
    features[flag]
      ? [...new Set([...defaults, ...seen.filter((t) => t.startsWith(flagEventPrefixes[flag]))])]
      : [];
  const incidents = await openIncidents(tx);
  const endpoints = await listEndpoints(tx);
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
      endpoint_failing: endpoints.filter((e) => e.failingSince && !e.disabled).map((e) => e.url),
      endpoint_disabled: endpoints.filter((e) => e.disabled).map((e) => e.url),
    },
  };
}
