import {
  cancelAtPeriodEndSchema,
  changePlanSchema,
  planChangeSchema,
  platformPlanSchema,
  subscriptionIdParamsSchema,
  subscriptionSchema,
} from '@domain/billing/subscription-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../db/database.js';
import { type AppDeps, now } from '../../deps.js';
import {
  type BillingContext,
  changePlan,
  listWorkspaceSubscriptions,
  platformPlan,
  setCancelAtPeriodEnd,
} from './service.js';

const tags = ['billing'];

/** The workspace's subscriptions; changing them is the owner's (the role is checked before the body). */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (deps: AppDeps, tx: Tx): BillingContext => ({ tx, provider: deps.payments, at: now(deps) });

  app.get(
    '/api/billing/subscription',
    {
      schema: {
        tags,
        description: "The platform plan: its add-ons, trial, renewal and the workspace's limits.",
        response: { 200: platformPlanSchema },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => platformPlan(tx, now(app.deps))),
  );

  app.get(
    '/api/billing/subscriptions',
    {
      schema: {
        tags,
        description:
          'Every subscription of the workspace, the platform plan first: each with its own price, seats and renewal.',
        response: { 200: z.array(subscriptionSchema) },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => listWorkspaceSubscriptions(tx, now(app.deps))),
  );

  app.post(
    '/api/billing/subscriptions/:id/change-plan',
    {
      config: { role: 'owner' },
      schema: {
        tags,
        description:
          'Upgrade or downgrade the platform plan now, through the payment provider, with proration. ' +
          'Refused below the number of members the workspace has.',
        params: subscriptionIdParamsSchema,
        body: changePlanSchema,
        response: { 200: planChangeSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'owner', (tx) =>
        changePlan(context(app.deps, tx), request.params.id, request.body),
      ),
  );

  app.post(
    '/api/billing/subscriptions/:id/cancel-at-period-end',
    {
      config: { role: 'owner' },
      schema: {
        tags,
        description:
          'true: the subscription ends with its current period (it runs until then); false: it renews again.',
        params: subscriptionIdParamsSchema,
        body: cancelAtPeriodEndSchema,
        response: { 200: subscriptionSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'owner', (tx) =>
        setCancelAtPeriodEnd(context(app.deps, tx), request.params.id, request.body.cancelAtPeriodEnd),
      ),
  );
};
