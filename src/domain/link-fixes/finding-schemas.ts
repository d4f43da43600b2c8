import { fixCategories } from '@domain/link-fixes/link-fix-schemas';
import { campaignStatuses } from '@domain/marketing/campaign-schemas';
import { serverMessageIdSchema, storedValuesSchema } from '@domain/message-schemas';
import { z } from 'zod';

/** Days of analytics a finding's figures cover. */
export const findingWindowDays = 30;

/**
 * How much a finding costs the business (issue 33 §2), documented in docs/areas/link-fixes.md:
 * severity × (1 + reach), where reach = page views of the source pages + 20 × their form conversions
 * + 100 × campaigns still to send + 50 × active workflows linking to it + 10 × contacts who viewed a
 * source page + 50 × those contacts' open deals; severity is 1 for a link that fails, ½ for a redirect
 * chain (it works, slowly). Weights in one place, so the order is reproducible from the figures shown.
 */
export const impactWeights = {
  pageView: 1,
  formConversion: 20,
  campaign: 100,
  workflow: 50,
  contact: 10,
  openDeal: 50,
} as const;

export function impactScore(input: {
  category: (typeof fixCategories)[number];
  pageViews: number;
  formConversions: number;
  pendingCampaigns: number;
  activeWorkflows: number;
  contacts: number;
  openDeals: number;
}): number {
  const w = impactWeights;
  const reach =
    w.pageView * input.pageViews +
    w.formConversion * input.formConversions +
    w.campaign * input.pendingCampaigns +
    w.workflow * input.activeWorkflows +
    w.contact * input.contacts +
    w.openDeal * input.openDeals;
  const severity = input.category === 'redirect-chain' ? 0.5 : 1;
  return Math.round(severity * (1 + reach) * 10) / 10;
}

export const siteFindingSchema = z.object({
  websiteId: z.number(),
  domain: z.string(),
  category: z.enum(fixCategories),
  url: z.string(),
  /** Where a redirect ends (null when it does not end at an answer). */
  finalUrl: z.string().nullable(),
  fixedUrl: z.string().nullable(),
  reason: z.string(),
  reasonId: serverMessageIdSchema,
  reasonValues: storedValuesSchema,
  internal: z.boolean(),
  /** The web server's redirect for this finding alone (the link-fix snippet), or null: edit the links. */
  snippet: z.string().nullable(),
  sources: z.array(
    z.object({
      url: z.string(),
      element: z.string(),
      anchors: z.array(z.string()),
      pageViews: z.number(),
      formConversions: z.number(),
    }),
  ),
  pageViews: z.number(),
  formConversions: z.number(),
  campaigns: z.array(z.object({ id: z.number(), name: z.string(), status: z.enum(campaignStatuses) })),
  workflows: z.array(z.object({ id: z.number(), name: z.string(), status: z.string() })),
  /** Up to 20 of them, and how many in all. */
  contacts: z.array(z.object({ id: z.number(), name: z.string() })),
  contactCount: z.number(),
  deals: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      valueCents: z.number(),
      currency: z.string(),
      contactId: z.number(),
    }),
  ),
  dealCount: z.number(),
  score: z.number(),
  /** The finding's task (made when the crawl finished), null before one exists. */
  task: z.object({ id: z.number(), status: z.string() }).nullable(),
});
export type SiteFinding = z.infer<typeof siteFindingSchema>;

/** GET /api/site-health/findings: every website's (or one's) findings, highest impact first. */
export const siteFindingsSchema = z.object({
  windowDays: z.number(),
  findings: z.array(siteFindingSchema),
});
export type SiteFindings = z.infer<typeof siteFindingsSchema>;
