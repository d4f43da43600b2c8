import {
  segmentCreateSchema,
  segmentHistorySchema,
  segmentIdParamsSchema,
  segmentMemberListSchema,
  segmentMembersQuerySchema,
  segmentSchema,
  segmentUpdateSchema,
} from '@domain/segments/segment-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { onContactEvent } from '../../events/contact-events.js';
import {
  createSegment,
  deleteSegment,
  getSegment,
  listSegments,
  segmentEventListener,
  segmentHistory,
  segmentMembers,
  updateSegment,
} from './service.js';

const tags = ['segments'];
const params = segmentIdParamsSchema;

export const segmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const unsubscribe = onContactEvent(segmentEventListener(app.deps));
  app.addHook('onClose', async () => {
    unsubscribe();
  });

  app.get(
    '/api/segments',
    {
      schema: {
        tags,
        description: 'Saved segments with their member counts (kept current as contacts change), by name.',
        response: { 200: z.array(segmentSchema) },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => listSegments(tx), { readOnly: true }),
  );

  app.get(
    '/api/segments/:id',
    { schema: { tags, description: 'A segment and its count.', params, response: { 200: segmentSchema } } },
    (request) =>
      app.inWorkspace(request, 'viewer', (tx) => getSegment(tx, request.params.id), { readOnly: true }),
  );

  app.post(
    '/api/segments',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description:
          'Creates a segment (admins and owners): 201. Conditions are combined with `match` (all or any), ' +
          'with one level of groups. Its members are computed by a job (`status: building`, progress ' +
          '`built` of `toBuild`), then kept current as contacts change.',
        body: segmentCreateSchema,
        response: { 201: segmentSchema },
      },
    },
    async (request, reply) => {
      const segment = await app.inWorkspace(request, 'admin', (tx) =>
        createSegment(app.deps, tx, request.body),
      );
      return reply.status(201).send(segment);
    },
  );

  app.patch(
    '/api/segments/:id',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description: 'Renames a segment or changes its conditions (its membership is then computed again).',
        params,
        body: segmentUpdateSchema,
        response: { 200: segmentSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'admin', (tx) => updateSegment(app.deps, tx, request.params.id, request.body)),
  );

  app.delete(
    '/api/segments/:id',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description: 'Deletes a segment.',
        params,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await app.inWorkspace(request, 'admin', (tx) => deleteSegment(tx, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/segments/:id/members',
    {
      schema: {
        tags,
        description: 'The segment’s count and its most recent members, newest first.',
        params,
        querystring: segmentMembersQuerySchema,
        response: { 200: segmentMemberListSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'viewer', (tx) => segmentMembers(tx, request.params.id, request.query.limit), {
        readOnly: true,
      }),
  );

  app.get(
    '/api/segments/:id/history',
    {
      schema: {
        tags,
        description: 'Contacts that entered and left the segment, newest first.',
        params,
        querystring: segmentMembersQuerySchema,
        response: { 200: segmentHistorySchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'viewer', (tx) => segmentHistory(tx, request.params.id, request.query.limit), {
        readOnly: true,
      }),
  );
};
