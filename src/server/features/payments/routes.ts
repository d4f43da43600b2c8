import {
  connectionResultSchema,
  paymentRowSchema,
  providerStatusSchema,
  revenueSummarySchema,
} from '@domain/payments/payment-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hasStripeWebhook } from '../../providers/payments/stripe-provider.js';
import { listWorkspacePayments, summarizeRevenue } from './service.js';

const tags = ['payments'];

/** The payment provider's status, the payments received and revenue. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments: provider } = app.deps;

  app.get(
    '/api/payments/provider',
    { schema: { tags, response: { 200: providerStatusSchema } } },
    (request) =>
      app.inWorkspace(request, 'viewer', async () => ({
        provider: provider.kind,
        mode: provider.mode,
        keys: provider.maskedKeys(),
        webhookConfigured: hasStripeWebhook(provider),
      })),
  );

  app.post(
    '/api/payments/test-connection',
    { config: { role: 'admin' }, schema: { tags, response: { 200: connectionResultSchema } } },
    (request) =>
      app.inWorkspace(request, 'admin', async () => {
        const check = await provider.testConnection();
        return { ...check, provider: provider.kind, checkedAt: new Date().toISOString() };
      }),
  );

  app.get('/api/payments/revenue', { schema: { tags, response: { 200: revenueSummarySchema } } }, (request) =>
    app.inWorkspace(request, 'viewer', (tx) => summarizeRevenue(tx)),
  );

  app.get('/api/payments', { schema: { tags, response: { 200: z.array(paymentRowSchema) } } }, (request) =>
    app.inWorkspace(request, 'viewer', (tx) => listWorkspacePayments(tx)),
  );
};
