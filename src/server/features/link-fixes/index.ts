export { afterSiteCrawl } from './findings.js';
export { linkFixRoutes } from './routes.js';
