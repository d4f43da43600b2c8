export { dealRoutes } from './routes.js';
export { createDealsFromImport } from './service.js';
