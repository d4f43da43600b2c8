import { activitySchema } from '@domain/activities/activity-types';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRecentActivities } from './service.js';

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/activities',
    { schema: { tags: ['activities'], response: { 200: z.array(activitySchema) } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => listRecentActivities(tx), { readOnly: true }),
  );
};
