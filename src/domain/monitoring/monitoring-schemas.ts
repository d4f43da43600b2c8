import { appUrlSchema } from '@domain/ecosystem/ecosystem-schemas';
import { idSchema } from '@domain/ids';
import { messageRefSchema } from '@domain/message-schemas';
import { z } from 'zod';

/** The shortest probe interval, Uptime Kuma's: 1,000 monitors at it are 50 probes a second. */
export const minIntervalSeconds = 20;

export const monitorUpdateSchema = z.object({
  intervalSeconds: z
    .number(/*i18n*/ 'must be a number')
    .int(/*i18n*/ 'must be a whole number')
    .min(minIntervalSeconds, /*i18n*/ 'must be at least 20')
    .max(86400, /*i18n*/ 'must be at most 86400'),
  timeoutMs: z
    .number(/*i18n*/ 'must be a number')
    .int(/*i18n*/ 'must be a whole number')
    .min(1000, /*i18n*/ 'must be at least 1000')
    .max(60000, /*i18n*/ 'must be at most 60000'),
  /** Failed rounds in a row before the monitor counts as down. */
  failuresToDown: z
    .number(/*i18n*/ 'must be a number')
    .int(/*i18n*/ 'must be a whole number')
    .min(1, /*i18n*/ 'must be 1 or more')
    .max(10, /*i18n*/ 'is too large')
    .optional(),
  /** Where it is probed from; with several, a round fails when at least two agree. */
  locations: z
    .array(
      z.string(/*i18n*/ 'is required').trim().min(1, /*i18n*/ 'is required').max(40, /*i18n*/ 'is too long'),
    )
    .min(1, /*i18n*/ 'is required')
    .max(5, /*i18n*/ 'is too long')
    .refine((names) => new Set(names).size === names.length, /*i18n*/ 'must not repeat a name')
    .optional(),
});
export type MonitorUpdate = z.infer<typeof monitorUpdateSchema>;
export const monitorCreateSchema = monitorUpdateSchema
  .partial()
  .extend({ appId: idSchema, url: appUrlSchema });
export type MonitorCreate = z.infer<typeof monitorCreateSchema>;
/** A monitor's edit: its timing, and for an extra monitor its URL (an app's own monitor follows the app's URL). */
export const monitorEditSchema = monitorUpdateSchema.extend({ url: appUrlSchema.optional() });
export type MonitorEdit = z.infer<typeof monitorEditSchema>;

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
  failuresToDown: z.number(),
  locations: z.array(z.string()),
  /** Failed rounds since the last good one. */
  consecutiveFailures: z.number(),
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

/** A page of the Monitors card, in the list's order (app name, its own monitor first). */
export const monitorPageQuerySchema = z.object({
  offset: z.coerce
    .number(/*i18n*/ 'must be a number')
    .int(/*i18n*/ 'must be a whole number')
    .min(0, /*i18n*/ 'must be 0 or more')
    .default(0),
  limit: z.coerce
    .number(/*i18n*/ 'must be a number')
    .int(/*i18n*/ 'must be a whole number')
    .min(1, /*i18n*/ 'must be 1 or more')
    .max(200, /*i18n*/ 'is too large')
    .default(50),
});
export type MonitorPageQuery = z.infer<typeof monitorPageQuerySchema>;
export const monitorPageSchema = z.object({ total: z.number(), monitors: monitorsSchema });
export type MonitorPage = z.infer<typeof monitorPageSchema>;
