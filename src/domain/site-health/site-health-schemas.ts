import {
  messageRefSchema,
  messageValuesSchema,
  serverMessageIdSchema,
  storedValuesSchema,
} from '@domain/message-schemas';
import { z } from 'zod';

export const serverTypes = ['nginx', 'apache', 'netlify', 'vercel', 'cloudflare', 'express'] as const;
export const serverTypeSchema = z.enum(serverTypes);
export type ServerType = z.infer<typeof serverTypeSchema>;

export const fixCategories = [
  'broken-internal',
  'broken-external',
  'redirect-chain',
  'redirect-loop',
  'http-to-https',
  'case-mismatch',
  'trailing-slash',
] as const;
export type FixCategory = (typeof fixCategories)[number];

const startUrlSchema = z
  .url({ protocol: /^https?$/, error: /*i18n*/ 'Enter an http or https address' })
  .max(2048, /*i18n*/ 'The address is at most 2048 characters');

const keywordSchema = z.object({
  path: z
    .string()
    .trim()
    .max(512, /*i18n*/ 'The path is at most 512 characters')
    .regex(/^\/\S*$/, /*i18n*/ 'A path starts with /'),
  keyword: z
    .string()
    .trim()
    .min(1, /*i18n*/ 'Enter a keyword')
    .max(100, /*i18n*/ 'A keyword is at most 100 characters'),
});

const pageBudgetSchema = z
  .number({ error: /*i18n*/ 'Enter a whole number from 1 to 20000' })
  .int(/*i18n*/ 'Enter a whole number from 1 to 20000')
  .min(1, /*i18n*/ 'Enter a whole number from 1 to 20000')
  .max(20_000, /*i18n*/ 'Enter a whole number from 1 to 20000');

const maxDepthSchema = z
  .number({ error: /*i18n*/ 'Enter a whole number from 0 to 50' })
  .int(/*i18n*/ 'Enter a whole number from 0 to 50')
  .min(0, /*i18n*/ 'Enter a whole number from 0 to 50')
  .max(50, /*i18n*/ 'Enter a whole number from 0 to 50');

const keywordsSchema = z.array(keywordSchema).max(100, /*i18n*/ 'At most 100 keywords');

/** What the owner sets per website (issue 13 §1, §3): the crawl's start, budget and depth, the server, keywords. */
export const siteHealthSettingsSchema = z
  .object({
    startUrl: startUrlSchema.nullable().optional(),
    serverType: serverTypeSchema.optional(),
    pageBudget: pageBudgetSchema.optional(),
    maxDepth: maxDepthSchema.optional(),
    keywords: keywordsSchema.optional(),
  })
  .strict()
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    message: /*i18n*/ 'Nothing to update',
  });

/**
 * The crawl settings dialog's fields: the same rules, with an empty start address meaning "the website's
 * own domain" (sent as null).
 */
export const siteHealthSettingsFormSchema = z.object({
  // Not a union: a union's refusal reads "Invalid input"; this keeps the address's own message.
  startUrl: z.string().superRefine((value, ctx) => {
    if (value === '') return;
    for (const issue of startUrlSchema.safeParse(value).error?.issues ?? [])
      ctx.addIssue({ code: 'custom', message: issue.message });
  }),
  pageBudget: pageBudgetSchema,
  maxDepth: maxDepthSchema,
  keywords: keywordsSchema,
});
export type SiteHealthSettingsForm = z.infer<typeof siteHealthSettingsFormSchema>;

/** The two fields of a service account's key file that signing needs (the file has more). */
const serviceAccountKeySchema = z.object({
  client_email: z.email(/*i18n*/ 'Enter the client_email of the service account').max(320),
  private_key: z
    .string({ error: /*i18n*/ 'private_key is not a private key in PEM form' })
    .max(10_000, /*i18n*/ 'The private key is at most 10000 characters')
    .regex(/-----BEGIN (RSA )?PRIVATE KEY-----/, /*i18n*/ 'private_key is not a private key in PEM form'),
});

const searchConsolePropertySchema = z.object({
  websiteId: z.number().int().positive(),
  property: z
    .string()
    .trim()
    .min(1, /*i18n*/ 'A property is sc-domain:<domain> or a URL')
    .max(2048, /*i18n*/ 'The address is at most 2048 characters')
    .regex(/^(sc-domain:[a-z0-9.-]+|https?:\/\/\S+)$/i, /*i18n*/ 'A property is sc-domain:<domain> or a URL'),
});

/**
 * PUT /api/site-health/search-console: a Google service account's key file (only the two fields signing
 * needs are kept) and, per website, its Search Console property (`sc-domain:<domain>` when not given).
 */
export const searchConsoleConnectSchema = z
  .object({
    serviceAccountKey: serviceAccountKeySchema,
    properties: z.array(searchConsolePropertySchema).max(500).default([]),
  })
  .strict();

/** A key file's text as the two fields the connection keeps, or null when it is not a JSON object. */
export function pickServiceAccountKey(text: string): { client_email: unknown; private_key: unknown } | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    const { client_email, private_key } = parsed as Record<string, unknown>;
    return { client_email, private_key };
  } catch {
    return null;
  }
}

/** The connect form: the key file as pasted or chosen, checked as the server will check it, and the properties. */
export const searchConsoleFormSchema = z.object({
  keyJson: z.string().superRefine((text, ctx) => {
    const key = pickServiceAccountKey(text);
    if (key === null) {
      ctx.addIssue({ code: 'custom', message: /*i18n*/ 'Paste the JSON key file of the service account' });
      return;
    }
    for (const issue of serviceAccountKeySchema.safeParse(key).error?.issues ?? [])
      ctx.addIssue({ code: 'custom', message: issue.message });
  }),
  properties: z.array(searchConsolePropertySchema),
});
export type SearchConsoleForm = z.infer<typeof searchConsoleFormSchema>;

export const searchConsoleStatuses = [
  'pending',
  'ok',
  'unauthorized',
  'forbidden',
  'rate_limited',
  'failed',
] as const;

/** The connection as the browser may see it: whether a key is set, never the key. */
export const searchConsoleStatusSchema = z.object({
  connected: z.boolean(),
  clientEmail: z.string().nullable(),
  privateKeySet: z.boolean(),
  connectedAt: z.string().nullable(),
  sites: z.array(
    z.object({
      websiteId: z.number(),
      property: z.string(),
      status: z.enum(searchConsoleStatuses),
      error: z.string().nullable(),
      /** `error`'s catalogued message, for the reader's language (syncs since migration 0702). */
      errorMessage: messageRefSchema.nullable(),
      syncedAt: z.string().nullable(),
    }),
  ),
});

export const applyLinkFixesSchema = z.object({
  domain: z
    .string()
    .trim()
    .min(1, /*i18n*/ 'Enter a domain')
    .max(253, /*i18n*/ 'A domain is at most 253 characters'),
});

// ↓ Answers

/** A website's crawl settings as stored (defaults until the owner changes them). */
export const siteHealthSettingsValueSchema = z.object({
  startUrl: z.string().nullable(),
  serverType: serverTypeSchema,
  pageBudget: z.number(),
  maxDepth: z.number(),
  keywords: z.array(z.object({ path: z.string(), keyword: z.string() })),
});
export type SiteHealthSettings = z.infer<typeof siteHealthSettingsValueSchema>;

/** What changed since the website's previous full crawl. */
export const crawlComparisonSchema = z.object({
  previousCrawlId: z.number(),
  pagesBefore: z.number(),
  pagesNow: z.number(),
  brokenBefore: z.number(),
  brokenNow: z.number(),
  newlyBroken: z.array(z.string()),
  fixed: z.array(z.string()),
  seoScoreBefore: z.number().nullable(),
  seoScoreNow: z.number().nullable(),
});
export type CrawlComparison = z.infer<typeof crawlComparisonSchema>;

export const crawlProgressSchema = z.object({
  id: z.number(),
  websiteId: z.number(),
  kind: z.enum(['full', 'verify']),
  trigger: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  startUrl: z.string(),
  pagesDone: z.number(),
  pagesQueued: z.number(),
  pagesSkipped: z.number(),
  seoScore: z.number().nullable(),
  robotsStatus: z.string().nullable(),
  sitemapUrls: z.number().nullable(),
  error: z.string().nullable(),
  /** `error`'s catalogued message, for the reader's language (failures since migration 0702). */
  errorMessage: messageRefSchema.nullable(),
  comparison: crawlComparisonSchema.nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type CrawlProgress = z.infer<typeof crawlProgressSchema>;

export const websiteHealthSchema = z.object({
  websiteId: z.number(),
  name: z.string(),
  domain: z.string(),
  settings: siteHealthSettingsValueSchema,
  latestCrawl: crawlProgressSchema.nullable(),
});

export const linkFixSchema = z.object({
  category: z.enum(fixCategories),
  brokenUrl: z.string(),
  /** The proposed target, or null: 'no fix found'. */
  fixedUrl: z.string().nullable(),
  reason: z.string(),
  reasonId: serverMessageIdSchema,
  reasonValues: storedValuesSchema,
  /** The pages linking to the broken URL. */
  sources: z.array(z.string()),
  critical: z.boolean(),
  internal: z.boolean(),
  domain: z.string(),
});
export type LinkFix = z.infer<typeof linkFixSchema>;

export const domainReportSchema = z.object({
  websiteId: z.number(),
  name: z.string(),
  domain: z.string(),
  serverType: serverTypeSchema,
  fileName: z.string(),
  crawl: crawlProgressSchema.nullable(),
  fixes: z.number(),
  redirects: z.number(),
  lastDeployment: z
    .object({
      id: z.number(),
      createdAt: z.string(),
      fixes: z.number(),
      verification: z.object({
        status: z.string(),
        working: z.array(z.string()),
        failing: z.array(z.string()),
      }),
    })
    .nullable(),
});
export type DomainReport = z.infer<typeof domainReportSchema>;

/** GET /api/deployment/link-fixes: spec 001 §3's link fix report, plus every fix and each domain's state. */
export const linkFixReportSchema = z.object({
  totalFixes: z.number(),
  criticalFixes: z.array(linkFixSchema),
  fixesByCategory: z.record(z.enum(fixCategories), z.number()),
  deploymentSnippets: z.record(z.string(), z.string()),
  routerConfiguration: z.record(z.string(), z.array(z.string())),
  deploymentInstructions: z.array(z.string()),
  deploymentInstructionMessages: z.array(
    z.object({ id: serverMessageIdSchema, values: messageValuesSchema }),
  ),
  fixes: z.array(linkFixSchema),
  domains: z.array(domainReportSchema),
});
export type LinkFixReport = z.infer<typeof linkFixReportSchema>;

/** GET /api/deployment/complete-fix-package: every domain's files in one JSON document. */
export const completeFixPackageSchema = z.object({
  generatedAt: z.string(),
  totalFixes: z.number(),
  deploymentInstructions: z.array(z.string()),
  domains: z.array(
    z.object({
      domain: z.string(),
      serverType: serverTypeSchema,
      files: z.array(z.object({ name: z.string(), content: z.string() })),
      routerConfiguration: z.array(z.string()),
      fixes: z.array(
        linkFixSchema.pick({ category: true, brokenUrl: true, fixedUrl: true, reason: true, sources: true }),
      ),
    }),
  ),
});

export const applyLinkFixesResultSchema = z.object({
  success: z.boolean(),
  deploymentId: z.number(),
  domain: z.string(),
  fixes: z.number(),
  verificationCrawlId: z.number(),
});

export const checkResultSchema = z.object({
  id: z.string(),
  weight: z.number(),
  passed: z.boolean(),
  detail: z.string().optional(),
});

/** The content tab's SEO Performance card. */
export const seoPerformanceSchema = z.object({
  overallScore: z.number().nullable(),
  rankMeasured: z.boolean(),
  sites: z.array(
    z.object({
      websiteId: z.number(),
      name: z.string(),
      domain: z.string(),
      score: z.number().nullable(),
      pages: z.number(),
      crawledAt: z.string().nullable(),
      siteChecks: z.array(checkResultSchema),
      failingChecks: z.array(z.object({ id: z.string(), pages: z.number() })),
      keywords: z.array(
        z.object({
          keyword: z.string(),
          path: z.string(),
          url: z.string().nullable(),
          pageScore: z.number().nullable(),
          /** From Google Search Console over 28 days; null when not measured. */
          rank: z
            .object({
              position: z.number(),
              clicks: z.number(),
              impressions: z.number(),
              measuredOn: z.string(),
            })
            .nullable(),
        }),
      ),
      /** Why Search Console could not be read for this site (its last sync), null when it could or is not connected. */
      rankError: z.string().nullable(),
      /** `rankError`'s catalogued message, for the reader's language. */
      rankErrorMessage: messageRefSchema.nullable(),
    }),
  ),
});
export type SeoPerformance = z.infer<typeof seoPerformanceSchema>;

/** Link health across each website's last crawls (the deployment screen's Analytics tab). */
export const linkHealthHistorySchema = z.array(
  z.object({
    websiteId: z.number(),
    name: z.string(),
    domain: z.string(),
    crawls: z.array(
      z.object({
        crawlId: z.number(),
        finishedAt: z.string().nullable(),
        pages: z.number().nullable(),
        links: z.number().nullable(),
        broken: z.number().nullable(),
        seoScore: z.number().nullable(),
      }),
    ),
  }),
);
export type LinkHealthHistory = z.infer<typeof linkHealthHistorySchema>[number];
