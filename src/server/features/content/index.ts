export { contentJobs } from './jobs.js';
export { contentRoutes } from './routes.js';
export { resealWordpressAfterRestore } from './service.js';
