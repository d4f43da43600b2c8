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

export const integrationStatuses = ['pending', 'integrating', 'active', 'error'] as const;
export type IntegrationStatus = (typeof integrationStatuses)[number];
/** Phase 3's steps: probe, deploy the webhook config, handshake, the app's signed acknowledgement. */
export const integrationSteps = 4;

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
