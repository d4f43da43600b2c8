import { idSchema } from '@domain/ids';
import { z } from 'zod';

// ---- incidents ----

export const incidentSchema = z.object({
  id: z.number(),
  appId: z.number(),
  appName: z.string(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  reason: z.string(),
  /** Decided at opening: an app it depends on was down, so the root cause's incident told the team. */
  suppressed: z.boolean(),
  /** The app it depends on that was down when it opened. */
  parentAppName: z.string().nullable(),
  notifiedAt: z.string().nullable(),
});
export type Incident = z.infer<typeof incidentSchema>;
export const incidentsSchema = z.array(incidentSchema);
export const incidentListQuerySchema = z.object({ status: z.enum(['open', 'all']).default('all') });

export const incidentEventKinds = [
  'probe_failed',
  'opened',
  'notified',
  'suppressed',
  'held',
  'resolved',
] as const;
export type IncidentEventKind = (typeof incidentEventKinds)[number];

export const incidentDetailSchema = incidentSchema.extend({
  timeline: z.array(
    z.object({ id: z.number(), at: z.string(), kind: z.enum(incidentEventKinds), detail: z.string() }),
  ),
  /** Incidents of the apps that depend on this one, opened while it was down (suppressed). */
  children: incidentsSchema,
  /** Customers it affects: contacts whose source is the app (its users) and their companies, with their deals'. */
  affected: z.object({
    contacts: z.array(z.object({ id: z.number(), name: z.string(), email: z.string().nullable() })),
    contactCount: z.number(),
    companies: z.array(z.object({ id: z.number(), name: z.string() })),
    companyCount: z.number(),
  }),
  /** Campaigns and workflow runs it held back from sending. */
  holds: z.array(
    z.object({
      kind: z.enum(['campaign', 'workflow_run']),
      id: z.number(),
      name: z.string(),
      heldAt: z.string(),
      releasedAt: z.string().nullable(),
    }),
  ),
});
export type IncidentDetail = z.infer<typeof incidentDetailSchema>;

// ---- maintenance windows ----

const instant = z.iso.datetime({ offset: true, message: /*i18n*/ 'A date and time (ISO 8601)' });
export const maintenanceWindowCreateSchema = z
  .object({
    startsAt: instant,
    endsAt: instant,
    reason: z.string().trim().max(500, /*i18n*/ 'is too long').default(''),
  })
  .refine((w) => Date.parse(w.endsAt) > Date.parse(w.startsAt), {
    path: ['endsAt'],
    message: /*i18n*/ 'must be after the start',
  });
export type MaintenanceWindowCreate = z.infer<typeof maintenanceWindowCreateSchema>;
export const maintenanceWindowSchema = z.object({
  id: z.number(),
  appId: z.number(),
  startsAt: z.string(),
  endsAt: z.string(),
  reason: z.string(),
});
export const maintenanceWindowsSchema = z.array(maintenanceWindowSchema);

// ---- availability ----

export const availabilityQuerySchema = z.object({
  /** A calendar month in UTC; the current month when omitted. */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, /*i18n*/ 'A month (YYYY-MM)')
    .optional(),
});
export const appAvailabilitySchema = z.object({
  appId: z.number(),
  appName: z.string(),
  month: z.string(),
  /** Percent up over the month so far, maintenance excluded; null when maintenance covers it all. */
  percent: z.number().nullable(),
  downMinutes: z.number(),
  maintenanceMinutes: z.number(),
});
export type AppAvailability = z.infer<typeof appAvailabilitySchema>;
export const appAvailabilitiesSchema = z.array(appAvailabilitySchema);

// ---- dependencies ----

export const appDependenciesSchema = z.object({
  /** The apps this app needs to work; a cycle is refused. */
  dependsOn: z.array(idSchema).max(50, /*i18n*/ 'is too long'),
});
export type AppDependencies = z.infer<typeof appDependenciesSchema>;

// ---- the public status page ----

export const statusPageSettingsSchema = z.object({
  enabled: z.boolean(/*i18n*/ 'must be true or false'),
  /** The page's address: /status/<slug>. */
  slug: z
    .string(/*i18n*/ 'is required')
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9-]{1,58}[a-z0-9]$/, /*i18n*/ 'Use 3–60 letters, digits and hyphens'),
});
export type StatusPageSettings = z.infer<typeof statusPageSettingsSchema>;
export const statusPageSettingsAnswerSchema = z.object({ enabled: z.boolean(), slug: z.string().nullable() });
export const statusSlugParamsSchema = z.object({ slug: z.string().max(60) });

/** What anyone may see: the apps' names, their state now and their last 30 days; nothing else. */
export const publicStatusSchema = z.object({
  name: z.string(),
  apps: z.array(
    z.object({
      name: z.string(),
      state: z.enum(['up', 'down', 'maintenance', 'unknown']),
      availability30d: z.number().nullable(),
    }),
  ),
});
export type PublicStatus = z.infer<typeof publicStatusSchema>;
