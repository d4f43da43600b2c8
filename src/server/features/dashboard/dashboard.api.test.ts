import { describe, expect, it } from 'vitest';
import { ApiClient, addMember, signUpOwner, useTestApp } from '../../../../test/test-app.js';

const t = useTestApp();

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

  it('narrows the figures to one website with ?websiteId, within the workspace only', async () => {
    const owner = await signUpOwner(t.app);
    const other = await signUpOwner(t.app);
    const site = (
      await owner.client.post('/api/websites', { name: 'Coach Site', domain: 'coach.example.test' })
    ).json();
    const otherSite = (
      await owner.client.post('/api/websites', { name: 'Housing Site', domain: 'housing.example.test' })
    ).json();
    for (const [email, source, status] of [
      ['a@example.test', 'Coach Site', 'lead'],
      ['b@example.test', 'Coach Site', 'customer'],
      ['c@example.test', 'Coach Site', 'lost'],
      ['d@example.test', 'Housing Site', 'lead'],
    ]) {
      const res = await owner.client.post('/api/contacts', { firstName: 'C', email, source, status });
      expect(res.statusCode).toBe(201);
    }

    expect((await owner.client.get(`/api/dashboard/stats?websiteId=${site.id}`)).json()).toEqual({
      totalRevenue: null,
      subscribers: 2,
      traffic: null,
      automationScore: null,
    });
    expect((await owner.client.get(`/api/dashboard/stats?websiteId=${otherSite.id}`)).json()).toMatchObject({
      subscribers: 1,
    });
    expect((await owner.client.get('/api/dashboard/stats')).json()).toMatchObject({ subscribers: 3 });
    // Another workspace cannot read this workspace's website, not even its figures.
    expect((await other.client.get(`/api/dashboard/stats?websiteId=${site.id}`)).statusCode).toBe(404);
    for (const bad of ['0', '-1', 'abc', '1.5', '2147483648']) {
      const res = await owner.client.get(`/api/dashboard/stats?websiteId=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.body, bad).toContain('websiteId');
    }
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
