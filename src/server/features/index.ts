import type { FastifyPluginAsync } from 'fastify';
import type { JobDefinition } from '../jobs/queue.js';
import { activityRoutes } from './activities/routes.js';
import { authRoutes } from './auth/routes.js';
import { catalogueRoutes } from './catalogue/routes.js';
import { contactRoutes } from './contacts/routes.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { memberRoutes } from './members/routes.js';
import { websiteRoutes } from './websites/routes.js';

/** Every feature's routes, registered in this order by app.ts. Add a feature with one line here. */
export const featureRoutes: FastifyPluginAsync[] = [
  authRoutes,
  memberRoutes,
  activityRoutes,
  catalogueRoutes,
  websiteRoutes,
  dashboardRoutes,
  contactRoutes,
];

/** Every background job the workers run. */
export const jobDefinitions: JobDefinition[] = [];
