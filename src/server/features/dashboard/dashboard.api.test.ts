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

  it('is readable by a viewer', async () => {
    const owner = await signUpOwner(t.app);
    const viewer = await addMember(t.app, owner, 'viewer');
    expect((await viewer.client.get('/api/dashboard/stats')).statusCode).toBe(200);
  });

  it('asks a visitor to sign in', async () => {
    expect((await new ApiClient(t.app).get('/api/dashboard/stats')).statusCode).toBe(401);
  });
});
