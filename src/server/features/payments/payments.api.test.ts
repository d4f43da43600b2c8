import { localBusinessPricing, noLocalAddons } from '@domain/pricing/local-business';
import { reossPricing } from '@domain/pricing/reoss';
import pg from 'pg';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeTestServer, startStripeTestServer } from '../../../../test/stripe-test-server.js';
import { ApiClient, addMember, createTestApp, signUpOwner, useTestApp } from '../../../../test/test-app.js';

const webhookSecret = 'whsec_test_secret_for_payments';
const testKey = 'sk_test_51HubTestKeyAbcdefghijklmnop1234';
const signer = new Stripe('sk_test_signer_only');

let stripeServer: StripeTestServer;
let owner: pg.Client;

beforeAll(async () => {
  stripeServer = await startStripeTestServer();
});
afterAll(async () => {
  await stripeServer.close();
});
const t = useTestApp(() => ({
  env: {
    STRIPE_TEST_SECRET_KEY: testKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: stripeServer.url,
  },
}));
beforeAll(async () => {
  owner = new pg.Client({ connectionString: t.ownerUrl });
  await owner.connect();
});
afterAll(async () => {
  await owner.end();
});

const count = async (table: string, where = 'true', params: unknown[] = []) =>
  Number((await owner.query(`select count(*) from ${table} where ${where}`, params)).rows[0].count);

function localBody(overrides: Record<string, unknown> = {}) {
  const selection = {
    businessType: 'bakery' as const,
    exposureLevel: 'ai_recommended' as const,
    zipCodes: '90210, 10001, 60601',
    naicsCode: 'other' as const,
    addons: { ...noLocalAddons, autoMatchCrm: true, coBrandedPage: true },
  };
  return { ...selection, pricing: localBusinessPricing(selection), ...overrides };
}

function reossBody(tier: 'basic' | 'pro' | 'team' | 'brokerage', addons: string[]) {
  const { oneTime: _oneTime, ...pricing } = reossPricing(tier, addons as never);
  return { tier, addons, pricing };
}

function webhook(event: object, secret = webhookSecret) {
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

function completedEvent(eventId: string, session: Record<string, string>, sessionId = 'cs_test_webhook') {
  return {
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        payment_status: 'paid',
        metadata: { order_id: session['metadata[order_id]'] },
        client_reference_id: session.client_reference_id,
        customer_details: { email: 'buyer@example.test' },
        subscription: `sub_${eventId}`,
        payment_intent: null,
      },
    },
  };
}

describe('GET /api/stripe/products (Stripe)', () => {
  it('lists the provider products with their prices and popular metadata, signed out', async () => {
    const res = await new ApiClient(t.app).get('/api/stripe/products');
    expect(res.statusCode).toBe(200);
    const products = res.json();
    expect(products).toHaveLength(2);
    expect(products[0]).toMatchObject({
      id: 'prod_professional',
      name: 'Professional Plan',
      metadata: { popular: 'true' },
      prices: [
        { id: 'price_professional', unit_amount: 14900, interval: 'month' },
        { id: 'price_professional_stale', unit_amount: 12900, interval: 'month' },
      ],
    });
    expect(stripeServer.keys).toContain(testKey);
  });
});

describe('card checkout, webhook and subscription', () => {
  it('creates a subscription session for the price, then the signed webhook fulfils it once', async () => {
    const buyer = await signUpOwner(t.app);
    const res = await buyer.client.post('/api/stripe/create-checkout-session', { priceId: 'price_training' });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const session = stripeServer.sessions.at(-1) ?? {};
    expect(session).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_training',
      success_url: 'http://localhost/success?session_id={CHECKOUT_SESSION_ID}',
    });

    // The success page does not fulfil: nothing is recorded before the webhook.
    expect((await buyer.client.get('/api/payments')).json()).toEqual([]);

    // A bad signature is refused and records nothing.
    const forged = await webhook(completedEvent('evt_forged', session), 'whsec_wrong');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('Invalid Stripe signature.');
    expect((await buyer.client.get('/api/payments')).json()).toEqual([]);

    const ok = await webhook(completedEvent('evt_card_1', session));
    expect(ok.statusCode).toBe(200);
    const replay = await webhook(completedEvent('evt_card_1', session));
    expect(replay.statusCode).toBe(200);

    const payments = (await buyer.client.get('/api/payments')).json();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      amountCents: 8900,
      recurringCents: 8900,
      oneTimeCents: 0,
      provider: 'stripe',
    });
    const sub = (await buyer.client.get('/api/billing/subscription')).json();
    expect(sub).toMatchObject({
      subscriptionStatus: 'active',
      addons: [{ id: 'training-hub', priceCents: 8900 }],
    });
    expect(new Date(sub.renewsAt).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    const activities = (await buyer.client.get('/api/activities')).json();
    expect(activities[0]).toMatchObject({
      type: 'payment_received',
      description: 'Payment received: $89 for Training Hub',
    });
    const revenue = (await buyer.client.get('/api/payments/revenue')).json();
    expect(revenue).toMatchObject({
      total: 8900,
      thisMonth: 8900,
      recurring: 8900,
      oneTime: 0,
      count: 1,
      average: 8900,
    });

    // Another workspace sees none of it.
    const other = await signUpOwner(t.app);
    expect((await other.client.get('/api/payments')).json()).toEqual([]);
    expect((await other.client.get('/api/payments/revenue')).json()).toMatchObject({ total: 0, count: 0 });
  });

  it('records each paid renewal invoice once as recurring revenue and moves the renewal date', async () => {
    const buyer = await signUpOwner(t.app);
    await buyer.client.post('/api/stripe/create-checkout-session', { priceId: 'price_training' });
    const session = stripeServer.sessions.at(-1) ?? {};
    await webhook(completedEvent('evt_first', session));
    const periodEnd = Math.floor(Date.UTC(2031, 0, 15) / 1000);
    const renewal = {
      id: 'evt_renewal_1',
      object: 'event',
      type: 'invoice.paid',
      data: {
        object: {
          id: 'in_renewal_1',
          object: 'invoice',
          billing_reason: 'subscription_cycle',
          amount_paid: 8900,
          period_end: periodEnd,
          parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_evt_first' } },
          lines: { object: 'list', data: [{ period: { start: periodEnd - 2_592_000, end: periodEnd } }] },
        },
      },
    };
    expect((await webhook(renewal)).statusCode).toBe(200);
    expect((await webhook(renewal)).statusCode).toBe(200);
    const payments = (await buyer.client.get('/api/payments')).json();
    expect(
      payments.map((p: { description: string; amountCents: number }) => [p.description, p.amountCents]),
    ).toEqual([
      ['Renewal: Training Hub', 8900],
      ['Training Hub', 8900],
    ]);
    expect((await buyer.client.get('/api/billing/subscription')).json().renewsAt).toBe(
      '2031-01-15T00:00:00.000Z',
    );
    expect((await buyer.client.get('/api/payments/revenue')).json()).toMatchObject({
      recurring: 17800,
      count: 2,
    });
  });

  it('sets the plan when a plan product is bought', async () => {
    const buyer = await signUpOwner(t.app, { plan: 'starter' });
    await buyer.client.post('/api/stripe/create-checkout-session', { priceId: 'price_professional' });
    const session = stripeServer.sessions.at(-1) ?? {};
    expect((await webhook(completedEvent('evt_plan_1', session))).statusCode).toBe(200);
    expect((await buyer.client.get('/api/billing/subscription')).json()).toMatchObject({
      plan: 'professional',
      planPriceCents: 14900,
      limits: { contacts: 10000, users: 10 },
    });
  });

  it('answers 400 naming priceId for a price that is not on sale', async () => {
    const res = await new ApiClient(t.app).post('/api/stripe/create-checkout-session', {
      priceId: 'price_nope',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([expect.objectContaining({ path: 'priceId' })]);
  });

  it('refuses a provider price that disagrees with the engine price of its plan', async () => {
    const before = stripeServer.sessions.length;
    const res = await new ApiClient(t.app).post('/api/stripe/create-checkout-session', {
      priceId: 'price_professional_stale',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0]).toMatchObject({ path: 'priceId' });
    expect(stripeServer.sessions.length).toBe(before);
  });

  it('closes an order whose session expired; a later completion records nothing', async () => {
    const buyer = await signUpOwner(t.app);
    await buyer.client.post('/api/stripe/create-checkout-session', { priceId: 'price_training' });
    const session = stripeServer.sessions.at(-1) ?? {};
    const expired = completedEvent('evt_expired_1', session);
    const res = await webhook({ ...expired, type: 'checkout.session.expired' });
    expect(res.statusCode).toBe(200);
    expect(
      await count('checkout_orders', "id = $1 and status = 'expired'", [session['metadata[order_id]']]),
    ).toBe(1);
    await webhook(completedEvent('evt_after_expiry', session));
    expect((await buyer.client.get('/api/payments')).json()).toEqual([]);
  });

  it('refuses a webhook without a signature', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/local-business/checkout', () => {
  it('creates the session from the engine: monthly lines as a subscription, the Co-Branded Page once', async () => {
    const res = await new ApiClient(t.app).post('/api/local-business/checkout', localBody());
    expect(res.statusCode).toBe(200);
    expect(res.json().checkout_url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const s = stripeServer.sessions.at(-1) ?? {};
    expect(s.mode).toBe('subscription');
    expect(s['line_items[0][price_data][unit_amount]']).toBe('11400');
    expect(s['line_items[0][price_data][recurring][interval]']).toBe('month');
    expect(s['line_items[1][price_data][product_data][name]']).toBe('Extra ZIP codes');
    expect(s['line_items[1][price_data][unit_amount]']).toBe('1900');
    expect(s['line_items[2][price_data][unit_amount]']).toBe('5900');
    expect(s['line_items[3][price_data][product_data][name]']).toBe('Co-Branded Page');
    expect(s['line_items[3][price_data][unit_amount]']).toBe('9900');
    expect(s['line_items[3][price_data][recurring][interval]']).toBeUndefined();
  });

  it('refuses a tampered total with 400 and creates nothing', async () => {
    const sessionsBefore = stripeServer.sessions.length;
    const ordersBefore = await count('checkout_orders');
    const body = localBody();
    const res = await new ApiClient(t.app).post('/api/local-business/checkout', {
      ...body,
      pricing: { ...body.pricing, total: 100, annualTotal: 1080 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/price shown is out of date/);
    expect(res.json().issues.map((i: { path: string }) => i.path)).toEqual([
      'pricing.total',
      'pricing.annualTotal',
    ]);
    expect(stripeServer.sessions.length).toBe(sessionsBefore);
    expect(await count('checkout_orders')).toBe(ordersBefore);
  });

  it('refuses pricing computed with another industry multiplier than the naicsCode sent', async () => {
    const body = localBody();
    const res = await new ApiClient(t.app).post('/api/local-business/checkout', {
      ...body,
      naicsCode: 'real_estate',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe('pricing.monthlyBase');
  });

  it('names the field on bad input', async () => {
    const res = await new ApiClient(t.app).post(
      '/api/local-business/checkout',
      localBody({ exposureLevel: 'billboard' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe('exposureLevel');
  });
});

describe('POST /api/reoss/checkout', () => {
  it('charges the tier and monthly add-ons monthly and the kvCORE setup once', async () => {
    const res = await new ApiClient(t.app).post(
      '/api/reoss/checkout',
      reossBody('team', ['lead_bundle', 'kvcore_setup']),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().checkout_url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const s = stripeServer.sessions.at(-1) ?? {};
    expect(s['line_items[0][price_data][unit_amount]']).toBe('59900');
    expect(s['line_items[1][price_data][unit_amount]']).toBe('19900');
    expect(s['line_items[2][price_data][unit_amount]']).toBe('35000');
    expect(s['line_items[2][price_data][recurring][interval]']).toBeUndefined();
  });

  it('refuses a discounted annual total that includes the one-time setup', async () => {
    const body = reossBody('pro', ['kvcore_setup']);
    // The wrong rule: (299 + 350) x 12 x 0.9 instead of 299 x 12 x 0.9 + 350.
    const res = await new ApiClient(t.app).post('/api/reoss/checkout', {
      ...body,
      pricing: { ...body.pricing, annualTotal: 700900 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([expect.objectContaining({ path: 'pricing.annualTotal' })]);
  });

  it('makes a membership of its own after payment, with its seats; the plan keeps its own', async () => {
    const buyer = await signUpOwner(t.app, { plan: 'starter' });
    await buyer.client.post('/api/reoss/checkout', reossBody('brokerage', []));
    const session = stripeServer.sessions.at(-1) ?? {};
    await webhook(completedEvent('evt_reoss_1', session));
    expect((await buyer.client.get('/api/billing/subscription')).json()).toMatchObject({
      plan: 'starter',
      seats: 2,
      subscriptionStatus: 'trialing',
    });
    const reoss = (await buyer.client.get('/api/billing/subscriptions')).json()[1];
    expect(reoss).toMatchObject({ kind: 'reoss', plan: 'brokerage', seats: 25, priceCents: 99900 });
  });

  it('lets only admins buy for their workspace (member 403, viewer 403)', async () => {
    const buyer = await signUpOwner(t.app);
    const member = await addMember(t.app, buyer, 'member');
    const viewer = await addMember(t.app, buyer, 'viewer');
    const before = stripeServer.sessions.length;
    expect((await member.client.post('/api/reoss/checkout', reossBody('basic', []))).statusCode).toBe(403);
    expect((await viewer.client.post('/api/reoss/checkout', reossBody('basic', []))).statusCode).toBe(403);
    expect(stripeServer.sessions.length).toBe(before);
  });
});

describe('payments panel API (Stripe)', () => {
  it('shows only masked keys', async () => {
    const buyer = await signUpOwner(t.app);
    const res = await buyer.client.get('/api/payments/provider');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(testKey);
    expect(res.body).not.toContain(webhookSecret);
    expect(res.json()).toEqual({
      provider: 'stripe',
      mode: 'test',
      keys: { live: null, test: 'sk_test_••••••••1234' },
      webhookConfigured: true,
    });
  });

  it('tests the connection with an authenticated Stripe read; admins only', async () => {
    const buyer = await signUpOwner(t.app);
    const res = await buyer.client.post('/api/payments/test-connection');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, provider: 'stripe' });
    const member = await addMember(t.app, buyer, 'member');
    expect((await member.client.post('/api/payments/test-connection')).statusCode).toBe(403);
  });

  it('reports a failed connection when Stripe refuses the key', async () => {
    const revoked = await createTestApp({
      env: { STRIPE_TEST_SECRET_KEY: 'sk_test_revoked', STRIPE_API_URL: stripeServer.url },
    });
    try {
      const buyer = await signUpOwner(revoked.app);
      const res = await buyer.client.post('/api/payments/test-connection');
      expect(res.json()).toMatchObject({ ok: false });
      expect(res.json().message).toMatch(/Stripe connection failed: Invalid API Key/);
      const products = await new ApiClient(revoked.app).get('/api/stripe/products');
      expect(products.statusCode).toBe(503);
      expect(products.json().message).toBe('Failed to fetch products');
    } finally {
      await revoked.close();
    }
  });
});
