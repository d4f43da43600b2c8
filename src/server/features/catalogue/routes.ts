import {
  analyticsDashboardSchema,
  applicationSchema,
  publicConfigSchema,
} from '@domain/catalogue/catalogue-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { placeholderSchedulerUrl } from '../../config.js';
import { getAnalyticsDashboard, getPublicConfig, listApplications } from './service.js';

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/applications',
    { schema: { tags: ['catalogue'], response: { 200: z.array(applicationSchema) } } },
    async () => listApplications(),
  );

  app.get(
    '/api/analytics/dashboard',
    { schema: { tags: ['catalogue'], response: { 200: analyticsDashboardSchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => getAnalyticsDashboard(tx)),
  );

  app.get(
    '/api/public-config',
    {
      schema: {
        tags: ['catalogue'],
        response: {
          200: publicConfigSchema,
        },
      },
    },
    async () => getPublicConfig(app.deps.config, placeholderSchedulerUrl),
  );
};
