import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient, createTestApp, signUpOwner, type TestApp } from '../../../../test/test-app.js';

const production = {
  NODE_ENV: 'production',
  SECRET_KEY: 'checkout-test-secret-key-checkout-test-key',
  LOG_LEVEL: 'silent',
  // Sign-up mails a link, which production builds from here only.
  PUBLIC_URL: 'http://localhost',
};
const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

async function appWith(env: Record<string, string>) {
  const t = await createTestApp({ env });
  apps.push(t);
  return t;
}

function pay(t: TestApp, url: string) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      host: 'localhost',
      origin: 'http://localhost',
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams({ cardNumber: '4242424242424242', email: '' }).toString(),
  });
}

describe('the offline test checkout', () => {
  it('does not exist in production without Stripe keys: checkout answers 503 and nothing is activated', async () => {
    const t = await appWith(production);
    const buyer = await signUpOwner(t.app);
    const res = await buyer.client.post('/api/stripe/create-checkout-session', {
      priceId: 'price_plan_enterprise_monthly',
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Payments are not configured on this server.');
    expect((await buyer.client.get('/api/billing/subscription')).json().plan).toBe('professional');
    // Its pages are gone too, so an order of an earlier test checkout cannot be paid either.
    expect((await new ApiClient(t.app).get('/api/checkout/test/cs_offline_any')).statusCode).toBe(404);
    expect((await pay(t, '/api/checkout/test/cs_offline_any')).statusCode).toBe(404);

    expect((await new ApiClient(t.app).get('/api/public-config')).json().checkout).toBe('disabled');
    expect((await buyer.client.get('/api/payments/provider')).json().mode).toBe('disabled');
    const check = (await buyer.client.post('/api/payments/test-connection')).json();
    expect(check).toMatchObject({ ok: false, message: expect.stringContaining('not configured') });
    // The catalogue still shows prices.
    expect((await new ApiClient(t.app).get('/api/stripe/products')).statusCode).toBe(200);
  });

  it('runs in production only with OFFLINE_CHECKOUT=true, labelled as a test everywhere', async () => {
    const t = await appWith({ ...production, OFFLINE_CHECKOUT: 'true' });
    const buyer = await signUpOwner(t.app);
    const res = await buyer.client.post('/api/stripe/create-checkout-session', {
      priceId: 'price_plan_enterprise_monthly',
    });
    expect(res.statusCode).toBe(200);
    const page = await new ApiClient(t.app).get(res.json().url);
    expect(page.body).toContain('Offline test checkout — no real card is charged');
    expect((await new ApiClient(t.app).get('/api/public-config')).json().checkout).toBe('offline-test');
    expect((await buyer.client.get('/api/payments/provider')).json().mode).toBe('offline');
    expect((await pay(t, res.json().url)).statusCode).toBe(303);
  });

  it('is the default outside production', async () => {
    const t = await appWith({});
    expect((await new ApiClient(t.app).get('/api/public-config')).json().checkout).toBe('offline-test');
  });
});
