import { crawlProgressSchema, serverTypeSchema } from '@domain/crawls/crawl-schemas';
import { messageValuesSchema, serverMessageIdSchema, storedValuesSchema } from '@domain/message-schemas';
import { z } from 'zod';

export const fixCategories = [
  'broken-internal',
  'broken-external',
  'redirect-chain',
  'redirect-loop',
  'http-to-https',
  'case-mismatch',
  'trailing-slash',
  /** An image, stylesheet, script or media file a page loads that does not answer. */
  'broken-resource',
] as const;
export type FixCategory = (typeof fixCategories)[number];

export const applyLinkFixesSchema = z.object({
  domain: z
    .string()
    .trim()
    .min(1, /*i18n*/ 'Enter a domain')
    .max(253, /*i18n*/ 'A domain is at most 253 characters'),
});

// ↓ Answers

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
  /**
   * Each page with the element that references the URL there: 'a[href]' for a link, or what loads a
   * subresource ('img[src]', 'link[rel=stylesheet][href]', 'script[src]', 'source[srcset]', ...).
   */
  references: z.array(z.object({ source: z.string(), element: z.string() })),
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
