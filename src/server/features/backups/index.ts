export { backupJobs } from './jobs.js';
export { backupRoutes } from './routes.js';
