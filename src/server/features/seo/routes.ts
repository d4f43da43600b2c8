import { websiteFilterQuerySchema } from '@domain/ids';
import {
  searchConsoleConnectSchema,
  searchConsoleStatusSchema,
  seoPerformanceSchema,
} from '@domain/seo/seo-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  connectSearchConsole,
  disconnectSearchConsole,
  searchConsoleStatus,
  seoPerformance,
} from './service.js';

/**
 * SEO (issue 13 §2): the SEO card's scores and the Google Search Console connection that measures keyword
 * ranks. Reading is for every member; connecting for admins. The demo's SEO card reads /api/demo/.
 */
export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['seo'];

  app.get(
    '/api/site-health/seo',
    {
      schema: {
        tags,
        description:
          'The SEO Performance card: overall and per-site scores and target keywords; `websiteId`: of that ' +
          'website alone (404 for a website the workspace does not have).',
        querystring: websiteFilterQuerySchema,
        response: { 200: seoPerformanceSchema },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => seoPerformance(tx, request.query)),
  );

  // Google Search Console (keyword rank): the private key goes in, and only "is set" comes out.
  app.get(
    '/api/site-health/search-console',
    { schema: { tags, response: { 200: searchConsoleStatusSchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => searchConsoleStatus(tx)),
  );
  app.put(
    '/api/site-health/search-console',
    {
      config: { role: 'admin' },
      schema: { tags, body: searchConsoleConnectSchema, response: { 200: searchConsoleStatusSchema } },
    },
    (request) =>
      app.inWorkspace(request, 'admin', (tx, member) =>
        connectSearchConsole(
          tx,
          { queue: app.deps.queue, secretKey: app.deps.config.secretKey, workspaceId: member.workspaceId },
          request.body,
        ),
      ),
  );
  app.delete(
    '/api/site-health/search-console',
    { config: { role: 'admin' }, schema: { tags, response: { 200: searchConsoleStatusSchema } } },
    (request) => app.inWorkspace(request, 'admin', (tx) => disconnectSearchConsole(tx)),
  );

  app.get('/api/demo/site-health/seo', { schema: { tags, response: { 200: seoPerformanceSchema } } }, () =>
    app.inDemoWorkspace((tx) => seoPerformance(tx)),
  );
};
