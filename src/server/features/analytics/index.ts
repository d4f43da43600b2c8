export { analyticsJobs } from './jobs.js';
export { type PageTraffic, pageTraffic } from './page-traffic.js';
export { analyticsRoutes } from './routes.js';
export { countDashboardTraffic } from './service.js';
export {
  countContactPageViews,
  createSaltOfDay,
  destinationForContact,
  identifyVisitor,
  linkVisitorsOn,
  type VisitorIdentity,
  visitorHash,
} from './visitors.js';
