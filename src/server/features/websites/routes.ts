import { websiteIdParamSchema } from '@domain/ids';
import { websiteInputSchema, websiteSchema, websiteUpdateSchema } from '@domain/websites/website-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContent } from '../../http/responses.js';
import { addWebsite, listWebsites, removeWebsite, updateWebsite } from './service.js';

const idParams = z.object({ id: websiteIdParamSchema });

export const websiteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/websites',
    { schema: { tags: ['websites'], response: { 200: z.array(websiteSchema) } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => listWebsites(tx)),
  );

  app.post(
    '/api/websites',
    {
      config: { role: 'admin' },
      schema: { tags: ['websites'], body: websiteInputSchema, response: { 201: websiteSchema } },
    },
    async (request, reply) => {
      const website = await app.inWorkspace(request, 'admin', (tx) => addWebsite(tx, request.body));
      return reply.status(201).send(website);
    },
  );

  app.patch(
    '/api/websites/:id',
    {
      config: { role: 'admin' },
      schema: {
        tags: ['websites'],
        params: idParams,
        body: websiteUpdateSchema,
        response: { 200: websiteSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'admin', (tx) => updateWebsite(tx, request.params.id, request.body)),
  );

  app.delete(
    '/api/websites/:id',
    {
      config: { role: 'admin' },
      schema: { tags: ['websites'], params: idParams, response: noContent('Deleted') },
    },
    async (request, reply) => {
      await app.inWorkspace(request, 'admin', (tx) => removeWebsite(tx, request.params.id));
      return reply.status(204).send(null);
    },
  );
};
