/**
 * Webhooks: the apps' signed events in (stored once, counted, announced on the live-event bus), the
 * endpoints and triggers that forward them, signed and retried, with their delivery log, the Webhook
 * Deployment Center's configs, deployment and downloads (config, snippet, package), and the Standard
 * Webhooks signing both directions use. The other operations areas (monitoring, superhub) build on it.
 */
export { type AppEvent, onAppEvent } from './app-events.js';
export { deliveryClient, failDeliveriesAfterRestore, requeueUnfinished, sendToApp } from './deliveries.js';
export { appFileSlug } from './downloads.js';
export { webhookJobs } from './jobs.js';
export { raiseHubEvent } from './live-bus.js';
export { webhookRoutes } from './routes.js';
export {
  countEventsSince,
  eventTypesSince,
  findAppOps,
  listAppOps,
  listEndpoints,
  markDeployed,
  recentEvents,
  webhookConfigOf,
} from './service.js';
export {
  appSecret,
  appTarget,
  createHubClient,
  inboundUrl,
  signedHeaders,
  verifySigned,
} from './signing.js';
export { emitWorkspaceEvent } from './workspace-events.js';
