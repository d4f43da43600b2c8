export { emailJobs } from './jobs.js';
export { emailRoutes } from './routes.js';
export { open, type RestoredIds, reseal, seal } from './service.js';
