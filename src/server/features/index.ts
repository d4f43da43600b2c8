import type { FastifyPluginAsync } from 'fastify';
import type { JobDefinition } from '../jobs/queue.js';
import { activityRoutes } from './activities/index.js';
import { analyticsJobs, analyticsRoutes } from './analytics/index.js';
import { apiKeyRoutes } from './api-keys/index.js';
import { assistantRoutes } from './assistant/index.js';
import { authRoutes, passwordResetJob } from './auth/index.js';
import { automationJobs, automationRoutes } from './automation/index.js';
import { backupJobs, backupRoutes } from './backups/index.js';
import { billingJobs, billingRoutes } from './billing/index.js';
import { catalogueRoutes } from './catalogue/index.js';
import { checkoutRoutes } from './checkout/index.js';
import { contactRoutes } from './contacts/index.js';
import { contentJobs, contentRoutes } from './content/index.js';
import { crawlJobs, crawlRoutes } from './crawls/index.js';
import { crossSalesRoutes } from './cross-sales/index.js';
import { dashboardRoutes } from './dashboard/index.js';
import { collectJobDefinition, dataCollectionRoutes } from './data-collection/index.js';
import { dealRoutes } from './deals/index.js';
import { duplicateJobs, duplicateRoutes } from './duplicates/index.js';
import { ecosystemRoutes } from './ecosystem/index.js';
import { emailJobs, emailRoutes } from './email/index.js';
import { formRoutes } from './forms/index.js';
import { importJobDefinition, importRoutes } from './imports/index.js';
import { afterSiteCrawl, linkFixRoutes } from './link-fixes/index.js';
import { locationRoutes } from './location/index.js';
import { marketingJobs, marketingRoutes } from './marketing/index.js';
import { memberRoutes } from './members/index.js';
import { mobileAppRoutes } from './mobile-app/index.js';
import { monitoringJobs, monitoringRoutes } from './monitoring/index.js';
import { paymentRoutes } from './payments/index.js';
import { phoneSyncJobs, phoneSyncRoutes } from './phone-sync/index.js';
import { productRoutes } from './products/index.js';
import { reportJobs, reportRoutes } from './reports/index.js';
import { segmentJobs, segmentRoutes } from './segments/index.js';
import { seoCrawlAudit, seoJobs, seoRoutes } from './seo/index.js';
import { successionJobs, successionRoutes } from './succession/index.js';
import { superhubJobs, superhubRoutes } from './superhub/index.js';
import { taskJobs, taskRoutes } from './tasks/index.js';
import { webhookJobs, webhookRoutes } from './webhooks/index.js';
import { websiteRoutes } from './websites/index.js';

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
  taskRoutes,
  duplicateRoutes,
  reportRoutes,
  checkoutRoutes,
  paymentRoutes,
  billingRoutes,
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
  formRoutes,
  segmentRoutes,
  marketingRoutes,
  webhookRoutes,
  monitoringRoutes,
  superhubRoutes,
  backupRoutes,
  successionRoutes,
  assistantRoutes,
  mobileAppRoutes,
];

/** Every background job the workers run. */
export const jobDefinitions: JobDefinition[] = [
  ...emailJobs,
  ...phoneSyncJobs,
  importJobDefinition as JobDefinition,
  passwordResetJob as JobDefinition,
  ...analyticsJobs,
  // The crawler scores pages with the seo area's audit, handed over here so crawls does not import seo;
  // a finished full crawl also turns its findings into tasks (link-fixes), which read crawls in turn.
  ...crawlJobs({
    ...seoCrawlAudit,
    async afterFullCrawl(tx, deps, workspaceId) {
      await seoCrawlAudit.afterFullCrawl(tx, deps, workspaceId);
      await afterSiteCrawl(tx, deps, workspaceId);
    },
  }),
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
  ...taskJobs,
  ...duplicateJobs,
  ...billingJobs,
  ...segmentJobs,
  ...reportJobs,
];
