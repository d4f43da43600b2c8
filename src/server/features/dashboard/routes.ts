import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getDashboardStats } from './service.js';

const statsSchema = z.object({
  totalRevenue: z.number().int().describe('integer cents'),
  subscribers: z.number().int(),
  traffic: z.number().int().nullable(),
  automationScore: z.number().nullable(),
});

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard/stats',
    { schema: { tags: ['dashboard'], response: { 200: statsSchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => getDashboardStats(tx)),
  );
};
