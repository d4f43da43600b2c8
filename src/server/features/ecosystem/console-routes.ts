import { contactStatuses } from '@domain/contacts/contact-schemas';
import { idParamSchema } from '@domain/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createAppFetcher } from './app-data.js';
import { latestRunView, runView, startCollection } from './collection.js';
import { createEcosystemContacts, ecosystemReport, updateSources } from './data-collection.js';
import * as store from './store.js';
import { bySource, createExample, fetchAppUsers, integrateUsers, tagSources } from './user-integration.js';

const tags = ['ecosystem'];

const runSchema = z.object({
  id: z.number(),
  status: z.enum(['queued', 'running', 'completed', 'failed']),
  progress: z.number(),
  totalApps: z.number(),
  totalContacts: z.number(),
  app: z.object({ name: z.string() }).nullable(),
  integration: z.object({ integrated: z.number() }),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  results: z.array(
    z.object({
      appName: z.string(),
      endpointName: z.string(),
      status: z.enum(['pending', 'running', 'completed', 'failed']),
      fetched: z.number(),
      created: z.number(),
      updated: z.number(),
      failed: z.number(),
      reason: z.string().nullable(),
      failures: z.array(z.object({ row: z.number(), reason: z.string() })),
    }),
  ),
});

/** The User integration and Data collection tabs (spec 001 §2, §7). Writes are for admins and owners. */
export const consoleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/contacts/integrate-users',
    {
      schema: {
        tags,
        response: {
          200: z.object({
            integrated: z.number(),
            skipped: z.number(),
            failed: z.number(),
            problems: z.array(z.object({ app: z.string(), reason: z.string() })),
          }),
        },
      },
    },
    async (request) => {
      const apps = await app.inWorkspace(request, 'admin', (tx) => store.listAppRows(tx));
      // The apps are asked outside the transaction: a slow app must not hold a database connection.
      const fetcher = createAppFetcher(app.deps.config);
      const fetched = await fetchAppUsers(fetcher, apps).finally(() => fetcher.close());
      return app.inWorkspace(request, 'admin', (tx, member) => integrateUsers(tx, fetched, member.userId));
    },
  );

  app.post(
    '/api/contacts/create-example',
    {
      schema: {
        tags,
        response: {
          201: z.object({
            user: z.object({
              firstName: z.string(),
              lastName: z.string(),
              email: z.string(),
              app: z.string(),
            }),
            contact: z.object({
              id: z.number(),
              firstName: z.string(),
              lastName: z.string(),
              email: z.string().nullable(),
              source: z.string(),
            }),
            created: z.boolean(),
          }),
        },
      },
    },
    async (request, reply) => {
      const result = await app.inWorkspace(request, 'admin', (tx, member) =>
        createExample(tx, member.userId),
      );
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/api/contacts/tag-sources',
    { schema: { tags, response: { 200: z.object({ updated: z.number() }) } } },
    (request) => app.inWorkspace(request, 'admin', (tx) => tagSources(tx)),
  );

  app.get(
    '/api/contacts/by-source',
    {
      schema: {
        tags,
        response: {
          200: z.record(
            z.string(),
            z.object({
              contacts: z.array(
                z.object({
                  id: z.number(),
                  firstName: z.string(),
                  lastName: z.string(),
                  email: z.string().nullable(),
                  status: z.enum(contactStatuses),
                }),
              ),
              total: z.number(),
            }),
          ),
        },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => bySource(tx)),
  );

  app.post(
    '/api/data-collection/collect-single',
    {
      schema: {
        tags,
        body: z.object({ appName: z.string().trim().min(1, 'is required').max(120, 'is too long') }),
        response: { 202: runSchema },
      },
    },
    async (request, reply) => {
      const run = await app.inWorkspace(request, 'admin', (tx, member) =>
        startCollection(app.deps, tx, member.workspaceId, member.userId, request.body.appName),
      );
      return reply.status(202).send(run);
    },
  );

  app.post(
    '/api/data-collection/collect-all',
    { schema: { tags, response: { 202: runSchema } } },
    async (request, reply) => {
      const run = await app.inWorkspace(request, 'admin', (tx, member) =>
        startCollection(app.deps, tx, member.workspaceId, member.userId, null),
      );
      return reply.status(202).send(run);
    },
  );

  app.get(
    '/api/data-collection/runs/latest',
    { schema: { tags, response: { 200: runSchema.nullable() } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => latestRunView(tx)),
  );

  app.get(
    '/api/data-collection/runs/:id',
    { schema: { tags, params: z.object({ id: idParamSchema }), response: { 200: runSchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => runView(tx, request.params.id)),
  );

  app.post(
    '/api/data-collection/create-ecosystem',
    { schema: { tags, response: { 200: z.object({ created: z.number(), updated: z.number() }) } } },
    (request) =>
      app.inWorkspace(request, 'admin', (tx, member) => createEcosystemContacts(tx, member.userId)),
  );

  app.post(
    '/api/data-collection/update-sources',
    { schema: { tags, response: { 200: z.object({ standardized: z.number() }) } } },
    (request) => app.inWorkspace(request, 'admin', (tx) => updateSources(tx)),
  );

  app.get(
    '/api/data-collection/ecosystem-report',
    {
      schema: {
        tags,
        response: {
          200: z.object({
            totalContacts: z.number(),
            contactsBySource: z.record(z.string(), z.number()),
            totalValue: z.number(),
            topSources: z.array(z.object({ source: z.string(), count: z.number(), value: z.number() })),
          }),
        },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => ecosystemReport(tx)),
  );
};
