import {
  apiKeyIdParams,
  apiKeySchema,
  createApiKeySchema,
  createdApiKeySchema,
} from '@domain/api-keys/api-key-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContent } from '../../http/responses.js';
import { createApiKey, listApiKeys, revokeApiKey } from './service.js';

export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/workspace/api-keys',
    { config: { role: 'admin' }, schema: { tags: ['api-keys'], response: { 200: z.array(apiKeySchema) } } },
    (request) => app.inWorkspace(request, 'admin', (tx, member) => listApiKeys(tx, member)),
  );

  app.post(
    '/api/workspace/api-keys',
    {
      config: { role: 'admin' },
      schema: { tags: ['api-keys'], body: createApiKeySchema, response: { 201: createdApiKeySchema } },
    },
    async (request, reply) => {
      const created = await app.inWorkspace(request, 'admin', (tx, member) =>
        createApiKey(tx, member, request.body),
      );
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/api/workspace/api-keys/:id',
    {
      config: { role: 'admin' },
      schema: { tags: ['api-keys'], params: apiKeyIdParams, response: noContent('Revoked') },
    },
    async (request, reply) => {
      await app.inWorkspace(request, 'admin', (tx, member) => revokeApiKey(tx, member, request.params.id));
      return reply.status(204).send(null);
    },
  );
};
