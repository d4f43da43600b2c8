export { billingJobs } from './jobs.js';
export { billingRoutes } from './routes.js';
export {
  applyProviderSubscription,
  openPlatformSubscription,
  type PaidOrder,
  type ProviderSubscriptionState,
  renewSubscription,
  subscribeForOrder,
} from './service.js';
