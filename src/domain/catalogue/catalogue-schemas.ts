import { z } from 'zod';
import { applicationCategories } from './applications.js';

/** GET /api/applications: one app of the platform's catalogue. */
export const applicationSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.enum(applicationCategories),
  monthlyPrice: z.number().int().describe('cents per month'),
  lifetimePrice: z.number().int().describe('cents, once'),
  features: z.array(z.string()),
  benefits: z.array(z.string()),
});
export type Application = z.infer<typeof applicationSchema>;

/** GET /api/analytics/dashboard; the definitions of each figure live with the server's service. */
export const analyticsDashboardSchema = z.object({
  totalUsers: z.number().int().describe('contacts in the CRM'),
  monthlyRevenue: z.number().describe('payments received this calendar month, in dollars'),
  crossSellRate: z.number().nullable().describe('percent of customers with more than one product'),
});
export type AnalyticsDashboard = z.infer<typeof analyticsDashboardSchema>;

/** GET /api/public-config: settings the public pages need (scheduler widget URL, sales mail address). */
export const publicConfigSchema = z.object({
  schedulerUrl: z.string(),
  /** False while SCHEDULER_URL is the shipped placeholder, so the page can say it is not set up yet. */
  isSchedulerConfigured: z.boolean(),
  /** Where the landing page's Enterprise 'Contact Sales' mail link goes. */
  salesEmail: z.string(),
  /** 'offline-test': checkouts are tests (no card is charged); 'disabled': no payments are taken. */
  checkout: z.enum(['stripe', 'offline-test', 'disabled']),
  /** The largest CSV an import takes, in bytes (IMPORT_MAX_BYTES). */
  importMaxBytes: z.number().int(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
