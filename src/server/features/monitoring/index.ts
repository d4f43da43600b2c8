/**
 * Monitoring: each app's monitors and their probes (on time, once per interval, however many processes run),
 * heartbeats kept as minute, hour and day buckets for uptime over 24 h and 30 days, and incidents opened and
 * closed as an app goes down and comes back. A change of state becomes a live event (webhooks' bus).
 */
export { holdIfAppDown } from './incidents.js';
export { monitoringJobs } from './jobs.js';
export { probeUrl, startProbeLoop } from './probe.js';
export { monitoringRoutes } from './routes.js';
export { appMonitors, listMonitors, openIncidents, workspaceUptime } from './service.js';
