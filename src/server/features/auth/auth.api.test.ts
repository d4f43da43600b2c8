import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  createTestApp,
  signUpOwner,
  type TestApp,
  uniqueEmail,
} from '../../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign-up', () => {
  it('creates a workspace with the user as owner and a 14-day professional trial', async () => {
    const { client, email } = await signUpOwner(t.app, { businessName: 'Acme Bakery' });
    const me = (await client.get('/api/auth/user')).json();
    expect(me).toMatchObject({
      email,
      firstName: 'Olive',
      lastName: 'Owner',
      profileImageUrl: null,
      role: 'owner',
    });
    expect(me.workspace).toMatchObject({
      name: 'Acme Bakery',
      plan: 'professional',
      subscriptionStatus: 'trialing',
    });
    const trialDays = (new Date(me.workspace.trialEndsAt).getTime() - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(13.9);
    expect(trialDays).toBeLessThanOrEqual(14);
  });

  it('refuses a second account with the same email in another case', async () => {
    const { email } = await signUpOwner(t.app);
    const res = await new ApiClient(t.app).post('/api/auth/signup', {
      firstName: 'A',
      lastName: 'B',
      email: email.toUpperCase(),
      password: 'another-password',
      businessName: 'Dup',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already exists/);
  });

  it('names the field when input is bad and creates nothing', async () => {
    const email = uniqueEmail();
    const client = new ApiClient(t.app);
    const res = await client.post('/api/auth/signup', {
      firstName: 'A',
      lastName: 'B',
      email,
      password: 'short',
      businessName: 'X',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([expect.objectContaining({ path: 'password' })]);
    const signIn = await client.post('/api/auth/login', { email, password: 'short' });
    expect(signIn.statusCode).toBe(401);
  });

  it('asks for a business name unless the sign-up accepts an invite', async () => {
    const client = new ApiClient(t.app);
    const body = { firstName: 'A', lastName: 'B', email: uniqueEmail(), password: 'long-enough-1' };
    const res = await client.post('/api/auth/signup', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'businessName', message: 'Business name is required' }]);
    const owner = await signUpOwner(t.app);
    const invite = (
      await owner.client.post('/api/workspace/invites', { email: body.email, role: 'member' })
    ).json();
    const inviteToken = new URL(invite.inviteUrl).searchParams.get('invite');
    expect((await client.post('/api/auth/signup', { ...body, inviteToken })).statusCode).toBe(201);
    expect((await client.get('/api/auth/user')).json().workspace.id).toBe(owner.workspaceId);
  });
});

describe('sign-in and sign-out', () => {
  it('signs in, rotates the session id, and signs out', async () => {
    const owner = await signUpOwner(t.app);
    const client = new ApiClient(t.app, '10.0.0.1');
    client.cookie = owner.client.cookie; // a session id planted before sign-in
    const planted = owner.client.cookie;
    const res = await client.post('/api/auth/login', { email: owner.email, password: owner.password });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'hub_sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(client.cookie).not.toBe(planted);
    // The planted id no longer works.
    const old = new ApiClient(t.app);
    old.cookie = planted;
    expect((await old.get('/api/auth/user')).statusCode).toBe(401);

    expect((await client.get('/api/auth/user')).statusCode).toBe(200);
    expect((await client.post('/api/logout')).statusCode).toBe(204);
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('gives one generic message for a wrong email and a wrong password', async () => {
    const owner = await signUpOwner(t.app);
    const client = new ApiClient(t.app, '10.0.0.2');
    const wrongPassword = await client.post('/api/auth/login', {
      email: owner.email,
      password: 'wrong-password',
    });
    const wrongEmail = await client.post('/api/auth/login', {
      email: uniqueEmail('nobody'),
      password: 'whatever1',
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongEmail.statusCode).toBe(401);
    expect(wrongPassword.json().message).toBe('Invalid email or password.');
    expect(wrongEmail.json().message).toBe(wrongPassword.json().message);
  });

  it('rate limits sign-in per account, even with the right password afterwards', async () => {
    const owner = await signUpOwner(t.app);
    const client = new ApiClient(t.app, '10.0.0.3');
    for (let i = 0; i < 5; i++) {
      expect(
        (await client.post('/api/auth/login', { email: owner.email, password: `wrong-${i}` })).statusCode,
      ).toBe(401);
    }
    const blocked = await client.post('/api/auth/login', { email: owner.email, password: owner.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many sign-in attempts/);
  });

  it('rate limits sign-in per IP across accounts', async () => {
    const client = new ApiClient(t.app, '10.0.0.4');
    for (let i = 0; i < 20; i++) {
      await client.post('/api/auth/login', { email: uniqueEmail('spray'), password: 'wrong-password' });
    }
    const owner = await signUpOwner(t.app);
    const res = await client.post('/api/auth/login', { email: owner.email, password: owner.password });
    expect(res.statusCode).toBe(429);
    // Another IP is unaffected.
    const other = await new ApiClient(t.app, '10.0.0.5').post('/api/auth/login', {
      email: owner.email,
      password: owner.password,
    });
    expect(other.statusCode).toBe(200);
  });

  it('refuses a cookie-authenticated write from another origin (CSRF)', async () => {
    const owner = await signUpOwner(t.app);
    const res = await owner.client.request('POST', '/api/logout', undefined, {
      origin: 'https://evil.example',
    });
    expect(res.statusCode).toBe(403);
    const noOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: owner.client.cookie },
    });
    expect(noOrigin.statusCode).toBe(403);
    expect((await owner.client.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('GET /api/login takes the browser to the sign-in page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/login' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
  });
});
