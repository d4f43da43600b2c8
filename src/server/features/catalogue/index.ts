export { catalogueRoutes } from './routes.js';
