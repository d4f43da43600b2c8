import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applicationCategories } from '../../../domain/catalogue/applications.js';
import { placeholderSchedulerUrl } from '../../config.js';
import { getAnalyticsDashboard, getPublicConfig, listApplications } from './service.js';

const applicationSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.enum(applicationCategories),
  monthlyPrice: z.number().int().describe('cents per month'),
  lifetimePrice: z.number().int().describe('cents, once'),
  features: z.array(z.string()),
  benefits: z.array(z.string()),
});

const analyticsDashboardSchema = z.object({
  totalUsers: z.number().int().describe('contacts in the CRM'),
  monthlyRevenue: z.number().describe('payments received this calendar month, in dollars'),
  crossSellRate: z.number().nullable().describe('percent of customers with more than one product'),
});

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/applications',
    { schema: { tags: ['catalogue'], response: { 200: z.array(applicationSchema) } } },
    async () => listApplications(),
  );

  app.get(
    '/api/analytics/dashboard',
    { schema: { tags: ['catalogue'], response: { 200: analyticsDashboardSchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => getAnalyticsDashboard(tx)),
  );

  app.get(
    '/api/public-config',
    {
      schema: {
        tags: ['catalogue'],
        response: {
          200: z.object({
            schedulerUrl: z.string(),
            isSchedulerConfigured: z.boolean(),
            salesEmail: z.string(),
            checkout: z.enum(['stripe', 'offline-test', 'disabled']),
            importMaxBytes: z.number().int(),
          }),
        },
      },
    },
    async () => getPublicConfig(app.deps.config, placeholderSchedulerUrl),
  );
};
