export { linkFixRoutes } from './routes.js';
