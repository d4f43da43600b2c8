export { dealRoutes } from './routes.js';
export { createDealsFromImport, openDealsOfContacts } from './service.js';
