import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRecentActivities } from './service.js';

const activitySchema = z.object({
  id: z.number(),
  type: z.string(),
  description: z.string(),
  createdAt: z.string(),
});

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/activities',
    { schema: { tags: ['activities'], response: { 200: z.array(activitySchema) } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => listRecentActivities(tx)),
  );
};
