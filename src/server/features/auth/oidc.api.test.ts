import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalOidcProvider } from '../../../../test/local-oidc-provider.js';
import { ApiClient, signUpOwner, useTestApp } from '../../../../test/test-app.js';

let provider: Awaited<ReturnType<typeof startLocalOidcProvider>>;

beforeAll(async () => {
  provider = await startLocalOidcProvider({ clientId: 'hub', clientSecret: 'hub-secret' });
});
afterAll(async () => {
  await provider.close();
});
const t = useTestApp(() => ({
  env: { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: 'hub', OIDC_CLIENT_SECRET: 'hub-secret' },
}));

/** Runs the browser's part: start -> provider -> callback; returns where the callback sent the browser. */
async function signInWithProvider(client: ApiClient) {
  const start = await client.get('/api/auth/oidc/start?next=/dashboard');
  expect(start.statusCode).toBe(302);
  const oidcCookie = start.cookies.find((c) => c.name === 'hub_oidc');
  const atProvider = await fetch(start.headers.location as string, { redirect: 'manual' });
  const callback = new URL(atProvider.headers.get('location') as string);
  const res = await client.request('GET', `${callback.pathname}${callback.search}`, undefined, {
    cookie: [client.cookie, `hub_oidc=${oidcCookie?.value}`].filter(Boolean).join('; '),
  });
  return res;
}

describe('OIDC sign-in', () => {
  it('says which sign-in methods exist', async () => {
    expect((await new ApiClient(t.app).get('/api/auth/providers')).json()).toEqual({
      password: true,
      oidc: true,
    });
  });

  it('creates the user and a workspace on first sign-in, then signs the same user in again', async () => {
    provider.setIdentity({
      sub: 'new-sub',
      email: 'new.sso@example.test',
      email_verified: true,
      given_name: 'Nia',
      family_name: 'Sso',
    });
    const client = new ApiClient(t.app);
    const res = await signInWithProvider(client);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/dashboard');
    const me = (await client.get('/api/auth/user')).json();
    expect(me).toMatchObject({
      email: 'new.sso@example.test',
      firstName: 'Nia',
      lastName: 'Sso',
      role: 'owner',
    });
    expect(me.workspace.name).toBe("Nia's workspace");

    const again = new ApiClient(t.app);
    await signInWithProvider(again);
    expect((await again.get('/api/auth/user')).json().id).toBe(me.id);
  });

  it('links an existing password account only when the provider verified the email', async () => {
    const owner = await signUpOwner(t.app);
    provider.setIdentity({
      sub: 'unverified',
      email: owner.email,
      email_verified: false,
      given_name: 'X',
      family_name: 'Y',
    });
    const refused = await signInWithProvider(new ApiClient(t.app));
    expect(refused.headers.location).toMatch(/^\/login\?error=An%20account%20with%20this%20email%20exists/);

    provider.setIdentity({
      sub: 'verified',
      email: owner.email,
      email_verified: true,
      given_name: 'X',
      family_name: 'Y',
    });
    const client = new ApiClient(t.app);
    expect((await signInWithProvider(client)).headers.location).toBe('/dashboard');
    expect((await client.get('/api/auth/user')).json().id).toBe(owner.userId);
  });

  it('refuses a callback without the signed check cookie', async () => {
    const res = await new ApiClient(t.app).get('/api/auth/oidc/callback?code=x&state=y');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^\/login\?error=/);
    expect(res.cookies.find((c) => c.name === 'hub_sid')).toBeUndefined();
  });
});
