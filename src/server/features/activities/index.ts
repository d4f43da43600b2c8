export { activityRoutes } from './routes.js';
export { recordActivity } from './service.js';
