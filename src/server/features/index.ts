import type { FastifyPluginAsync } from 'fastify';
import type { JobDefinition } from '../jobs/queue.js';
import { activityRoutes } from './activities/routes.js';
import { analyticsJobs } from './analytics/jobs.js';
import { analyticsRoutes } from './analytics/routes.js';
import { apiKeyRoutes } from './api-keys/routes.js';
import { assistantRoutes } from './assistant/routes.js';
import { passwordResetJob } from './auth/password-service.js';
import { authRoutes } from './auth/routes.js';
import { automationJobs } from './automation/jobs.js';
import { automationRoutes } from './automation/routes.js';
import { backupJobs } from './backups/jobs.js';
import { backupRoutes } from './backups/routes.js';
import { catalogueRoutes } from './catalogue/routes.js';
import { checkoutRoutes } from './checkout/routes.js';
import { contactRoutes } from './contacts/index.js';
import { contentJobs } from './content/jobs.js';
import { contentRoutes } from './content/routes.js';
import { crawlJobs, crawlRoutes } from './crawls/index.js';
import { crossSalesRoutes } from './cross-sales/index.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { collectJobDefinition, dataCollectionRoutes } from './data-collection/index.js';
import { dealRoutes } from './deals/routes.js';
import { ecosystemRoutes } from './ecosystem/index.js';
import { emailJobs } from './email/jobs.js';
import { emailRoutes } from './email/routes.js';
import { importJobDefinition } from './imports/import-job.js';
import { importRoutes } from './imports/routes.js';
import { linkFixRoutes } from './link-fixes/index.js';
import { locationRoutes } from './location/index.js';
import { marketingJobs } from './marketing/jobs.js';
import { marketingRoutes } from './marketing/routes.js';
import { memberRoutes } from './members/routes.js';
import { monitoringJobs, monitoringRoutes } from './monitoring/index.js';
import { paymentRoutes } from './payments/routes.js';
import { phoneSyncJobs } from './phone-sync/jobs.js';
import { phoneSyncRoutes } from './phone-sync/routes.js';
import { productRoutes } from './products/routes.js';
import { seoCrawlAudit, seoJobs, seoRoutes } from './seo/index.js';
import { successionJobs } from './succession/jobs.js';
import { successionRoutes } from './succession/routes.js';
import { superhubJobs, superhubRoutes } from './superhub/index.js';
import { webhookJobs, webhookRoutes } from './webhooks/index.js';
import { websiteRoutes } from './websites/routes.js';

/** Every feature's routes, registered in this order by app.ts. Add a feature with one line here. */
export const featureRoutes: FastifyPluginAsync[] = [
  authRoutes,
  memberRoutes,
  apiKeyRoutes,
  activityRoutes,
  catalogueRoutes,
  websiteRoutes,
  dashboardRoutes,
  contactRoutes,
  dealRoutes,
  checkoutRoutes,
  paymentRoutes,
  productRoutes,
  emailRoutes,
  phoneSyncRoutes,
  locationRoutes,
  importRoutes,
  analyticsRoutes,
  crawlRoutes,
  linkFixRoutes,
  seoRoutes,
  contentRoutes,
  ecosystemRoutes,
  dataCollectionRoutes,
  crossSalesRoutes,
  automationRoutes,
  marketingRoutes,
  webhookRoutes,
  monitoringRoutes,
  superhubRoutes,
  backupRoutes,
  successionRoutes,
  assistantRoutes,
];

/** Every background job the workers run. */
export const jobDefinitions: JobDefinition[] = [
  ...emailJobs,
  ...phoneSyncJobs,
  importJobDefinition as JobDefinition,
  passwordResetJob as JobDefinition,
  ...analyticsJobs,
  // The crawler scores pages with the seo area's audit, handed over here so crawls does not import seo.
  ...crawlJobs(seoCrawlAudit),
  ...seoJobs,
  ...contentJobs,
  collectJobDefinition as JobDefinition,
  ...automationJobs,
  ...marketingJobs,
  ...webhookJobs,
  ...monitoringJobs,
  ...superhubJobs,
  ...backupJobs,
  ...successionJobs,
];
