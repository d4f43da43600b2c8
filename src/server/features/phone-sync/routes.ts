import { idParamSchema } from '@domain/ids';
import {
  createdSyncTokenSchema,
  createSyncTokenSchema,
  phoneSyncPayloadSchema,
  receivedSyncSchema,
  syncRecordSchema,
  syncTokenSchema,
  testTokenSchema,
} from '@domain/phone-sync/sync-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createSyncToken,
  getTestToken,
  listSyncRecords,
  listSyncTokens,
  receiveSync,
  revokeSyncToken,
} from './service.js';

export const phoneSyncRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['phone-sync'];

  app.post(
    '/api/iphone/sync',
    {
      // Signed out (the token is inside the body), so the limit stays modest: a Shortcut sends its data in
      // batches of at most 1,000 items, which fit unless the messages are very long.
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags,
        body: phoneSyncPayloadSchema,
        response: {
          202: receivedSyncSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await receiveSync(app.deps, request.body);
      return reply.status(202).send({ ...result, message: 'Sync received; processing.' });
    },
  );

  app.get(
    '/api/iphone/sync-records',
    { schema: { tags, response: { 200: z.array(syncRecordSchema) } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => listSyncRecords(tx)),
  );

  app.get(
    '/api/iphone/sync-tokens',
    { config: { role: 'admin' }, schema: { tags, response: { 200: z.array(syncTokenSchema) } } },
    (request) => app.inWorkspace(request, 'admin', (tx) => listSyncTokens(tx)),
  );

  app.post(
    '/api/iphone/sync-tokens',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        body: createSyncTokenSchema,
        response: { 201: createdSyncTokenSchema },
      },
    },
    async (request, reply) => {
      const created = await app.inWorkspace(request, 'admin', (tx, member) =>
        createSyncToken(tx, { name: request.body.name, createdBy: member.userId }),
      );
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/api/iphone/sync-tokens/:id',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        params: z.object({ id: idParamSchema }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await app.inWorkspace(request, 'admin', (tx) => revokeSyncToken(tx, request.params.id));
      return reply.status(204).send(null);
    },
  );

  // The testing token's value, for pre-filling the iPhone sync tab; only workspaces seeded with one have it.
  app.get('/api/iphone/test-token', { schema: { tags, response: { 200: testTokenSchema } } }, (request) =>
    app.inWorkspace(request, 'member', (tx) => getTestToken(tx)),
  );
};
