export { paymentRoutes } from './routes.js';
export {
  activateSubscription,
  countProductsByEmail,
  extendSubscription,
  recordPayment,
  revenueBetween,
  summarizeRevenue,
} from './service.js';
