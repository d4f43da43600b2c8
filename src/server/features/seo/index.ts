export { seoJobs } from './jobs.js';
export { seoRoutes } from './routes.js';
export { auditDraftPage, resealSearchConsoleAfterRestore, seoCrawlAudit } from './service.js';
