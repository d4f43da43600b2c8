/*
 * The reports area's public file (ADR 0008): its routes, its scheduled reports' jobs and the restore's hold.
 * Reports read other areas' tables directly, in the workspace's transaction under row-level security
 * (catalogue.ts); the one feature imported is auth, for the product's mail.
 */
export { reportJobs } from './jobs.js';
export { reportRoutes } from './routes.js';
export { holdSchedulesAfterRestore } from './schedules.js';
