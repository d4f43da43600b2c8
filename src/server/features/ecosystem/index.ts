import type { FastifyPluginAsync } from 'fastify';
import { demoAppSimulator } from './demo-app-simulator.js';
import { ecosystemAppRoutes } from './routes.js';

/** The apps, their endpoints and the ecosystem page (issue 11), and the demo apps' simulator. */
export const ecosystemRoutes: FastifyPluginAsync = async (app) => {
  await app.register(ecosystemAppRoutes);
  await app.register(demoAppSimulator);
};

// What the other areas use: data collection and user integration read the apps and fetch their data,
// backups re-seal the endpoints' auth headers, the demo seed adds the demo apps.
export {
  type AppFetcher,
  createAppFetcher,
  EndpointDataError,
  endpointItems,
  failureReason,
  mappingFor,
} from './app-data.js';
export { seedDemoEcosystem } from './demo-data.js';
export { openAuthHeader, resealAuthHeadersAfterRestore } from './service.js';
export { type AppRow, findAppRowByName, listAppAliases, listAppRows, listEndpointRows } from './store.js';
