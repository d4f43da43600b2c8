import { z } from 'zod';
import { validationMessage } from '../validation-messages.js';

/** The ecosystem page's tabs after "All Apps" (spec 001, Ecosystem Integration). */
export const appCategories = [
  'core',
  'business',
  'healing',
  'nonprofit',
  'entertainment',
  'education',
] as const;
export type AppCategory = (typeof appCategories)[number];

export const appTypes = ['B2C', 'B2B', 'Mixed'] as const;
export type AppType = (typeof appTypes)[number];

export const endpointTypes = ['replit', 'canva', 'website'] as const;
export const endpointCategories = ['leads', 'business', 'presentation', 'data', 'certification'] as const;
export const endpointFormats = ['json', 'csv'] as const;

/** Contact fields an endpoint's data can feed (the CSV import's fields, so both merge the same way). */
export const mappableFields = [
  'firstName',
  'lastName',
  'fullName',
  'email',
  'phone',
  'company',
  'status',
  'value',
  'address',
  'city',
  'state',
  'zip',
  'notes',
] as const;
export type MappableField = (typeof mappableFields)[number];

/** The simulated demo apps live on this server under this path (see features/ecosystem/demo-app-simulator.ts). */
export const demoAppsPath = '/demo-apps/';

/**
 * An app's or endpoint's address: an absolute http(s) URL, or a path on this server under /demo-apps/
 * (the demo's simulated apps, resolved against the server's own origin when fetched).
 */
export const appUrlSchema = z
  .string()
  .trim()
  .max(2048, /*i18n*/ 'must be at most 2048 characters')
  .refine((value) => {
    if (value.startsWith(demoAppsPath)) return !value.includes('..');
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, /*i18n*/ 'must be an http(s) URL');

const centsSchema = z
  .number(/*i18n*/ 'must be a number')
  .int(/*i18n*/ 'must be a whole number of cents')
  .min(0, /*i18n*/ 'must be 0 or more')
  .max(100_000_000_00, /*i18n*/ 'is too large');

export const appPricingSchema = z.object({
  free: z.boolean().default(false),
  monthlyCents: centsSchema.nullable().default(null),
  annualCents: centsSchema.nullable().default(null),
  lifetimeCents: centsSchema.nullable().default(null),
  oneTimeCents: centsSchema.nullable().default(null),
});
export type AppPricing = z.infer<typeof appPricingSchema>;

const text = (max: number) =>
  z.string().trim().max(max, validationMessage(/*i18n*/ 'must be at most {max} characters', { max }));

export const fieldMappingSchema = z
  .partialRecord(z.enum(mappableFields), text(120).min(1, /*i18n*/ 'is required'))
  .default({});

const authHeaderSchema = z
  .string()
  .max(4096, /*i18n*/ 'must be at most 4096 characters')
  .regex(/^[A-Za-z0-9-]{1,64}:\s*[^\r\n]+$/, /*i18n*/ 'must look like "Authorization: Bearer …"');

export const endpointInputSchema = z.object({
  name: text(120).min(1, /*i18n*/ 'is required'),
  type: z.enum(endpointTypes),
  category: z.enum(endpointCategories),
  description: text(2000).default(''),
  url: appUrlSchema,
  format: z.enum(endpointFormats).default('json'),
  /** "Header-Name: value" sent with each request; stored sealed, never returned. Omit to keep the stored one, null to clear. */
  authHeader: authHeaderSchema.nullable().optional(),
  fieldMapping: fieldMappingSchema,
});
export type EndpointInput = z.infer<typeof endpointInputSchema>;

/**
 * The settings form of an endpoint: every mapping field is a text box (empty = matched by name), and the
 * auth header box is empty unless a new header is typed (the stored one is never sent to the browser).
 */
export const endpointFormSchema = endpointInputSchema.omit({ authHeader: true, fieldMapping: true }).extend({
  authHeader: z.union([z.literal(''), authHeaderSchema]),
  clearAuthHeader: z.boolean(),
  fieldMapping: z.partialRecord(z.enum(mappableFields), text(120)),
});
export type EndpointForm = z.input<typeof endpointFormSchema>;

/** What the form sends: a typed header replaces, "clear" removes, an empty box keeps the stored one. */
export function endpointInputFromForm(form: z.output<typeof endpointFormSchema>): EndpointInput {
  const { clearAuthHeader, authHeader, fieldMapping, ...rest } = form;
  const mapping: Partial<Record<MappableField, string>> = {};
  for (const [field, key] of Object.entries(fieldMapping) as [MappableField, string | undefined][])
    if (key) mapping[field] = key;
  return {
    ...rest,
    authHeader: clearAuthHeader ? null : authHeader === '' ? undefined : authHeader,
    fieldMapping: mapping,
  };
}

export const appInputSchema = z.object({
  name: text(120).min(1, /*i18n*/ 'is required'),
  category: z.enum(appCategories),
  url: appUrlSchema,
  description: text(2000).default(''),
  type: z.enum(appTypes).default('B2C'),
  pricing: appPricingSchema.default({
    free: false,
    monthlyCents: null,
    annualCents: null,
    lifetimeCents: null,
    oneTimeCents: null,
  }),
  features: z.array(text(200).min(1, /*i18n*/ 'is required')).max(50, /*i18n*/ 'at most 50').default([]),
  usersUrl: appUrlSchema.nullable().default(null),
  endpoints: z.array(endpointInputSchema).max(20, /*i18n*/ 'at most 20 endpoints').default([]),
});
export type AppInput = z.infer<typeof appInputSchema>;

export const endpointSchema = z.object({
  id: z.number(),
  appId: z.number(),
  appName: z.string(),
  name: z.string(),
  type: z.enum(endpointTypes),
  category: z.enum(endpointCategories),
  description: z.string(),
  url: z.string(),
  format: z.enum(endpointFormats),
  /** Whether an auth header is stored (the header itself never leaves the server). */
  hasAuthHeader: z.boolean(),
  fieldMapping: z.record(z.string(), z.string()),
});
export type EcosystemEndpoint = z.infer<typeof endpointSchema>;

export const appSchema = z.object({
  id: z.number(),
  name: z.string(),
  category: z.enum(appCategories),
  url: z.string(),
  description: z.string(),
  type: z.enum(appTypes),
  /** Spec shape: dollars, null where the app has no such price line. */
  pricing: z.object({
    free: z.boolean(),
    monthly: z.number().nullable(),
    annual: z.number().nullable(),
    lifetime: z.number().nullable(),
    oneTime: z.number().nullable(),
  }),
  features: z.array(z.string()),
  usersUrl: z.string().nullable(),
  endpoints: z.array(endpointSchema),
});
export type EcosystemApp = z.infer<typeof appSchema>;

/** An app's fields that PUT /api/ecosystem/apps/:id changes (its endpoints have their own routes). */
export const appUpdateSchema = appInputSchema.omit({ endpoints: true });

/** GET /api/ecosystem/apps and its demo twin. */
export const appsResponseSchema = z.object({
  apps: z.array(appSchema),
  categories: z.array(z.enum(appCategories)),
  totalEcosystemValue: z.number(),
});

/** GET /api/app-sources: where the User integration tab takes users from. */
export const appSourceSchema = z.object({
  name: z.string(),
  type: z.enum(appTypes),
  description: z.string(),
  url: z.string(),
});

/** The ecosystem bundle: every app for one monthly price (spec 001 §9). */
export const ecosystemBundlePrice = 997;

/** Savings of the bundle against the apps' monthly total, in whole percent (0 when the bundle is not cheaper). */
export function bundleSavingsPercent(totalMonthlyValue: number): number {
  if (totalMonthlyValue <= 0) return 0;
  return Math.max(0, Math.round((1 - ecosystemBundlePrice / totalMonthlyValue) * 100));
}
