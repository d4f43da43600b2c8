import { messageRefSchema } from '@domain/message-schemas';
import { z } from 'zod';

export const serverTypes = ['nginx', 'apache', 'netlify', 'vercel', 'cloudflare', 'express'] as const;
export const serverTypeSchema = z.enum(serverTypes);
export type ServerType = z.infer<typeof serverTypeSchema>;

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
