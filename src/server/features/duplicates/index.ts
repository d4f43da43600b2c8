/*
 * The duplicates area's public file (ADR 0008): its routes and jobs, and the merge itself for imports and
 * app data collection that may merge exact matches.
 */
export { duplicateJobs } from './jobs.js';
export { duplicateRoutes } from './routes.js';
export { mergeContacts, undoMerge } from './service.js';
