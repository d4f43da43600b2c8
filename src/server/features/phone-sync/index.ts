export { phoneSyncJobs } from './jobs.js';
export { phoneSyncRoutes } from './routes.js';
