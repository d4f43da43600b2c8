export { phoneSyncJobs } from './jobs.js';
export { phoneSyncRoutes } from './routes.js';
export { ensureTestSyncToken, renewTestSyncTokenAfterRestore } from './service.js';
