export { contentJobs } from './jobs.js';
export { contentRoutes } from './routes.js';
export { resealWordpressAfterRestore, unscheduleAfterRestore } from './service.js';
