export { apiKeyRoutes } from './routes.js';
