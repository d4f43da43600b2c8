import { z } from 'zod';
import { appSchema, appTypes } from './ecosystem-schemas.js';

/** The ecosystem page and its public demo twin: what their reads answer besides the apps. */

/** GET /api/ecosystem/cross-sell/:id: what the ecosystem page's app dialog offers next. */
export const crossSellSchema = z.object({
  app: z.object({ name: z.string() }),
  crossSellOpportunities: z.array(
    z.object({
      targetApp: z.string(),
      context: z.string(),
      incentive: z.string(),
      placement: z.string(),
      priority: z.enum(['high', 'medium', 'low']),
    }),
  ),
});

export const pricingTableSchema = z.object({
  charitableGiving: z.object({
    grossRevenue: z.number(),
    netProfit: z.number(),
    charitableDonation: z.number(),
  }),
});

export const integrationPackageSchema = z.object({
  instructions: z.array(z.string()),
  ecosystem: z.object({
    apps: z.array(
      appSchema.omit({ endpoints: true }).extend({
        type: z.enum(appTypes),
        endpoints: z.array(z.object({ name: z.string(), url: z.string(), format: z.string() })),
      }),
    ),
    crossSellSnippets: z.record(z.string(), z.string()),
    totalValue: z.number(),
  }),
  deployment: z.object({ linkFixes: z.object({ totalFixes: z.number() }) }),
});

export const integrationStatusSchema = z.object({
  totalApplications: z.number(),
  crossSellOpportunities: z.number(),
  linkFixesDeployed: z.number(),
  totalEcosystemValue: z.number(),
});
