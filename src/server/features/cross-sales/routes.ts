import {
  backlinksSchema,
  crossSalesMetricsSchema,
  matrixInputSchema,
  matrixSchema,
  opportunitySchema,
  planSchema,
} from '@domain/cross-sales/cross-sales-schemas';
import { idParamSchema } from '@domain/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContent } from '../../http/responses.js';
import {
  advancePlanItem,
  backlinks,
  matrix,
  metrics,
  opportunities,
  plan,
  removeMatrixTarget,
  saveMatrixTarget,
} from './service.js';

const tags = ['cross-sales'];
const idParams = z.object({ id: idParamSchema });

/** The Cross-sales tab: opportunities, backlinks, metrics, the matrix and the priority plan. */
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
    { config: { role: 'admin' }, schema: { tags, body: matrixInputSchema, response: { 200: matrixSchema } } },
    (request) => app.inWorkspace(request, 'admin', (tx) => saveMatrixTarget(tx, request.body)),
  );
  app.delete(
    '/api/cross-sales/matrix/:id',
    { config: { role: 'admin' }, schema: { tags, params: idParams, response: noContent('Deleted') } },
    async (request, reply) => {
      await app.inWorkspace(request, 'admin', (tx) => removeMatrixTarget(tx, request.params.id));
      return reply.status(204).send(null);
    },
  );
  app.get('/api/cross-sales/plan', { schema: { tags, response: { 200: planSchema } } }, (request) =>
    app.inWorkspace(request, 'viewer', (tx) => plan(tx)),
  );
  app.post(
    '/api/cross-sales/plan/:id/advance',
    { config: { role: 'admin' }, schema: { tags, params: idParams, response: { 200: planSchema } } },
    (request) => app.inWorkspace(request, 'admin', (tx) => advancePlanItem(tx, request.params.id)),
  );
};
