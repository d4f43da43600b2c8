export { workflowsLinkingTo } from './email-links.js';
export { automationJobs } from './jobs.js';
export { automationRoutes } from './routes.js';
export { automationScore, stopRunsAfterRestore } from './service.js';
