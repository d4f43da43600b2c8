import type { FastifyPluginAsync } from 'fastify';
import { consoleRoutes } from './console-routes.js';
import { demoAppSimulator } from './demo-app-simulator.js';
import { ecosystemAppRoutes } from './routes.js';

/** The ecosystem console's routes (issue 11) and the demo apps' simulator. */
export const ecosystemRoutes: FastifyPluginAsync = async (app) => {
  await app.register(ecosystemAppRoutes);
  await app.register(consoleRoutes);
  await app.register(demoAppSimulator);
};
