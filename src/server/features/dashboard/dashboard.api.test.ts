import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, addMember, createTestApp, signUpOwner, type TestApp } from '../../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/dashboard/stats', () => {
  it('reports measured figures only: nothing recorded yet means zero revenue and null traffic', async () => {
    const owner = await signUpOwner(t.app);
    const res = await owner.client.get('/api/dashboard/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ totalRevenue: 0, subscribers: 0, traffic: null, automationScore: null });
  });

  it("adds up the workspace's own payments and contacts, not another workspace's", async () => {
    const owner = await signUpOwner(t.app, { plan: 'starter' });
    const other = await signUpOwner(t.app);
    for (const [email, status] of [
      ['lead@example.test', 'lead'],
      ['customer@example.test', 'customer'],
      ['gone@example.test', 'lost'],
    ]) {
      const res = await owner.client.post('/api/contacts', { firstName: 'C', email, status });
      expect(res.statusCode).toBe(201);
    }
    // A real purchase through the offline checkout: the Starter plan, $49.
    const checkout = await owner.client.post('/api/billing/checkout', {
      planId: 'starter',
      addonIds: [],
      totalCents: 4900,
    });
    expect(checkout.statusCode).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: checkout.json().url,
      headers: {
        host: 'localhost',
        origin: 'http://localhost',
        cookie: owner.client.cookie,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({
        cardNumber: '4242424242424242',
        expiry: '12/34',
        cvc: '123',
      }).toString(),
    });
    expect(paid.statusCode).toBe(303);

    expect((await owner.client.get('/api/dashboard/stats')).json()).toEqual({
      totalRevenue: 4900,
      subscribers: 2,
      traffic: null,
      automationScore: null,
    });
    expect((await other.client.get('/api/dashboard/stats')).json()).toMatchObject({
      totalRevenue: 0,
      subscribers: 0,
    });
  });

  it('is readable by a viewer', async () => {
    const owner = await signUpOwner(t.app);
    const viewer = await addMember(t.app, owner, 'viewer');
    expect((await viewer.client.get('/api/dashboard/stats')).statusCode).toBe(200);
  });

  it('asks a visitor to sign in', async () => {
    expect((await new ApiClient(t.app).get('/api/dashboard/stats')).statusCode).toBe(401);
  });
});
