export { billingRoutes } from './routes.js';
export {
  openPlatformSubscription,
  type PaidOrder,
  renewSubscription,
  subscribeForOrder,
} from './service.js';
