export { websiteRoutes } from './routes.js';
export {
  findWebsiteRow,
  findWebsiteRowByDomain,
  getWebsite,
  getWebsiteTrackingKey,
  listWebsiteRows,
  listWebsites,
  type WebsiteRow,
} from './service.js';
