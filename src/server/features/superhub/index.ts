/**
 * Superhub: the hub's console over the workspace's apps. Central Monitoring's dashboard and feature flags,
 * Phase 3's integrations (probe, deploy, handshake, the app's signed acknowledgement), its health check,
 * monitoring configuration and per-app deployment script. The demo apps' webhook side lives here too:
 * it exists to keep the superhub, webhook and Phase 3 demo screens alive, and it drives integrations.
 * Built on webhooks (events, deliveries, signing) and monitoring (probes, uptime, incidents).
 */
export { stopIntegrationsAfterRestore } from './integration.js';
export { superhubJobs } from './jobs.js';
export { superhubRoutes } from './routes.js';
