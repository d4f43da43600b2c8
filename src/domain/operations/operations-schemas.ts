import { appUrlSchema } from '@domain/ecosystem/ecosystem-schemas';
import { idSchema } from '@domain/ids';
import { messageRefSchema } from '@domain/message-schemas';
import { z } from 'zod';

/** The seven feature flags of spec 001 (Central Monitoring), in the order the screen lists them. */
export const featureFlags = [
  'webhook_logging',
  'uptime_monitoring',
  'user_analytics',
  'certification_tracking',
  'trauma_insights',
  'referral_tracking',
  'revenue_analytics',
] as const;
export type FeatureFlag = (typeof featureFlags)[number];

/**
 * The event families four of the flags switch: with the flag on, an app's event of that family is also
 * recorded as a workspace activity and reported in the monitoring configuration; off, it is only stored.
 */
export const flagEventPrefixes = {
  user_analytics: 'user.',
  certification_tracking: 'certification.',
  trauma_insights: 'insight.',
  referral_tracking: 'referral.',
  revenue_analytics: 'payment.',
} as const satisfies Partial<Record<FeatureFlag, string>>;

export const featuresSchema = z.object(
  Object.fromEntries(featureFlags.map((f) => [f, z.boolean()])) as Record<FeatureFlag, z.ZodBoolean>,
);
export type Features = z.infer<typeof featuresSchema>;
export const featuresUpdateSchema = featuresSchema.partial();

/** Svix's retry schedule: the delay before attempt n+1 after attempt n failed (the first is immediate). */
export const retryDelaysSeconds = [5, 300, 1800, 7200, 18000, 36000, 36000] as const;
/** An endpoint failing without a success for this long is disabled and its owner told. */
export const endpointFailureDisableMs = 5 * 24 * 3600 * 1000;

export const integrationStatuses = ['pending', 'integrating', 'active', 'error'] as const;
export type IntegrationStatus = (typeof integrationStatuses)[number];
/** Phase 3's steps: probe, deploy the webhook config, handshake, the app's signed acknowledgement. */
export const integrationSteps = 4;

/** The events the hub itself sends an app. */
export const hubEvents = {
  deployed: 'webhook.deployed',
  test: 'webhook.test',
  handshake: 'integration.handshake',
  ack: 'integration.ack',
} as const;

/** Spec 001 §7: the inbound endpoints documented for the monitored apps (display only). */
export const documentedAppEndpoints = [
  'POST /api/record',
  'POST /api/receive',
  'POST /api/listen',
  'GET /api/logs/webhook_events',
  'GET /api/user_activity',
  'GET /api/errors',
] as const;

const eventType = z
  .string()
  .trim()
  .min(1, /*i18n*/ 'must not be empty')
  .max(100, /*i18n*/ 'must be at most 100 characters')
  .regex(/^[A-Za-z0-9_.:-]+$/, /*i18n*/ 'may contain letters, digits and . _ : - only');

/** An app's event as it posts it to its inbound address (the body that was signed). */
export const inboundEventSchema = z.object({
  type: eventType,
  status: z.string().trim().min(1).max(40).optional(),
  tag: z.string().trim().max(60).optional(),
  description: z.string().max(500).optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type InboundEvent = z.infer<typeof inboundEventSchema>;

export const endpointCreateSchema = z.object({
  appId: idSchema,
  url: appUrlSchema,
  /** The event types this endpoint receives (its triggers). */
  events: z.array(eventType).max(50, /*i18n*/ 'at most 50 events').default([]),
});
export type EndpointCreate = z.infer<typeof endpointCreateSchema>;

export const monitorUpdateSchema = z.object({
  intervalSeconds: z
    .number(/*i18n*/ 'must be a number')
    .int(/*i18n*/ 'must be a whole number')
    .min(60, /*i18n*/ 'must be at least 60')
    .max(86400, /*i18n*/ 'must be at most 86400'),
  timeoutMs: z
    .number(/*i18n*/ 'must be a number')
    .int(/*i18n*/ 'must be a whole number')
    .min(1000, /*i18n*/ 'must be at least 1000')
    .max(60000, /*i18n*/ 'must be at most 60000'),
});
export const monitorCreateSchema = monitorUpdateSchema
  .partial()
  .extend({ appId: idSchema, url: appUrlSchema });
export type MonitorCreate = z.infer<typeof monitorCreateSchema>;
/** A monitor's edit: its timing, and for an extra monitor its URL (an app's own monitor follows the app's URL). */
export const monitorEditSchema = monitorUpdateSchema.extend({ url: appUrlSchema.optional() });
export type MonitorEdit = z.infer<typeof monitorEditSchema>;

export const testWebhookSchema = z.object({
  testData: z
    .object({ test_message: z.string().max(500, /*i18n*/ 'must be at most 500 characters') })
    .optional(),
});

// ---- answers ----

/** A monitor as the Monitors card lists it: uptime in percent over 24 h and 30 days, null before a probe. */
export const monitorSchema = z.object({
  id: z.number(),
  appId: z.number(),
  appName: z.string(),
  url: z.string(),
  /** The app's own monitor (its URL): edited, never removed. */
  isDefault: z.boolean(),
  intervalSeconds: z.number(),
  timeoutMs: z.number(),
  status: z.enum(['unknown', 'up', 'down']),
  lastCheckedAt: z.string().nullable(),
  lastResponseMs: z.number().nullable(),
  lastError: z.string().nullable(),
  /** `lastError`'s catalogued message, for the reader's language. */
  lastErrorMessage: messageRefSchema.nullable(),
  uptime24h: z.number().nullable(),
  uptime30d: z.number().nullable(),
});
export type Monitor = z.infer<typeof monitorSchema>;
export const monitorsSchema = z.array(monitorSchema);

const logSchema = z.object({
  id: z.number(),
  timestamp: z.string(),
  type: z.string(),
  payload: z.object({ app: z.string(), status: z.string(), tag: z.string().nullable() }),
});

/** GET /api/superhub-dashboard (spec 001 §3 "Central dashboard response"), plus what the screen shows beside it. */
export const superhubDashboardSchema = z.object({
  stats: z.object({ total_apps: z.number(), recent_events: z.number(), monitoring_active: z.boolean() }),
  apps: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      url: z.string(),
      status: z.enum(['unknown', 'up', 'down']),
      uptime_24h: z.number().nullable(),
      uptime_30d: z.number().nullable(),
      response_ms: z.number().nullable(),
    }),
  ),
  logs: z.array(logSchema),
  features: featuresSchema,
  endpoints: z.object({ webhooks: z.array(z.string()), data: z.array(z.string()) }),
});
export type SuperhubDashboard = z.infer<typeof superhubDashboardSchema>;

export const webhookConfigSchema = z.object({
  app: z.string(),
  app_id: z.number(),
  inbound_url: z.string(),
  listeners: z.array(z.object({ event: z.string(), path: z.string() })),
  triggers: z.array(z.object({ action: z.string(), forward_to: z.array(z.string()) })),
});
export const webhookConfigsSchema = z.object({ configs: z.array(webhookConfigSchema) });
export type WebhookConfig = z.infer<typeof webhookConfigSchema>;

export const deploymentStatusSchema = z.object({
  summary: z.object({
    total_apps: z.number(),
    active_apps: z.number(),
    pending_apps: z.number(),
    total_events: z.number(),
  }),
  apps: z.record(
    z.string(),
    z.object({
      app_id: z.number(),
      status: z.enum(['active', 'pending']),
      event_count: z.number(),
      webhook_endpoints: z.number(),
      last_event: z.string().nullable(),
    }),
  ),
});
export type DeploymentStatus = z.infer<typeof deploymentStatusSchema>;

export const deployResultSchema = z.object({ total_apps: z.number(), successful: z.number() });
export const testWebhookResultSchema = z.object({
  success: z.boolean(),
  app: z.string(),
  status_code: z.number().nullable(),
});

export const endpointSchema = z.object({
  id: z.number(),
  appId: z.number(),
  url: z.string(),
  events: z.array(z.string()),
  disabled: z.boolean(),
  disabledReason: z.string().nullable(),
  failingSince: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof endpointSchema>;

export const deliverySchema = z.object({
  id: z.number(),
  webhookId: z.string(),
  eventType: z.string(),
  status: z.enum(['pending', 'sending', 'succeeded', 'failed']),
  attempts: z.number(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  log: z.array(
    z.object({
      attemptedAt: z.string(),
      statusCode: z.number().nullable(),
      responseExcerpt: z.string(),
      durationMs: z.number(),
      error: z.string().nullable(),
    }),
  ),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const integrationStatusSchema = z.object({
  applications: z.record(
    z.string(),
    z.object({
      app_id: z.number(),
      name: z.string(),
      status: z.enum(integrationStatuses),
      deployment_progress: z.number(),
      events_received: z.number(),
      error_count: z.number(),
      error: z.string().nullable(),
      /** `error`'s catalogued message, for the reader's language (errors since migration 0901). */
      error_message: messageRefSchema.nullable(),
    }),
  ),
  summary: z.object({ total_apps: z.number(), active_apps: z.number(), overall_progress: z.number() }),
});
export type IntegrationStatusAnswer = z.infer<typeof integrationStatusSchema>;

export const integrateAllSchema = z.object({ summary: z.object({ total_apps: z.number() }) });
export const integrateStartSchema = z.object({ app_id: z.number(), status: z.enum(integrationStatuses) });

export const liveEventSchema = z.object({
  id: z.number(),
  app: z.string(),
  type: z.string(),
  status: z.string(),
  description: z.string(),
  /** The catalogued message of a line the hub wrote (a monitor going down); null for an app's own words. */
  message: messageRefSchema.nullable(),
  timestamp: z.string(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;
export const liveEventsSchema = z.object({ events: z.array(liveEventSchema) });

export const healthCheckSchema = z.object({
  ecosystem_health: z.object({
    uptime_percentage: z.number(),
    active_applications: z.number(),
    total_applications: z.number(),
    recent_events: z.number(),
  }),
  alerts: z.number(),
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;

export const monitoringConfigSchema = z.object({
  analytics_configuration: z.object({
    user_journey_tracking: z.object({ track_events: z.array(z.string()) }),
    conversion_tracking: z.object({ funnels: z.array(z.string()) }),
    revenue_analytics: z.object({ track_metrics: z.array(z.string()) }),
  }),
  monitoring_alerts: z.record(z.string(), z.array(z.string())),
});
export type MonitoringConfig = z.infer<typeof monitoringConfigSchema>;

/** Recent-events bar of Phase 3 (spec 001 §9): min(count × 2, 100). */
export const recentEventsBar = (count: number) => Math.min(count * 2, 100);
