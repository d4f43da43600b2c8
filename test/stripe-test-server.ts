import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that speaks the subset of the Stripe API the payments adapter uses
 * (products, prices, checkout sessions, subscriptions, balance). The real `stripe` SDK is pointed at it with
 * host/port/protocol, so requests, encodings and errors go through the SDK exactly as in production.
 */
export interface StripeTestServer {
  url: string;
  /** Form parameters of every checkout session created, in order. */
  sessions: Record<string, string>[];
  /** Form parameters of every POST /v1/subscriptions/:id, in order. */
  subscriptionUpdates: { id: string; params: Record<string, string> }[];
  /** Form parameters of every product created. */
  createdProducts: Record<string, string>[];
  /**
   * What Stripe does when the customer pays a subscription session: the subscription `id`, one item per
   * recurring line of the session, in its first monthly period. The test then sends the webhook naming it.
   */
  completeSession(session: Record<string, string>, id: string): TestSubscription;
  subscriptions: Map<string, TestSubscription>;
  /** The API keys seen, to prove the SDK authenticated. */
  keys: string[];
  close(): Promise<void>;
}

export const testCatalogue = {
  products: [
    {
      id: 'prod_professional',
      object: 'product',
      active: true,
      name: 'Professional Plan',
      description: 'Up to 10,000 contacts',
      metadata: { popular: 'true', plan_id: 'professional' },
    },
    {
      id: 'prod_training',
      object: 'product',
      active: true,
      name: 'Training Hub',
      description: 'Courses and certificates',
      metadata: { addon_id: 'training-hub' },
    },
  ],
  prices: [
    {
      id: 'price_professional',
      product: 'prod_professional',
      unit_amount: 14900,
      interval: 'month' as const,
    },
    { id: 'price_training', product: 'prod_training', unit_amount: 8900, interval: 'month' as const },
    // Linked to the Professional plan but at another amount: checkout must refuse it.
    {
      id: 'price_professional_stale',
      product: 'prod_professional',
      unit_amount: 12900,
      interval: 'month' as const,
    },
  ],
};

function priceObject(p: (typeof testCatalogue.prices)[number], expandProduct: boolean) {
  return {
    id: p.id,
    object: 'price',
    active: true,
    currency: 'usd',
    unit_amount: p.unit_amount,
    recurring: p.interval ? { interval: p.interval, interval_count: 1 } : null,
    product: expandProduct ? testCatalogue.products.find((x) => x.id === p.product) : p.product,
  };
}

export interface TestSubscription {
  id: string;
  cancelAtPeriodEnd: boolean;
  periodStart: number;
  periodEnd: number;
  items: { id: string; unitAmount: number; product: string }[];
}

function subscriptionObject(sub: TestSubscription) {
  return {
    id: sub.id,
    object: 'subscription',
    status: 'active',
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    items: list(
      sub.items.map((item) => ({
        id: item.id,
        object: 'subscription_item',
        quantity: 1,
        current_period_start: sub.periodStart,
        current_period_end: sub.periodEnd,
        price: {
          id: `price_of_${item.id}`,
          object: 'price',
          active: true,
          currency: 'usd',
          unit_amount: item.unitAmount,
          product: item.product,
          recurring: { interval: 'month', interval_count: 1 },
        },
      })),
      `/v1/subscription_items?subscription=${sub.id}`,
    ),
  };
}

function notFound(res: ServerResponse, what: string) {
  return send(res, 404, {
    error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${Date.now()}` });
  res.end(JSON.stringify(body));
}

function list(data: unknown[], url: string) {
  return { object: 'list', data, has_more: false, url };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startStripeTestServer(): Promise<StripeTestServer> {
  const sessions: Record<string, string>[] = [];
  const keys: string[] = [];
  const subscriptions = new Map<string, TestSubscription>();
  const subscriptionUpdates: { id: string; params: Record<string, string> }[] = [];
  const createdProducts: Record<string, string>[] = [];
  let itemCount = 0;

  function completeSession(session: Record<string, string>, id: string): TestSubscription {
    const items: TestSubscription['items'] = [];
    for (let i = 0; session[`line_items[${i}][quantity]`] !== undefined; i++) {
      const line = (field: string) => session[`line_items[${i}]${field}`];
      const catalogued = testCatalogue.prices.find((p) => p.id === line('[price]'));
      if (catalogued) {
        items.push({
          id: `si_${++itemCount}`,
          unitAmount: catalogued.unit_amount,
          product: catalogued.product,
        });
      } else if (line('[price_data][recurring][interval]')) {
        items.push({
          id: `si_${++itemCount}`,
          unitAmount: Number(line('[price_data][unit_amount]')),
          product: `prod_inline_${itemCount}`,
        });
      }
    }
    const periodStart = Math.floor(Date.now() / 1000);
    const subscription = {
      id,
      cancelAtPeriodEnd: false,
      periodStart,
      periodEnd: periodStart + 30 * 86_400,
      items,
    };
    subscriptions.set(id, subscription);
    return subscription;
  }
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    keys.push(key);
    if (key === 'sk_test_revoked') {
      return send(res, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_********oked' },
      });
    }
    const body = new URLSearchParams(await readBody(req));
    if (req.method === 'GET' && url.pathname === '/v1/products') {
      return send(res, 200, list(testCatalogue.products, '/v1/products'));
    }
    if (req.method === 'GET' && url.pathname === '/v1/prices') {
      return send(
        res,
        200,
        list(
          testCatalogue.prices.map((p) => priceObject(p, false)),
          '/v1/prices',
        ),
      );
    }
    const priceMatch = /^\/v1\/prices\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && priceMatch) {
      const price = testCatalogue.prices.find((p) => p.id === decodeURIComponent(priceMatch[1]));
      if (!price) {
        return send(res, 404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such price' },
        });
      }
      return send(
        res,
        200,
        priceObject(
          price,
          [...url.searchParams.entries()].some(([k, v]) => k.startsWith('expand') && v === 'product'),
        ),
      );
    }
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const params = Object.fromEntries(body.entries());
      sessions.push(params);
      // Unique across test servers: every API test file's orders share one database, where session ids are unique.
      const id = `cs_test_${String(sessions.length).padStart(4, '0')}${randomBytes(10).toString('hex')}`;
      return send(res, 200, {
        id,
        object: 'checkout.session',
        mode: params.mode,
        url: `https://checkout.stripe.test/c/pay/${id}`,
        metadata: { order_id: params['metadata[order_id]'] },
      });
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (subscriptionMatch) {
      const id = decodeURIComponent(subscriptionMatch[1]);
      const subscription = subscriptions.get(id);
      if (!subscription) return notFound(res, `subscription: '${id}'`);
      if (req.method === 'POST') {
        const params = Object.fromEntries(body.entries());
        subscriptionUpdates.push({ id, params });
        for (let i = 0; params[`items[${i}][id]`] !== undefined; i++) {
          const field = (name: string) => params[`items[${i}]${name}`];
          const index = subscription.items.findIndex((item) => item.id === field('[id]'));
          if (index < 0) return notFound(res, `subscription item: '${field('[id]')}'`);
          if (field('[deleted]') === 'true') subscription.items.splice(index, 1);
          else if (field('[price_data][unit_amount]')) {
            subscription.items[index] = {
              id: field('[id]'),
              unitAmount: Number(field('[price_data][unit_amount]')),
              product: field('[price_data][product]'),
            };
          }
        }
        if (params.cancel_at_period_end)
          subscription.cancelAtPeriodEnd = params.cancel_at_period_end === 'true';
      }
      return send(res, 200, subscriptionObject(subscription));
    }
    if (req.method === 'POST' && url.pathname === '/v1/products') {
      const params = Object.fromEntries(body.entries());
      createdProducts.push(params);
      return send(res, 200, {
        id: `prod_created_${createdProducts.length}`,
        object: 'product',
        active: true,
        name: params.name,
        metadata: {},
      });
    }
    if (req.method === 'GET' && url.pathname === '/v1/balance') {
      return send(res, 200, { object: 'balance', livemode: false, available: [], pending: [] });
    }
    return send(res, 404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${req.method}: ${url.pathname})`,
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    subscriptionUpdates,
    createdProducts,
    completeSession,
    subscriptions,
    keys,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
