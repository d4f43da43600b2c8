import { describe, expect, it } from 'vitest';
import {
  ApiClient,
  confirmSignUpByMail,
  signUpOwner,
  uniqueEmail,
  useTestApp,
} from '../../../../test/test-app.js';

const t = useTestApp();

describe('the package picked on /pricing reaches sign-up', () => {
  it('GET /api/login carries plan, add-ons and next to the sign-in page', async () => {
    const res = await new ApiClient(t.app).get(
      '/api/login?plan=starter&addons=lead-engine,training-hub,lead-engine&next=%2Fcontacts',
    );
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      '/login?plan=starter&addons=lead-engine%2Ctraining-hub&next=%2Fcontacts',
    );
    expect((await new ApiClient(t.app).get('/api/login')).headers.location).toBe('/login');
  });

  it('refuses an unknown plan or add-on with a 400 naming the field', async () => {
    const anonymous = new ApiClient(t.app);
    const badPlan = await anonymous.get('/api/login?plan=platinum');
    expect(badPlan.statusCode).toBe(400);
    expect(badPlan.body).toContain('plan');
    const badAddon = await anonymous.get('/api/login?addons=lead-engine,free-money');
    expect(badAddon.statusCode).toBe(400);
    expect(badAddon.body).toContain('free-money');
  });

  it('starts the trial with the chosen add-ons, and refuses unknown ones', async () => {
    const client = new ApiClient(t.app);
    const body = {
      firstName: 'Pia',
      lastName: 'Package',
      email: uniqueEmail('package'),
      password: 'correct-horse-battery',
      businessName: 'Package Co',
      plan: 'starter',
    };
    const bad = await client.post('/api/auth/signup', { ...body, addons: ['not-an-addon'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('addons');

    const res = await client.post('/api/auth/signup', { ...body, addons: ['lead-engine', 'lead-engine'] });
    expect(res.statusCode).toBe(201);
    await confirmSignUpByMail(client, body.email);
    const subscription = (await client.get('/api/billing/subscription')).json();
    expect(subscription.plan).toBe('starter');
    expect(subscription.addons.map((a: { id: string }) => a.id)).toEqual(['lead-engine']);
  });
});

describe('GET /api/auth/session', () => {
  it('answers a visitor 200 with no user, and a member with the same user as GET /api/auth/user', async () => {
    const visitor = await new ApiClient(t.app).get('/api/auth/session');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ user: null });
    // The spec's current-user read keeps answering a visitor 401.
    expect((await new ApiClient(t.app).get('/api/auth/user')).statusCode).toBe(401);

    const owner = await signUpOwner(t.app);
    const session = await owner.client.get('/api/auth/session');
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toEqual((await owner.client.get('/api/auth/user')).json());
  });
});
