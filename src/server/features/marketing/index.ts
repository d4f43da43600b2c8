export { marketingJobs } from './jobs.js';
export { marketingRoutes } from './routes.js';
export {
  bounceAddressWorkspace,
  deliverMessage,
  deliverMessageJobName,
  holdSendingAfterRestore,
  isSuppressed,
  queueMessage,
  recordDeliveryReport,
  renderMergeFields,
  unsentWorkflowMessagesEverywhere,
} from './service.js';
