import { addons } from '@domain/pricing/addons';
import { localBusinessPricing, noLocalAddons } from '@domain/pricing/local-business';
import { basePlans } from '@domain/pricing/plans';
import { reossPricing } from '@domain/pricing/reoss';
import { describe, expect, it } from 'vitest';
import { ApiClient, signUpOwner, useTestApp } from '../../../../test/test-app.js';

const t = useTestApp();

const selection = {
  businessType: 'restaurant' as const,
  exposureLevel: 'directory' as const,
  zipCodes: '',
  naicsCode: 'other' as const,
  addons: { ...noLocalAddons, lumaraShoutouts: true },
};
const localBody = { ...selection, pricing: localBusinessPricing(selection) };

/** Submits the test checkout form as the browser does (urlencoded, same origin, with the session cookie). */
function pay(client: ApiClient, url: string, cardNumber: string, email = '') {
  return client.app.inject({
    method: 'POST',
    url,
    headers: {
      host: 'localhost',
      origin: 'http://localhost',
      'content-type': 'application/x-www-form-urlencoded',
      ...(client.cookie ? { cookie: client.cookie } : {}),
    },
    payload: new URLSearchParams({ cardNumber, email, expiry: '12/34', cvc: '123' }).toString(),
  });
}

describe('offline payments provider', () => {
  it('serves the catalogue of plans and add-ons from the domain', async () => {
    const res = await new ApiClient(t.app).get('/api/stripe/products');
    expect(res.statusCode).toBe(200);
    const products = res.json();
    expect(products).toHaveLength(basePlans.length + addons.length);
    expect(products[1]).toMatchObject({
      name: 'Professional Plan',
      metadata: { popular: 'true' },
      prices: [{ id: 'price_plan_professional_monthly', unit_amount: 14900, interval: 'month' }],
    });
  });

  it('declines 4000 0000 0000 0002 clearly, then completes with 4242 and redirects to /success', async () => {
    const buyer = await signUpOwner(t.app);
    const res = await buyer.client.post('/api/local-business/checkout', localBody);
    expect(res.statusCode).toBe(200);
    const url: string = res.json().checkout_url;
    expect(url).toMatch(/^\/api\/checkout\/test\/cs_offline_/);
    const sessionId = url.split('/').pop() ?? '';

    const page = await new ApiClient(t.app).get(url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Directory Listing listing (Restaurant)');
    expect(page.body).toContain('Pay $73.00'); // 44 + 29

    const declined = await pay(buyer.client, url, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined.');
    expect((await buyer.client.get('/api/payments')).json()).toEqual([]);

    const paid = await pay(buyer.client, url, '4242 4242 4242 4242', 'chef@example.test');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/success?session_id=${sessionId}`);
    const payments = (await buyer.client.get('/api/payments')).json();
    expect(payments).toEqual([
      expect.objectContaining({
        amountCents: 7300,
        recurringCents: 7300,
        provider: 'offline',
        customerEmail: 'chef@example.test',
      }),
    ]);
    expect((await buyer.client.get('/api/activities')).json()[0].type).toBe('payment_received');

    // Paying again is refused and records nothing more.
    const again = await pay(buyer.client, url, '4242424242424242');
    expect(again.statusCode).toBe(409);
    expect((await buyer.client.get('/api/payments')).json()).toHaveLength(1);
  });

  it('refuses other card numbers and unknown sessions', async () => {
    const res = await new ApiClient(t.app).post('/api/reoss/checkout', {
      tier: 'basic',
      addons: [],
      pricing: (({ oneTime: _o, ...p }) => p)(reossPricing('basic', [])),
    });
    const url: string = res.json().checkout_url;
    const wrong = await pay(new ApiClient(t.app), url, '5555 5555 5555 4444');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('accepts only the test cards');
    expect((await new ApiClient(t.app).get('/api/checkout/test/cs_offline_nope')).statusCode).toBe(404);
  });

  it('cancels a session: back to the calculator, and it can no longer be paid', async () => {
    const visitor = new ApiClient(t.app);
    const url: string = (await visitor.post('/api/local-business/checkout', localBody)).json().checkout_url;
    const cancel = await t.app.inject({
      method: 'POST',
      url: `${url}/cancel`,
      headers: { host: 'localhost', origin: 'http://localhost' },
    });
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe('/pricing/local-business');
    const late = await pay(visitor, url, '4242424242424242');
    expect(late.statusCode).toBe(409);
    expect((await visitor.get(url)).body).toContain('This checkout was cancelled or has expired.');
  });

  it('records a signed-out purchase as a sale of no workspace', async () => {
    const visitor = new ApiClient(t.app);
    const res = await visitor.post('/api/reoss/checkout', {
      tier: 'pro',
      addons: ['kvcore_setup'],
      pricing: (({ oneTime: _o, ...p }) => p)(reossPricing('pro', ['kvcore_setup'])),
    });
    const url: string = res.json().checkout_url;
    const page = await visitor.get(url);
    expect(page.body).toContain('Due today');
    expect(page.body).toContain('$649.00'); // 299 monthly + 350 setup
    expect((await pay(visitor, url, '4242424242424242')).statusCode).toBe(303);
    const done = await visitor.get(url);
    expect(done.body).toContain('This checkout is already paid.');
  });

  it('reports the offline provider with no keys and a real self-check', async () => {
    const owner = await signUpOwner(t.app);
    expect((await owner.client.get('/api/payments/provider')).json()).toEqual({
      provider: 'offline',
      mode: 'offline',
      keys: { live: null, test: null },
      webhookConfigured: false,
    });
    const check = (await owner.client.post('/api/payments/test-connection')).json();
    expect(check).toMatchObject({ ok: true, provider: 'offline' });
    expect(check.message).toMatch(/Offline test checkout is healthy/);
  });

  it('answers 404 to a Stripe webhook when Stripe is not configured', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Stripe webhooks are not configured on this server.');
  });

  it('sells the dashboard package: the engine total is checked, payment sets plan and add-ons', async () => {
    const owner = await signUpOwner(t.app, { plan: 'starter' });
    const tampered = await owner.client.post('/api/billing/checkout', {
      planId: 'enterprise',
      addonIds: ['lead-engine'],
      totalCents: 100,
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().issues[0]).toMatchObject({ path: 'pricing.totalCents' });
    const res = await owner.client.post('/api/billing/checkout', {
      planId: 'enterprise',
      addonIds: ['lead-engine'],
      totalCents: 59800,
    });
    expect(res.statusCode).toBe(200);
    expect((await pay(owner.client, res.json().url, '4242424242424242')).statusCode).toBe(303);
    expect((await owner.client.get('/api/billing/subscription')).json()).toMatchObject({
      plan: 'enterprise',
      addons: [{ id: 'lead-engine' }],
      subscriptionStatus: 'active',
      limits: { contacts: null },
    });
    expect((await owner.client.get('/api/payments/revenue')).json()).toMatchObject({
      total: 59800,
      recurring: 59800,
    });
  });
});
