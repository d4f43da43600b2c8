import {
  crawlProgressSchema,
  siteHealthSettingsSchema,
  siteHealthSettingsValueSchema,
  websiteHealthSchema,
} from '@domain/crawls/crawl-schemas';
import { websiteIdParamSchema } from '@domain/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerDemoSites } from './demo-sites.js';
import { latestCrawlProgress, listWebsiteHealth, startCrawl, updateSettings } from './service.js';
import { ownOrigin, setListeningAddress } from './urls.js';

const idParams = z.object({ id: websiteIdParamSchema });

/**
 * Crawls (issue 13 §1): crawl settings and crawls per website, under the site-health URLs they have always
 * had. Reading is for every member; starting a crawl for members; settings for admins.
 */
export const crawlRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['crawls'];
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
      config: { role: 'admin' },
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
};
