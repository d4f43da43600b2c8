import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getDashboardStats } from './service.js';

const statsSchema = z.object({
  totalRevenue: z
    .number()
    .int()
    .nullable()
    .describe('integer cents; null for one website (not recorded per site)'),
  subscribers: z.number().int(),
  traffic: z.number().int().nullable(),
  automationScore: z.number().nullable(),
});

const statsQuerySchema = z.object({
  /** The website selected in the sidebar; omitted for all websites. */
  websiteId: z.coerce
    .number({ message: 'websiteId must be a website id' })
    .int('websiteId must be a website id')
    .positive('websiteId must be a website id')
    .max(2_147_483_647, 'websiteId must be a website id')
    .optional(),
});

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard/stats',
    { schema: { tags: ['dashboard'], querystring: statsQuerySchema, response: { 200: statsSchema } } },
    (request) =>
      app.inWorkspace(request, 'viewer', (tx) =>
        getDashboardStats(tx, { websiteId: request.query.websiteId }),
      ),
  );
};
