import {
  crawlProgressSchema,
  siteHealthSettingsSchema,
  siteHealthSettingsValueSchema,
  websiteHealthSchema,
} from '@domain/crawls/crawl-schemas';
import { websiteIdParamSchema } from '@domain/ids';
import {
  applyLinkFixesResultSchema,
  applyLinkFixesSchema,
  completeFixPackageSchema,
  linkFixReportSchema,
  linkHealthHistorySchema,
} from '@domain/link-fixes/link-fix-schemas';
import {
  searchConsoleConnectSchema,
  searchConsoleStatusSchema,
  seoPerformanceSchema,
} from '@domain/seo/seo-schemas';
import { normalizeDomain } from '@domain/websites/website-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerDemoSites } from './demo-sites.js';
import {
  applyLinkFixes,
  completeFixPackage,
  connectSearchConsole,
  disconnectSearchConsole,
  latestCrawlProgress,
  linkFixReport,
  linkHealthHistory,
  listWebsiteHealth,
  searchConsoleStatus,
  seoPerformance,
  startCrawl,
  updateSettings,
} from './service.js';
import { ownOrigin, setListeningAddress } from './urls.js';

const idParams = z.object({ id: websiteIdParamSchema });
const attachment = (name: string) => `attachment; filename="${name}"`;

/**
 * Site health (issue 13): crawl settings and crawls per website, the SEO card's scores, and the link-fix
 * deployment report. Reading is for every member; starting a crawl for members; settings and
 * deployments for admins. The public `-demo` twin reads the demo workspace under /api/demo/.
 */
export const siteHealthRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['site-health'];
  registerDemoSites(app);
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (address && typeof address === 'object') setListeningAddress(address.address, address.port);
  });

  app.get(
    '/api/site-health/websites',
    { schema: { tags, response: { 200: z.array(websiteHealthSchema) } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => listWebsiteHealth(tx)),
  );

  app.patch(
    '/api/site-health/websites/:id/settings',
    {
      schema: {
        tags,
        params: idParams,
        body: siteHealthSettingsSchema,
        response: { 200: siteHealthSettingsValueSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'admin', (tx) => updateSettings(tx, request.params.id, request.body)),
  );

  app.post(
    '/api/site-health/websites/:id/crawls',
    { schema: { tags, params: idParams, response: { 202: crawlProgressSchema } } },
    async (request, reply) => {
      const crawl = await app.inWorkspace(request, 'member', (tx) =>
        startCrawl(
          tx,
          { queue: app.deps.queue, origin: ownOrigin(app.deps.config) },
          request.params.id,
          'manual',
        ),
      );
      return reply.status(202).send(crawl);
    },
  );

  app.get(
    '/api/site-health/websites/:id/crawls/latest',
    { schema: { tags, params: idParams, response: { 200: crawlProgressSchema.nullable() } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => latestCrawlProgress(tx, request.params.id)),
  );

  app.get('/api/site-health/seo', { schema: { tags, response: { 200: seoPerformanceSchema } } }, (request) =>
    app.inWorkspace(request, 'viewer', (tx) => seoPerformance(tx)),
  );

  // Google Search Console (keyword rank): the private key goes in, and only "is set" comes out.
  app.get(
    '/api/site-health/search-console',
    { schema: { tags, response: { 200: searchConsoleStatusSchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => searchConsoleStatus(tx)),
  );
  app.put(
    '/api/site-health/search-console',
    { schema: { tags, body: searchConsoleConnectSchema, response: { 200: searchConsoleStatusSchema } } },
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
    { schema: { tags, response: { 200: searchConsoleStatusSchema } } },
    (request) => app.inWorkspace(request, 'admin', (tx) => disconnectSearchConsole(tx)),
  );

  app.get(
    '/api/site-health/history',
    { schema: { tags, response: { 200: linkHealthHistorySchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => linkHealthHistory(tx)),
  );

  app.get(
    '/api/deployment/link-fixes',
    { schema: { tags, response: { 200: linkFixReportSchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => linkFixReport(tx)),
  );

  app.post(
    '/api/deployment/apply-link-fixes',
    { schema: { tags, body: applyLinkFixesSchema, response: { 200: applyLinkFixesResultSchema } } },
    (request) =>
      app.inWorkspace(request, 'admin', (tx, member) =>
        applyLinkFixes(tx, app.deps.queue, normalizeDomain(request.body.domain), member.userId),
      ),
  );

  app.get(
    '/api/deployment/complete-fix-package',
    { schema: { tags, response: { 200: completeFixPackageSchema } } },
    async (request, reply) => {
      const body = await app.inWorkspace(request, 'viewer', (tx) => completeFixPackage(tx));
      return reply.header('content-disposition', attachment('link-fix-package.json')).send(body);
    },
  );

  // The public read-only twin (/deployment-demo and the demo's SEO card).
  app.get(
    '/api/demo/deployment/link-fixes',
    { schema: { tags, response: { 200: linkFixReportSchema } } },
    () => app.inDemoWorkspace((tx) => linkFixReport(tx)),
  );
  app.get(
    '/api/demo/deployment/complete-fix-package',
    { schema: { tags, response: { 200: completeFixPackageSchema } } },
    async (_request, reply) => {
      const body = await app.inDemoWorkspace((tx) => completeFixPackage(tx));
      return reply.header('content-disposition', attachment('link-fix-package.json')).send(body);
    },
  );
  app.get('/api/demo/site-health/seo', { schema: { tags, response: { 200: seoPerformanceSchema } } }, () =>
    app.inDemoWorkspace((tx) => seoPerformance(tx)),
  );
  app.get(
    '/api/demo/site-health/history',
    { schema: { tags, response: { 200: linkHealthHistorySchema } } },
    () => app.inDemoWorkspace((tx) => linkHealthHistory(tx)),
  );
};
