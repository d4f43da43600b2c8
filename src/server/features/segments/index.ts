/*
 * The segments area's public file (ADR 0008): its routes and jobs, and for campaign audiences the SQL
 * test of membership and the check that a segment is the workspace's; the demo's segments.
 */
export { seedDemoSegments } from './demo-segments.js';
export { segmentJobs } from './jobs.js';
export { segmentRoutes } from './routes.js';
export { segmentExists } from './service.js';
export { memberOf as segmentMembershipSql } from './store.js';
