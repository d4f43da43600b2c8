export { paymentRoutes } from './routes.js';
export {
  countProductsByEmail,
  recordPayment,
  revenueBetween,
  summarizeRevenue,
} from './service.js';
