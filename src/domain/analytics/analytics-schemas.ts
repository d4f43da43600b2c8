import { contactPhoneSchema } from '@domain/contacts/contact-schemas';
import { idParamSchema, websiteIdSchema } from '@domain/ids';
import { z } from 'zod';

/** Spec 001 Analytics tab: the date-range selector, 30 days by default. */
export const analyticsRanges = ['7days', '30days', '90days', '1year'] as const;
export type AnalyticsRange = (typeof analyticsRanges)[number];
export const rangeDays: Record<AnalyticsRange, number> = {
  '7days': 7,
  '30days': 30,
  '90days': 90,
  '1year': 365,
};

export const breakdownDimensions = ['pages', 'sources', 'countries', 'devices', 'events'] as const;
export type BreakdownDimension = (typeof breakdownDimensions)[number];

const siteId = z.coerce.number().int().positive().max(2_147_483_647);

export const reportQuerySchema = z.object({
  range: z.enum(analyticsRanges).default('30days'),
  /** One website of the workspace; omitted means all of them. */
  site: siteId.optional(),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const funnelQuerySchema = z.object({ range: z.enum(analyticsRanges).default('30days'), site: siteId });
export const siteParamsSchema = z.object({ id: siteId });
export const breakdownParamsSchema = z.object({ dimension: z.enum(breakdownDimensions) });
export const exportReports = ['summary', 'sites', 'timeseries', 'funnel', ...breakdownDimensions] as const;
export const exportParamsSchema = z.object({ report: z.enum(exportReports) });
export const exportQuerySchema = reportQuerySchema;

const propValue = z.union([z.string().max(200), z.number().finite(), z.boolean()]);

/**
 * What the tracking script posts (short keys keep the script small): site key, event name, page URL,
 * referrer, viewport width, a few custom properties, and the contact token of a campaign email's link
 * (`c`, read from the page's address; one that is not valid is ignored, never an error).
 */
export const ingestEventSchema = z.object({
  s: z.string().min(1).max(64),
  n: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\w .:-]+$/, /*i18n*/ 'Event names use letters, digits, spaces, _ . : -')
    .default('pageview'),
  u: z.url({ protocol: /^https?$/ }).max(2048),
  r: z.string().max(2048).optional(),
  w: z.number().int().min(0).max(100_000).optional(),
  c: z.string().max(2048).optional(),
  p: z
    .record(z.string().min(1).max(40), propValue)
    .refine((props) => Object.keys(props).length <= 10, /*i18n*/ 'At most 10 properties')
    .optional(),
});
export type IngestEvent = z.infer<typeof ingestEventSchema>;

/** Visitors become contacts (issue 32 §2): on, a visitor who identifies themselves is linked that day. */
export const analyticsSettingsSchema = z.object({ linkVisitors: z.boolean() });
export type AnalyticsSettings = z.infer<typeof analyticsSettingsSchema>;
export const analyticsSettingsUpdateSchema = z.object({
  linkVisitors: z.boolean(/*i18n*/ 'On or off').optional(),
});

export const contactPageViewsParamsSchema = z.object({ id: idParamSchema });
/** A contact's page views, newest first; `beforeIdentification`: made that day before they identified. */
export const contactPageViewsSchema = z.object({
  pageViews: z.array(
    z.object({
      occurredAt: z.string(),
      path: z.string(),
      websiteId: z.number().int(),
      website: z.string(),
      beforeIdentification: z.boolean(),
    }),
  ),
});
export type ContactPageView = z.infer<typeof contactPageViewsSchema>['pageViews'][number];

const metricSchema = z.object({
  current: z.number(),
  previous: z.number(),
  /** Percent change against the previous period; null when the previous period had nothing. */
  change: z.number().nullable(),
});
export type Metric = z.infer<typeof metricSchema>;

const countsSchema = z.object({ visitors: z.number().int(), pageviews: z.number().int() });

export const siteSummarySchema = countsSchema.extend({
  id: z.number().int(),
  name: z.string(),
  domain: z.string(),
  leads: z.number().int(),
  visitorsChange: z.number().nullable(),
  /** False until the site's tracking script has sent anything, ever. */
  hasData: z.boolean(),
});
export type SiteSummary = z.infer<typeof siteSummarySchema>;

export const breakdownRowSchema = countsSchema.extend({ value: z.string(), events: z.number().int() });
export type BreakdownRow = z.infer<typeof breakdownRowSchema>;

/** Each insight carries the figures it compared; the client words them. */
export const insightSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('trend'),
    current: z.number().int(),
    previous: z.number().int(),
    change: z.number().nullable(),
  }),
  z.object({
    kind: z.literal('topSource'),
    source: z.string(),
    visitors: z.number().int(),
    total: z.number().int(),
  }),
  z.object({
    kind: z.literal('bestSite'),
    site: z.string(),
    rate: z.number(),
    /** Conversion of all the other sites together. */
    othersRate: z.number().nullable(),
  }),
  z.object({ kind: z.literal('notEnoughData'), topic: z.enum(['trend', 'topSource', 'bestSite']) }),
]);
export type Insight = z.infer<typeof insightSchema>;

export const overviewSchema = z.object({
  range: z.enum(analyticsRanges),
  from: z.string().describe('first UTC day, YYYY-MM-DD'),
  to: z.string().describe('last UTC day, YYYY-MM-DD (today)'),
  summary: z.object({
    visitors: metricSchema,
    pageviews: metricSchema,
    conversionRate: metricSchema.describe('leads from websites per 100 visitors'),
    revenue: metricSchema.describe('integer cents of recorded payments'),
  }),
  sites: z.array(siteSummarySchema),
  timeseries: z.array(countsSchema.extend({ day: z.string() })),
  sources: z.array(breakdownRowSchema),
  insights: z.array(insightSchema).length(3),
  /** False until any site of the workspace has sent an event. */
  hasData: z.boolean(),
});
export type AnalyticsOverview = z.infer<typeof overviewSchema>;

export const breakdownSchema = z.object({
  dimension: z.enum(breakdownDimensions),
  rows: z.array(breakdownRowSchema),
});
export type Breakdown = z.infer<typeof breakdownSchema>;

export const funnelSteps = ['visit', 'lead', 'customer', 'payment'] as const;
export const funnelSchema = z.object({
  siteId: z.number().int(),
  steps: z.array(z.object({ step: z.enum(funnelSteps), count: z.number().int() })),
});
export type Funnel = z.infer<typeof funnelSchema>;

export const snippetSchema = z.object({
  siteId: z.number().int(),
  trackingKey: z.string(),
  snippet: z.string(),
  hasData: z.boolean(),
});
export type Snippet = z.infer<typeof snippetSchema>;

/** Catalogue Analytics tab: figures of an application that has a website of the same name. */
export const appFiguresSchema = z.array(
  z.object({
    appId: z.string(),
    websiteId: z.number().int(),
    activeUsers: z.number().int().describe('visitors in the last 30 days'),
    revenue: z.number().int().describe('cents paid in the last 30 days by customers who came from the site'),
    growth: z.number().nullable().describe('percent change of visitors against the 30 days before'),
  }),
);
export type AppFigures = z.infer<typeof appFiguresSchema>;

/** Percent change, one decimal; null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** A CSV cell a spreadsheet would run as a formula is prefixed with a quote (OWASP CSV injection). */
export function neutralizeCsvCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * POST /api/analytics/identify: a checkout (or any page) on the workspace's own server names its buyer.
 * The tracker keeps no token in the browser, so the visitor is told by what the tracker's daily hash is
 * made of: the buyer's IP address and browser, as the checkout's server saw them on the buyer's request.
 */
export const visitorIdentifySchema = z.object({
  websiteId: websiteIdSchema,
  visitor: z.object({
    ip: z.union([z.ipv4(), z.ipv6()]),
    userAgent: z.string().trim().min(1).max(512),
  }),
  email: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.email(/*i18n*/ 'Enter a valid email address').max(254, /*i18n*/ 'Email is too long'),
  ),
  name: z.string().trim().max(160).optional(),
  phone: contactPhoneSchema.optional(),
  source: z.literal('checkout'),
});
export type VisitorIdentifyRequest = z.output<typeof visitorIdentifySchema>;
export const visitorIdentifiedSchema = z.object({
  contactId: z.number().int(),
  created: z.boolean(),
  /** False when the workspace has linking visitors switched off: the contact exists, no view is attached. */
  linked: z.boolean(),
});
