import { dashboardStatsQuerySchema, dashboardStatsSchema } from '@domain/dashboard/dashboard-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getDashboardStats } from './service.js';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard/stats',
    {
      schema: {
        tags: ['dashboard'],
        querystring: dashboardStatsQuerySchema,
        response: { 200: dashboardStatsSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'viewer', (tx) =>
        getDashboardStats(tx, { websiteId: request.query.websiteId }),
      ),
  );
};
