import { AppError } from '@domain/app-error';
import {
  cardCheckoutSchema,
  checkoutUrlSchema,
  checkoutUrlSnakeSchema,
  providerProductSchema,
  webhookReceivedSchema,
} from '@domain/checkout/checkout-schemas';
import { serverMessage } from '@domain/messages';
import { packageCheckoutSchema } from '@domain/pricing/custom-package-schemas';
import { localBusinessCheckoutSchema } from '@domain/pricing/local-business';
import { reossCheckoutSchema } from '@domain/pricing/reoss';
import formbody from '@fastify/formbody';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { now } from '../../deps.js';
import {
  type CheckoutContext,
  cancelTestCheckout,
  findTestCheckoutOrder,
  handleStripeWebhook,
  payTestCheckout,
  startCardCheckout,
  startLocalBusinessCheckout,
  startPackageCheckout,
  startReossCheckout,
} from './service.js';
import { renderTestCheckout, renderTestCheckoutNotFound } from './test-checkout-page.js';

const tags = ['checkout'];

/** Checkout sessions of the pricing screens, the provider's webhook and the offline test checkout. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config, payments: provider } = app.deps;

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
        await handleStripeWebhook(
          { database, provider, log: request.log, at: now(app.deps) },
          request.body,
          request.headers['stripe-signature'],
        );
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
      const loadOrder = (sessionId: string) => findTestCheckoutOrder(database, sessionId);

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
          await cancelTestCheckout(database, order);
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
          const email = request.body.email.trim();
          const payment = await payTestCheckout(database, order, {
            sessionId,
            cardNumber: request.body.cardNumber,
            email,
            at: now(app.deps),
          });
          if (!payment.isPaid) {
            return reply.status(payment.status).send(
              renderTestCheckout({
                sessionId,
                lines: order.lines,
                status: order.status,
                cancelPath: String(order.selection.cancelPath ?? '/'),
                error: payment.error,
                cardNumber: request.body.cardNumber,
                email,
              }),
            );
          }
          return reply.redirect(`/success?session_id=${encodeURIComponent(sessionId)}`, 303);
        },
      );
    });
};
