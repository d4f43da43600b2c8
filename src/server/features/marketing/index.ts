export { marketingJobs } from './jobs.js';
export { marketingRoutes } from './routes.js';
export {
  bounceAddressWorkspace,
  campaignsLinkingTo,
  cancelRunMessages,
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
