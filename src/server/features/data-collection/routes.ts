import {
  collectionRunSchema,
  collectSingleSchema,
  contactsBySourceSchema,
  createEcosystemResultSchema,
  createExampleResultSchema,
  ecosystemReportSchema,
  integrateUsersResultSchema,
  tagSourcesResultSchema,
  updateSourcesResultSchema,
} from '@domain/data-collection/data-collection-schemas';
import { idParamSchema } from '@domain/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createAppFetcher, listAppRows } from '../ecosystem/index.js';
import { latestRunView, runView, startCollection } from './collection-job.js';
import { createEcosystemContacts, ecosystemReport, updateSources } from './service.js';
import { bySource, createExample, fetchAppUsers, integrateUsers, tagSources } from './user-integration.js';

// Tagged 'ecosystem' as before the areas were cut apart: the API document's groups stay as they were.
const tags = ['data-collection'];
/** The User integration and Data collection tabs (spec 001 §2, §7). Writes are for admins and owners. */
export const dataCollectionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/contacts/integrate-users',
    { config: { role: 'admin' }, schema: { tags, response: { 200: integrateUsersResultSchema } } },
    async (request) => {
      const apps = await app.inWorkspace(request, 'admin', (tx) => listAppRows(tx));
      // The apps are asked outside the transaction: a slow app must not hold a database connection.
      const fetcher = createAppFetcher(app.deps.config);
      const fetched = await fetchAppUsers(fetcher, apps).finally(() => fetcher.close());
      return app.inWorkspace(request, 'admin', (tx, member) => integrateUsers(tx, fetched, member.userId));
    },
  );

  app.post(
    '/api/contacts/create-example',
    { config: { role: 'admin' }, schema: { tags, response: { 201: createExampleResultSchema } } },
    async (request, reply) => {
      const result = await app.inWorkspace(request, 'admin', (tx, member) =>
        createExample(tx, member.userId),
      );
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/api/contacts/tag-sources',
    { config: { role: 'admin' }, schema: { tags, response: { 200: tagSourcesResultSchema } } },
    (request) => app.inWorkspace(request, 'admin', (tx) => tagSources(tx)),
  );

  app.get(
    '/api/contacts/by-source',
    { schema: { tags, response: { 200: contactsBySourceSchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => bySource(tx)),
  );

  app.post(
    '/api/data-collection/collect-single',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        body: collectSingleSchema,
        response: { 202: collectionRunSchema },
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
    { config: { role: 'admin' }, schema: { tags, response: { 202: collectionRunSchema } } },
    async (request, reply) => {
      const run = await app.inWorkspace(request, 'admin', (tx, member) =>
        startCollection(app.deps, tx, member.workspaceId, member.userId, null),
      );
      return reply.status(202).send(run);
    },
  );

  app.get(
    '/api/data-collection/runs/latest',
    { schema: { tags, response: { 200: collectionRunSchema.nullable() } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => latestRunView(tx)),
  );

  app.get(
    '/api/data-collection/runs/:id',
    { schema: { tags, params: z.object({ id: idParamSchema }), response: { 200: collectionRunSchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => runView(tx, request.params.id)),
  );

  app.post(
    '/api/data-collection/create-ecosystem',
    { config: { role: 'admin' }, schema: { tags, response: { 200: createEcosystemResultSchema } } },
    (request) =>
      app.inWorkspace(request, 'admin', (tx, member) => createEcosystemContacts(tx, member.userId)),
  );

  app.post(
    '/api/data-collection/update-sources',
    { config: { role: 'admin' }, schema: { tags, response: { 200: updateSourcesResultSchema } } },
    (request) => app.inWorkspace(request, 'admin', (tx) => updateSources(tx)),
  );

  app.get(
    '/api/data-collection/ecosystem-report',
    { schema: { tags, response: { 200: ecosystemReportSchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => ecosystemReport(tx)),
  );
};
