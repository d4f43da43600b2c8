export { marketingJobs } from './jobs.js';
export { marketingRoutes } from './routes.js';
export {
  bounceAddressWorkspace,
  campaignsLinkingTo,
  deliverMessage,
  deliverMessageJobName,
  holdSendingAfterRestore,
  isSuppressed,
  queueHeldCampaignsRecheck,
  queueMessage,
  recordDeliveryReport,
  renderMergeFields,
  unsentWorkflowMessagesEverywhere,
} from './service.js';
