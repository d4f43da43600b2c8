import { AppError } from '@domain/app-error';
import {
  cardCheckoutSchema,
  checkoutUrlSchema,
  checkoutUrlSnakeSchema,
  providerProductSchema,
  webhookReceivedSchema,
} from '@domain/checkout/checkout-schemas';
import { serverMessage } from '@domain/messages';
import {
  connectionResultSchema,
  paymentRowSchema,
  providerStatusSchema,
  revenueSummarySchema,
  subscriptionSchema,
} from '@domain/payments/payment-schemas';
import { packageCheckoutSchema } from '@domain/pricing/custom-package';
import { localBusinessCheckoutSchema } from '@domain/pricing/local-business';
import { reossCheckoutSchema } from '@domain/pricing/reoss';
import formbody from '@fastify/formbody';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { createPaymentsProvider } from '../../providers/payments/index.js';
import { StripePaymentsProvider } from '../../providers/payments/stripe-provider.js';
import {
  type CheckoutContext,
  completeCheckout,
  recordRenewal,
  startCardCheckout,
  startLocalBusinessCheckout,
  startPackageCheckout,
  startReossCheckout,
} from './checkout-service.js';
import { productRoutes } from './products.js';
import { billingSubscription, listWorkspacePayments, summarizeRevenue } from './service.js';
import { expireOrder, findOrderBySession } from './store.js';
import { renderTestCheckout, renderTestCheckoutNotFound, testCards } from './test-checkout-page.js';

const tags = ['payments'];

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;
  const provider = createPaymentsProvider(config, async () => {
    await database.pool.query('select 1 from checkout_orders limit 1');
  });

  const checkoutContext = (request: FastifyRequest): CheckoutContext => ({
    database,
    provider,
    member: request.member,
    baseUrl: config.PUBLIC_URL?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`,
  });

  app.get(
    '/api/stripe/products',
    { schema: { tags, response: { 200: z.array(providerProductSchema) } } },
    async (request) => {
      try {
        return await provider.listProducts();
      } catch (error) {
        request.log.error({ err: error }, 'listing provider products failed');
        throw new AppError('unavailable', serverMessage('payments.productsUnavailable'));
      }
    },
  );

  app.post(
    '/api/stripe/create-checkout-session',
    {
      schema: {
        tags,
        body: cardCheckoutSchema,
        response: { 200: checkoutUrlSchema },
      },
    },
    async (request) => {
      const session = await startCardCheckout(checkoutContext(request), request.body.priceId);
      return { url: session.url };
    },
  );

  app.post(
    '/api/local-business/checkout',
    {
      schema: {
        tags,
        body: localBusinessCheckoutSchema,
        response: { 200: checkoutUrlSnakeSchema },
      },
    },
    async (request) => {
      const session = await startLocalBusinessCheckout(checkoutContext(request), request.body);
      return { checkout_url: session.url };
    },
  );

  app.post(
    '/api/reoss/checkout',
    {
      schema: { tags, body: reossCheckoutSchema, response: { 200: checkoutUrlSnakeSchema } },
    },
    async (request) => {
      const session = await startReossCheckout(checkoutContext(request), request.body);
      return { checkout_url: session.url };
    },
  );

  app.post(
    '/api/billing/checkout',
    { schema: { tags, body: packageCheckoutSchema, response: { 200: checkoutUrlSchema } } },
    async (request) => {
      const session = await startPackageCheckout(checkoutContext(request), request.body);
      return { url: session.url };
    },
  );

  // Stripe signs the exact bytes it sent: this scope alone reads JSON as a raw buffer.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/stripe/webhook',
      { schema: { tags, response: { 200: webhookReceivedSchema } } },
      async (request) => {
        // Without a webhook secret this server has no Stripe endpoint: a client error, not a server fault.
        if (!(provider instanceof StripePaymentsProvider) || !provider.hasWebhookSecret) {
          throw new AppError('not_found', 'Stripe webhooks are not configured on this server.');
        }
        const signature = request.headers['stripe-signature'];
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
          throw new AppError('bad_request', 'Missing Stripe signature.');
        }
        let event: Stripe.Event;
        try {
          event = provider.constructEvent(request.body, signature);
        } catch {
          throw new AppError('bad_request', 'Invalid Stripe signature.');
        }
        if (
          event.type === 'checkout.session.completed' ||
          event.type === 'checkout.session.async_payment_succeeded'
        ) {
          const session = event.data.object;
          // An asynchronous payment (bank debit) completes later with async_payment_succeeded.
          if (session.payment_status === 'unpaid') return { received: true };
          const orderId = session.metadata?.order_id ?? session.client_reference_id;
          if (orderId) {
            const reference = session.subscription ?? session.payment_intent;
            const subscription = session.subscription;
            const result = await completeCheckout(database, {
              eventId: event.id,
              provider: 'stripe',
              orderId,
              providerSessionId: session.id,
              customerEmail: session.customer_details?.email ?? null,
              reference: typeof reference === 'string' ? reference : (reference?.id ?? null),
              subscriptionId: typeof subscription === 'string' ? subscription : (subscription?.id ?? null),
            });
            if (result === 'unknown_order')
              request.log.warn({ orderId, eventId: event.id }, 'webhook for an unknown order');
          }
        }
        if (event.type === 'invoice.paid') {
          const invoice = event.data.object;
          const subscription = invoice.parent?.subscription_details?.subscription;
          const subscriptionId = typeof subscription === 'string' ? subscription : subscription?.id;
          // The first invoice is the checkout itself (recorded above); later ones are renewals.
          if (subscriptionId && invoice.billing_reason === 'subscription_cycle' && invoice.amount_paid > 0) {
            const periodEnd = invoice.lines.data[0]?.period?.end ?? invoice.period_end;
            const result = await recordRenewal(database, {
              eventId: event.id,
              subscriptionId,
              amountPaidCents: invoice.amount_paid,
              periodEnd: new Date(periodEnd * 1000),
              reference: invoice.id ?? null,
            });
            if (result === 'unknown_order')
              request.log.warn({ subscriptionId }, 'renewal for an unknown subscription');
          }
        }
        if (event.type === 'checkout.session.expired') {
          const orderId = event.data.object.metadata?.order_id ?? event.data.object.client_reference_id;
          if (orderId) await database.db.transaction((tx) => expireOrder(tx, orderId));
        }
        return { received: true };
      },
    );
  });

  // The offline test checkout: the unguessable session id in the path is the capability (public route).
  // Where it is not allowed (production without OFFLINE_CHECKOUT), its pages do not exist at all.
  if (provider.mode === 'offline')
    await app.register(async (plain) => {
      await plain.register(formbody);
      const scope = plain.withTypeProvider<ZodTypeProvider>();
      const params = z.object({ sessionId: z.string().min(1).max(100) });
      const loadOrder = (sessionId: string) =>
        database.db
          .transaction((tx) => findOrderBySession(tx, sessionId))
          .then((o) => (o?.provider === 'offline' ? o : undefined));

      scope.get(
        '/api/checkout/test/:sessionId',
        { schema: { hide: true, params } },
        async (request, reply) => {
          const order = await loadOrder(request.params.sessionId);
          reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
          if (!order) return reply.status(404).send(renderTestCheckoutNotFound());
          return renderTestCheckout({
            sessionId: request.params.sessionId,
            lines: order.lines,
            status: order.status,
            cancelPath: String(order.selection.cancelPath ?? '/'),
          });
        },
      );

      // Cancelling closes the session like an expired Stripe session: it can no longer be paid.
      scope.post(
        '/api/checkout/test/:sessionId/cancel',
        { schema: { hide: true, params } },
        async (request, reply) => {
          const order = await loadOrder(request.params.sessionId);
          if (!order)
            return reply.status(404).type('text/html; charset=utf-8').send(renderTestCheckoutNotFound());
          await database.db.transaction((tx) => expireOrder(tx, order.id));
          return reply.redirect(String(order.selection.cancelPath ?? '/'), 303);
        },
      );

      scope.post(
        '/api/checkout/test/:sessionId',
        {
          schema: {
            hide: true,
            params,
            body: z.object({
              cardNumber: z.string().max(40).default(''),
              email: z.string().max(254).default(''),
              expiry: z.string().max(10).optional(),
              cvc: z.string().max(10).optional(),
            }),
          },
        },
        async (request, reply) => {
          const { sessionId } = request.params;
          const order = await loadOrder(sessionId);
          reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
          if (!order) return reply.status(404).send(renderTestCheckoutNotFound());
          const cancelPath = String(order.selection.cancelPath ?? '/');
          const digits = request.body.cardNumber.replace(/[\s-]/g, '');
          const email = request.body.email.trim();
          const again = (status: number, error: string) =>
            reply.status(status).send(
              renderTestCheckout({
                sessionId,
                lines: order.lines,
                status: order.status,
                cancelPath,
                error,
                cardNumber: request.body.cardNumber,
                email,
              }),
            );
          if (order.status !== 'open') return again(409, 'This checkout is no longer open.');
          if (email && !z.email().safeParse(email).success)
            return again(400, 'Enter a valid email address or leave it empty.');
          if (digits === testCards.declined)
            return again(402, 'Your card was declined. No payment was taken — try another card.');
          if (digits !== testCards.success) {
            return again(400, 'This test checkout accepts only the test cards listed below.');
          }
          await completeCheckout(database, {
            eventId: `evt_offline_${sessionId}`,
            provider: 'offline',
            orderId: order.id,
            providerSessionId: sessionId,
            customerEmail: email || null,
            reference: `pay_offline_${sessionId.slice(-12)}`,
            // The offline checkout does not renew by itself: there is no provider subscription.
            subscriptionId: null,
          });
          return reply.redirect(`/success?session_id=${encodeURIComponent(sessionId)}`, 303);
        },
      );
    });

  await app.register(productRoutes);

  app.get(
    '/api/payments/provider',
    { schema: { tags, response: { 200: providerStatusSchema } } },
    (request) =>
      app.inWorkspace(request, 'viewer', async () => ({
        provider: provider.kind,
        mode: provider.mode,
        keys: provider.maskedKeys(),
        webhookConfigured: provider instanceof StripePaymentsProvider && provider.hasWebhookSecret,
      })),
  );

  app.post(
    '/api/payments/test-connection',
    { schema: { tags, response: { 200: connectionResultSchema } } },
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

  app.get(
    '/api/billing/subscription',
    { schema: { tags, response: { 200: subscriptionSchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => billingSubscription(tx)),
  );
};
