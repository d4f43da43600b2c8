export { analyticsJobs } from './jobs.js';
export { type PageTraffic, pageTraffic } from './page-traffic.js';
export { analyticsRoutes } from './routes.js';
export { countDashboardTraffic } from './service.js';
export {
  countContactPageViews,
  destinationForContact,
  identifyVisitor,
  linkVisitorsOn,
  type VisitorIdentity,
} from './visitors.js';
