import {
  backlinksSchema,
  crossSalesMetricsSchema,
  crossSellSchema,
  integrationPackageSchema,
  integrationStatusSchema,
  matrixInputSchema,
  matrixSchema,
  opportunitySchema,
  planSchema,
  pricingTableSchema,
} from '@domain/ecosystem/cross-sales-schemas';
import { appsResponseSchema } from '@domain/ecosystem/ecosystem-schemas';
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
import { ecosystemOverview } from './service.js';

const tags = ['cross-sales'];
const idParams = z.object({ id: idParamSchema });

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
  app.get(
    '/api/cross-sales/metrics',
    { schema: { tags, response: { 200: crossSalesMetricsSchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => metrics(tx)),
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
    { path: 'integration-package', schema: integrationPackageSchema, read: integrationPackage },
    { path: 'integration-status', schema: integrationStatusSchema, read: integrationStatus },
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
