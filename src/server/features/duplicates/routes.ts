import {
  contactMergeSchema,
  duplicateScanSchema,
  duplicateSettingsSchema,
  idParamsSchema,
  latestScanSchema,
  mergeListSchema,
  mergeRequestSchema,
  mergeResultSchema,
  suggestionListQuerySchema,
  suggestionListSchema,
} from '@domain/duplicates/duplicate-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noContent } from '../../http/responses.js';
import {
  dismissSuggestion,
  latestScan,
  listMerges,
  listSuggestions,
  mergeContacts,
  readSettings,
  requestScan,
  undoMerge,
  writeSettings,
} from './service.js';

const tags = ['duplicates'];

export const duplicateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/duplicates/suggestions',
    {
      schema: {
        tags,
        description:
          'Duplicate suggestions of the latest scan, likeliest first, each with both contacts and its reasons.',
        querystring: suggestionListQuerySchema,
        response: { 200: suggestionListSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'viewer', (tx) => listSuggestions(tx, request.query), { readOnly: true }),
  );

  app.post(
    '/api/duplicates/suggestions/:id/dismiss',
    {
      schema: {
        tags,
        description: 'Not the same person: the pair is not suggested again.',
        params: idParamsSchema,
        response: noContent('Dismissed'),
      },
    },
    async (request, reply) => {
      await app.inWorkspace(request, 'member', (tx, member) =>
        dismissSuggestion(tx, request.params.id, member),
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/duplicates/scans',
    {
      schema: {
        tags,
        description:
          'Queues a scan of every contact (202); while one is queued or running, answers that one instead.',
        response: { 202: duplicateScanSchema },
      },
    },
    async (request, reply) => {
      const scan = await app.inWorkspace(request, 'member', (tx, member) =>
        requestScan(app.deps, tx, member.workspaceId, member.userId),
      );
      return reply.status(202).send(scan);
    },
  );

  app.get(
    '/api/duplicates/scans/latest',
    {
      schema: { tags, description: 'The latest scan and its progress.', response: { 200: latestScanSchema } },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => latestScan(tx), { readOnly: true }),
  );

  app.post(
    '/api/contacts/merge',
    {
      schema: {
        tags,
        description:
          'Merges two or more contacts into one (`survivorId`, default the oldest). `fields` names, per field, ' +
          'the contact whose value is kept (default: a non-empty value over an empty one, then the most ' +
          'recently updated contact’s); tags and custom properties are joined. Everything that pointed at a ' +
          'merged contact points at the survivor. Undo with `POST /api/duplicates/merges/{id}/undo`.',
        body: mergeRequestSchema,
        response: { 200: mergeResultSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'member', (tx, member) =>
        mergeContacts(app.deps, tx, member.workspaceId, member, request.body),
      ),
  );

  app.get(
    '/api/duplicates/merges',
    {
      schema: {
        tags,
        description: 'The latest 50 merges, newest first.',
        response: { 200: mergeListSchema },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => listMerges(tx), { readOnly: true }),
  );

  app.post(
    '/api/duplicates/merges/:id/undo',
    {
      schema: {
        tags,
        description:
          'Restores every row the merge changed, as it was (ids included). 409 once undone, expired, or ' +
          'followed by a later merge into the same survivor.',
        params: idParamsSchema,
        response: { 200: contactMergeSchema },
      },
    },
    (request) => app.inWorkspace(request, 'member', (tx, member) => undoMerge(tx, request.params.id, member)),
  );

  app.get(
    '/api/duplicates/settings',
    {
      schema: {
        tags,
        description: 'How long merges stay undoable.',
        response: { 200: duplicateSettingsSchema },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => readSettings(tx), { readOnly: true }),
  );

  app.put(
    '/api/duplicates/settings',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description: 'Sets how many days merges stay undoable (1–365; default 30). Applies to new merges.',
        body: duplicateSettingsSchema,
        response: { 200: duplicateSettingsSchema },
      },
    },
    (request) => app.inWorkspace(request, 'admin', (tx) => writeSettings(tx, request.body)),
  );
};
