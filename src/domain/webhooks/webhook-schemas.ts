import { appUrlSchema } from '@domain/ecosystem/ecosystem-schemas';
import { idParamSchema, idSchema } from '@domain/ids';
import { messageRefSchema } from '@domain/message-schemas';
import { z } from 'zod';

/** Svix's retry schedule: the delay before attempt n+1 after attempt n failed (the first is immediate). */
export const retryDelaysSeconds = [5, 300, 1800, 7200, 18000, 36000, 36000] as const;
/**
 * One rule, two thresholds, both counted from the first failure of an endpoint's current run of failures
 * (`failingSince`, cleared by a success): after a day the account's owner gets a task and the notice
 * contact a mail; after five days the endpoint is disabled and the workspace told.
 */
export const endpointFailureAlertMs = 24 * 3600 * 1000;
export const endpointFailureDisableMs = 5 * 24 * 3600 * 1000;
/** Delivery health is read over the deliveries created in this many days. */
export const endpointHealthWindowDays = 7;

/** The events the hub itself sends an app. */
export const hubEvents = {
  deployed: 'webhook.deployed',
  test: 'webhook.test',
  handshake: 'integration.handshake',
  ack: 'integration.ack',
  /** Two or more contacts became one (the duplicates area); its data names the survivor and the merged. */
  contactMerged: 'contact.merged',
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

const endpointEvents = z.array(eventType).max(50, /*i18n*/ 'at most 50 events');
/** The account an endpoint belongs to: a company of the workspace, and optionally its contact for notices. */
const accountFields = {
  companyId: idSchema.nullable(),
  /** One of the company's contacts: mailed once when the endpoint has failed for a day. */
  noticeContactId: idSchema.nullable(),
  /**
   * Ordered delivery per entity: the deliveries of one entity (the event's `data.id`) go out one after
   * another, a later one waiting while an earlier one is pending or retrying; other entities in parallel.
   */
  ordered: z.boolean(),
};

export const endpointCreateSchema = z
  .object({
    appId: idSchema,
    url: appUrlSchema,
    /** The event types this endpoint receives (its triggers). */
    events: endpointEvents.default([]),
    ...accountFields,
  })
  .partial({ companyId: true, noticeContactId: true, ordered: true });
export type EndpointCreate = z.infer<typeof endpointCreateSchema>;

/** PATCH /api/webhook-endpoints/:id: only the fields present change; `events` replaces the filter; null unlinks. */
export const endpointUpdateSchema = z
  .object({ url: appUrlSchema, events: endpointEvents, ...accountFields })
  .partial()
  .strict();
export type EndpointUpdate = z.infer<typeof endpointUpdateSchema>;

export const testWebhookSchema = z.object({
  testData: z
    .object({ test_message: z.string().max(500, /*i18n*/ 'must be at most 500 characters') })
    .optional(),
});

// ---- answers ----

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
  companyId: z.number().nullable(),
  noticeContactId: z.number().nullable(),
  ordered: z.boolean(),
});
export type WebhookEndpoint = z.infer<typeof endpointSchema>;

/**
 * An endpoint's delivery health over the deliveries created in the last `windowDays`: the share of those
 * finished that succeeded (null when none finished), the 95th percentile of their attempts' durations
 * (nearest rank), the deliveries waiting now (pending or being sent, whenever created) and the latest
 * failed attempt (not 2xx, or no answer) with its status and response excerpt (or error).
 */
export const endpointHealthSchema = z.object({
  windowDays: z.number(),
  succeeded: z.number(),
  failed: z.number(),
  successRate: z.number().nullable(),
  p95LatencyMs: z.number().nullable(),
  backlog: z.number(),
  lastFailure: z
    .object({ at: z.string(), statusCode: z.number().nullable(), excerpt: z.string() })
    .nullable(),
});
export type EndpointHealth = z.infer<typeof endpointHealthSchema>;

/** The endpoints' answers on the webhooks and company screens: each with its app, company and health. */
export const endpointWithHealthSchema = endpointSchema.extend({
  appName: z.string(),
  companyName: z.string().nullable(),
  health: endpointHealthSchema,
});
export type WebhookEndpointWithHealth = z.infer<typeof endpointWithHealthSchema>;

export const endpointListQuerySchema = z.object({
  appId: idParamSchema.optional(),
  companyId: idParamSchema.optional(),
});

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

/** What a sending app hears back from `POST /api/webhooks/in/:appId`: `duplicate` when it was seen before. */
export const webhookReceivedSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
