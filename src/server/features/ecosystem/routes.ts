import {
  crossSellSchema,
  integrationPackageSchema,
  integrationStatusSchema,
  pricingTableSchema,
} from '@domain/ecosystem/ecosystem-page-schemas';
import {
  appInputSchema,
  appSchema,
  appSourceSchema,
  appsResponseSchema,
  appUpdateSchema,
  endpointInputSchema,
  endpointSchema,
} from '@domain/ecosystem/ecosystem-schemas';
import { idParamSchema } from '@domain/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContent } from '../../http/responses.js';
import { crossSell, integrationPackage, integrationStatus, pricingTable } from './ecosystem-page.js';
import {
  addApp,
  addEndpoint,
  ecosystemOverview,
  listAppSources,
  listDataEndpoints,
  removeApp,
  removeEndpoint,
  updateApp,
  updateEndpoint,
} from './service.js';

const idParams = z.object({ id: idParamSchema });
const tags = ['ecosystem'];

export const ecosystemAppRoutes: FastifyPluginAsyncZod = async (app) => {
  const secretKey = () => app.deps.config.secretKey;

  app.get('/api/ecosystem/apps', { schema: { tags, response: { 200: appsResponseSchema } } }, (request) =>
    app.inWorkspace(request, 'viewer', (tx) => ecosystemOverview(tx)),
  );

  app.post(
    '/api/ecosystem/apps',
    { config: { role: 'admin' }, schema: { tags, body: appInputSchema, response: { 201: appSchema } } },
    async (request, reply) => {
      const created = await app.inWorkspace(request, 'admin', (tx) => addApp(tx, secretKey(), request.body));
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/ecosystem/apps/:id',
    {
      config: { role: 'admin' },
      schema: { tags, params: idParams, body: appUpdateSchema, response: { 200: appSchema } },
    },
    (request) => app.inWorkspace(request, 'admin', (tx) => updateApp(tx, request.params.id, request.body)),
  );

  app.delete(
    '/api/ecosystem/apps/:id',
    { config: { role: 'admin' }, schema: { tags, params: idParams, response: noContent('Deleted') } },
    async (request, reply) => {
      await app.inWorkspace(request, 'admin', (tx) => removeApp(tx, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/ecosystem/apps/:id/endpoints',
    {
      config: { role: 'admin' },
      schema: { tags, params: idParams, body: endpointInputSchema, response: { 201: endpointSchema } },
    },
    async (request, reply) => {
      const created = await app.inWorkspace(request, 'admin', (tx) =>
        addEndpoint(tx, secretKey(), request.params.id, request.body),
      );
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/ecosystem/endpoints/:id',
    {
      config: { role: 'admin' },
      schema: { tags, params: idParams, body: endpointInputSchema, response: { 200: endpointSchema } },
    },
    (request) =>
      app.inWorkspace(request, 'admin', (tx) =>
        updateEndpoint(tx, secretKey(), request.params.id, request.body),
      ),
  );

  app.delete(
    '/api/ecosystem/endpoints/:id',
    { config: { role: 'admin' }, schema: { tags, params: idParams, response: noContent('Deleted') } },
    async (request, reply) => {
      await app.inWorkspace(request, 'admin', (tx) => removeEndpoint(tx, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.get('/api/app-sources', { schema: { tags, response: { 200: z.array(appSourceSchema) } } }, (request) =>
    app.inWorkspace(request, 'viewer', (tx) => listAppSources(tx)),
  );

  app.get(
    '/api/data-collection/endpoints',
    { schema: { tags, response: { 200: z.array(endpointSchema) } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => listDataEndpoints(tx)),
  );

  // The ecosystem page: signed in under /api/ecosystem/, the demo workspace read-only under /api/demo/ecosystem/.
  const reads = [
    { path: 'apps', schema: appsResponseSchema, read: ecosystemOverview },
    { path: 'pricing-table', schema: pricingTableSchema, read: pricingTable },
    { path: 'integration-package', schema: integrationPackageSchema, read: integrationPackage },
    { path: 'integration-status', schema: integrationStatusSchema, read: integrationStatus },
  ] as const;
  for (const { path, schema, read } of reads) {
    // /api/ecosystem/apps is registered above, with its writes.
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
