import { appCategories, appTypes } from '@domain/ecosystem/ecosystem-schemas';
import { idParamSchema } from '@domain/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  advancePlanItem,
  backlinks,
  matrix,
  metrics,
  opportunities,
  plan,
  removeMatrixTarget,
  saveMatrixTarget,
} from './cross-sales.js';
import { crossSell, integrationPackage, integrationStatus, pricingTable } from './ecosystem-page.js';
import { appSchema } from './routes.js';
import { ecosystemOverview } from './service.js';

const tags = ['cross-sales'];
const idParams = z.object({ id: idParamSchema });

const opportunitySchema = z.object({
  contact: z.object({ id: z.number(), name: z.string(), email: z.string().nullable() }),
  currentApp: z.string(),
  targetApp: z.string(),
  targetService: z.string(),
  urgency: z.enum(['high', 'medium', 'low']),
  score: z.number(),
  valueEstimate: z.number(),
  reasoning: z.string(),
  callToAction: z.string(),
});

const matrixSchema = z.object({
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

const planSchema = z.object({
  items: z.array(
    z.object({
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
    }),
  ),
  progress: z.number(),
});

const matrixInputSchema = z
  .object({
    sourceApp: z.string().trim().min(1, 'is required').max(120, 'is too long'),
    targetApp: z.string().trim().min(1, 'is required').max(120, 'is too long'),
    services: z
      .array(z.string().trim().min(1, 'is required').max(120, 'is too long'))
      .max(20, 'at most 20')
      .default([]),
    valueRange: z.tuple([
      z.number().int('must be whole dollars').min(0, 'must be 0 or more').max(10_000_000, 'is too large'),
      z.number().int('must be whole dollars').min(0, 'must be 0 or more').max(10_000_000, 'is too large'),
    ]),
    reasoning: z.string().trim().max(2000, 'is too long').default(''),
  })
  .refine((v) => v.valueRange[1] >= v.valueRange[0], {
    path: ['valueRange'],
    message: 'the maximum must not be below the minimum',
  });

const backlinksSchema = z.object({
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

const metricsSchema = z.object({
  totalOpportunities: z.number(),
  estimatedRevenue: z.number(),
  highValueOpportunities: z.number(),
  conversionFunnel: z.array(z.object({ stage: z.string(), count: z.number(), percentage: z.number() })),
  topTargetApps: z.array(z.object({ app: z.string(), count: z.number(), revenue: z.number() })),
});

const appsResponseSchema = z.object({
  apps: z.array(appSchema),
  categories: z.array(z.enum(appCategories)),
  totalEcosystemValue: z.number(),
});
const crossSellSchema = z.object({
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
const pricingTableSchema = z.object({
  charitableGiving: z.object({
    grossRevenue: z.number(),
    netProfit: z.number(),
    charitableDonation: z.number(),
  }),
});
const packageSchema = z.object({
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
const statusSchema = z.object({
  totalApplications: z.number(),
  crossSellOpportunities: z.number(),
  linkFixesDeployed: z.number(),
  totalEcosystemValue: z.number(),
});

/** The Cross-sales tab and the ecosystem page (signed in), and the page's public read-only demo twin. */
export const crossSalesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/cross-sales/opportunities',
    { schema: { tags, response: { 200: z.array(opportunitySchema) } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => opportunities(tx)),
  );
  app.get('/api/cross-sales/backlinks', { schema: { tags, response: { 200: backlinksSchema } } }, (request) =>
    app.inWorkspace(request, 'viewer', (tx) => backlinks(tx)),
  );
  app.get('/api/cross-sales/metrics', { schema: { tags, response: { 200: metricsSchema } } }, (request) =>
    app.inWorkspace(request, 'viewer', (tx) => metrics(tx)),
  );
  app.get('/api/cross-sales/matrix', { schema: { tags, response: { 200: matrixSchema } } }, (request) =>
    app.inWorkspace(request, 'viewer', (tx) => matrix(tx)),
  );
  app.post(
    '/api/cross-sales/matrix',
    { schema: { tags, body: matrixInputSchema, response: { 200: matrixSchema } } },
    (request) => app.inWorkspace(request, 'admin', (tx) => saveMatrixTarget(tx, request.body)),
  );
  app.delete(
    '/api/cross-sales/matrix/:id',
    { schema: { tags, params: idParams } },
    async (request, reply) => {
      await app.inWorkspace(request, 'admin', (tx) => removeMatrixTarget(tx, request.params.id));
      return reply.status(204).send();
    },
  );
  app.get('/api/cross-sales/plan', { schema: { tags, response: { 200: planSchema } } }, (request) =>
    app.inWorkspace(request, 'viewer', (tx) => plan(tx)),
  );
  app.post(
    '/api/cross-sales/plan/:id/advance',
    { schema: { tags, params: idParams, response: { 200: planSchema } } },
    (request) => app.inWorkspace(request, 'admin', (tx) => advancePlanItem(tx, request.params.id)),
  );

  // The ecosystem page: signed in under /api/ecosystem/, the demo workspace read-only under /api/demo/ecosystem/.
  const reads = [
    { path: 'apps', schema: appsResponseSchema, read: ecosystemOverview },
    { path: 'pricing-table', schema: pricingTableSchema, read: pricingTable },
    { path: 'integration-package', schema: packageSchema, read: integrationPackage },
    { path: 'integration-status', schema: statusSchema, read: integrationStatus },
  ] as const;
  for (const { path, schema, read } of reads) {
    // /api/ecosystem/apps is served by the apps routes (with its writes); the others are served here.
    if (path !== 'apps')
      app.get(
        `/api/ecosystem/${path}`,
        { schema: { tags: ['ecosystem'], response: { 200: schema } } },
        (request) => app.inWorkspace(request, 'viewer', (tx) => read(tx) as Promise<never>),
      );
    app.get(`/api/demo/ecosystem/${path}`, { schema: { tags: ['demo'], response: { 200: schema } } }, () =>
      app.inDemoWorkspace((tx) => read(tx) as Promise<never>),
    );
  }
  app.get(
    '/api/ecosystem/cross-sell/:id',
    { schema: { tags: ['ecosystem'], params: idParams, response: { 200: crossSellSchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => crossSell(tx, request.params.id)),
  );
  app.get(
    '/api/demo/ecosystem/cross-sell/:id',
    { schema: { tags: ['demo'], params: idParams, response: { 200: crossSellSchema } } },
    (request) => app.inDemoWorkspace((tx) => crossSell(tx, request.params.id)),
  );
};
