import { z } from 'zod';
import { urgencies } from './opportunity-score.js';

/** The Cross-sales tab: what its routes take and answer. */

export const opportunitySchema = z.object({
  contact: z.object({ id: z.number(), name: z.string(), email: z.string().nullable() }),
  currentApp: z.string(),
  targetApp: z.string(),
  targetService: z.string(),
  urgency: z.enum(urgencies),
  score: z.number(),
  valueEstimate: z.number(),
  reasoning: z.string(),
  callToAction: z.string(),
});
export type Opportunity = z.infer<typeof opportunitySchema>;

export const matrixSchema = z.object({
  crossSalesMatrix: z.record(
    z.string(),
    z.array(
      z.object({
        id: z.number(),
        app: z.string(),
        services: z.array(z.string()),
        valueRange: z.tuple([z.number(), z.number()]),
        reasoning: z.string(),
      }),
    ),
  ),
});

const planItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  sourceApp: z.string(),
  targetApp: z.string(),
  priority: z.enum(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW']),
  revenue: z.number(),
  timeline: z.string(),
  difficulty: z.enum(['Easy', 'Medium', 'Hard']),
  status: z.enum(['Not Started', 'In Progress', 'Completed']),
  description: z.string(),
  targetAudience: z.string(),
  steps: z.array(z.string()),
});
export type PlanItem = z.infer<typeof planItemSchema>;

export const planSchema = z.object({ items: z.array(planItemSchema), progress: z.number() });

const dollarsSchema = z
  .number()
  .int(/*i18n*/ 'must be whole dollars')
  .min(0, /*i18n*/ 'must be 0 or more')
  .max(10_000_000, /*i18n*/ 'is too large');

export const matrixInputSchema = z
  .object({
    sourceApp: z.string().trim().min(1, /*i18n*/ 'is required').max(120, /*i18n*/ 'is too long'),
    targetApp: z.string().trim().min(1, /*i18n*/ 'is required').max(120, /*i18n*/ 'is too long'),
    services: z
      .array(z.string().trim().min(1, /*i18n*/ 'is required').max(120, /*i18n*/ 'is too long'))
      .max(20, /*i18n*/ 'at most 20')
      .default([]),
    valueRange: z.tuple([dollarsSchema, dollarsSchema]),
    reasoning: z.string().trim().max(2000, /*i18n*/ 'is too long').default(''),
  })
  .refine((v) => v.valueRange[1] >= v.valueRange[0], {
    path: ['valueRange'],
    message: /*i18n*/ 'the maximum must not be below the minimum',
  });

export const backlinksSchema = z.object({
  implementationGuide: z.array(z.string()),
  contentPieces: z.array(
    z.object({
      sourceApp: z.string(),
      targetApp: z.string(),
      placement: z.string(),
      description: z.string(),
      metrics: z.object({
        expectedTraffic: z.number(),
        conversionPotential: z.number(),
        estimatedRevenue: z.number(),
      }),
    }),
  ),
});

export const crossSalesMetricsSchema = z.object({
  totalOpportunities: z.number(),
  estimatedRevenue: z.number(),
  highValueOpportunities: z.number(),
  conversionFunnel: z.array(z.object({ stage: z.string(), count: z.number(), percentage: z.number() })),
  topTargetApps: z.array(z.object({ app: z.string(), count: z.number(), revenue: z.number() })),
});
