export { successionJobs } from './jobs.js';
export { successionRoutes } from './routes.js';
