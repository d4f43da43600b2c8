import { z } from 'zod';

/** GET /api/dashboard/stats: the four figures, of every website or of the one selected in the sidebar. */
export const dashboardStatsSchema = z.object({
  /**
   * All revenue the workspace has received, in integer cents; null for one website, because payments are
   * not recorded per website.
   */
  totalRevenue: z
    .number()
    .int()
    .nullable()
    .describe('integer cents; null for one website (not recorded per site)'),
  /** Contacts in the audience (of the workspace, or of one website): every contact except those marked lost. */
  subscribers: z.number().int(),
  /** Visitors of the workspace's websites in the last 30 days; null until a site's analytics tag has sent anything. */
  traffic: z.number().int().nullable(),
  /**
   * Share of the workspace's workflow runs finished in the last 30 days that completed (0-100), the
   * automation panel's "overall automation"; null while no run has finished.
   */
  automationScore: z.number().nullable(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const dashboardStatsQuerySchema = z.object({
  /** The website selected in the sidebar; omitted for all websites. */
  websiteId: z.coerce
    .number({ message: /*i18n*/ 'websiteId must be a website id' })
    .int(/*i18n*/ 'websiteId must be a website id')
    .positive(/*i18n*/ 'websiteId must be a website id')
    .max(2_147_483_647, /*i18n*/ 'websiteId must be a website id')
    .optional(),
});
