import { describe, expect, it } from 'vitest';
import {
  ApiClient,
  addMember,
  confirmSignUpByMail,
  signUpOwner,
  uniqueEmail,
  useTestApp,
} from '../../../../test/test-app.js';

const t = useTestApp();

const me = async (client: ApiClient) => (await client.get('/api/auth/user')).json();

describe('language choice', () => {
  it('starts unset: no user choice, no workspace default', async () => {
    const { client } = await signUpOwner(t.app);
    const user = await me(client);
    expect(user.locale).toBeNull();
    expect(user.workspace.defaultLocale).toBeNull();
  });

  it("keeps a signed-out visitor's choice sent at sign-up, and it survives signing in again", async () => {
    const client = new ApiClient(t.app);
    const email = uniqueEmail('visitor');
    const signUp = await client.post('/api/auth/signup', {
      firstName: 'Ana',
      lastName: 'Lima',
      email,
      password: 'correct-horse-battery',
      businessName: 'Lima Ltda',
      locale: 'pt-BR',
    });
    expect(signUp.statusCode).toBe(201);
    await confirmSignUpByMail(client, email);
    expect((await me(client)).locale).toBe('pt-BR');
    await client.post('/api/logout');
    const again = new ApiClient(t.app);
    expect(
      (await again.post('/api/auth/login', { email, password: 'correct-horse-battery' })).statusCode,
    ).toBe(200);
    expect((await me(again)).locale).toBe('pt-BR');
  });

  it('stores the user choice alone, leaves the profile as it was, and clears it with null', async () => {
    const { client } = await signUpOwner(t.app, { firstName: 'Olga' });
    const changed = await client.patch('/api/auth/user', { locale: 'ar' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ locale: 'ar', firstName: 'Olga', lastName: 'Owner' });
    expect((await me(client)).locale).toBe('ar');
    // The profile form does not send a locale: saving it keeps the language.
    await client.patch('/api/auth/user', { firstName: 'Olga', lastName: 'Owner', profileImageUrl: '' });
    expect((await me(client)).locale).toBe('ar');
    expect((await client.patch('/api/auth/user', { locale: null })).json().locale).toBeNull();
  });

  it('refuses a language that is not shipped with a 400 naming the field, and changes nothing', async () => {
    const { client } = await signUpOwner(t.app);
    await client.patch('/api/auth/user', { locale: 'de' });
    for (const locale of ['xx', 'pt', 'en-US', 'pseudo', 'AR', 42, '']) {
      const res = await client.patch('/api/auth/user', { locale });
      expect(res.statusCode, String(locale)).toBe(400);
      expect(res.json().message).toMatch(/^locale: /);
    }
    expect((await me(client)).locale).toBe('de');
    const signUp = await new ApiClient(t.app).post('/api/auth/signup', {
      firstName: 'X',
      lastName: 'Y',
      email: uniqueEmail('bad-locale'),
      password: 'correct-horse-battery',
      businessName: 'Z',
      locale: 'klingon',
    });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json().issues).toEqual([expect.objectContaining({ path: 'locale' })]);
  });

  it('sets the workspace default for its members (admins and owners only), validated the same way', async () => {
    const owner = await signUpOwner(t.app);
    const admin = await addMember(t.app, owner, 'admin');
    const member = await addMember(t.app, owner, 'member');
    expect((await member.client.patch('/api/workspace/settings', { defaultLocale: 'fr' })).statusCode).toBe(
      403,
    );
    expect((await admin.client.patch('/api/workspace/settings', { defaultLocale: 'fr' })).statusCode).toBe(
      204,
    );
    expect((await me(member.client)).workspace.defaultLocale).toBe('fr');
    expect((await me(owner.client)).workspace.defaultLocale).toBe('fr');

    const bad = await owner.client.patch('/api/workspace/settings', { defaultLocale: 'fr-FR' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^defaultLocale: /);
    expect((await me(owner.client)).workspace.defaultLocale).toBe('fr');

    // Another workspace keeps its own default.
    const other = await signUpOwner(t.app);
    expect((await me(other.client)).workspace.defaultLocale).toBeNull();
    expect((await owner.client.patch('/api/workspace/settings', { defaultLocale: null })).statusCode).toBe(
      204,
    );
    expect((await me(owner.client)).workspace.defaultLocale).toBeNull();
  });
});

describe('server messages by id', () => {
  it('sends the English message with its catalogue id and values, keeping the text as before', async () => {
    const client = new ApiClient(t.app);
    const res = await client.post('/api/auth/login', {
      email: uniqueEmail('nobody'),
      password: 'wrong-password',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      message: 'Invalid email or password.',
      code: 'unauthenticated',
      messageId: 'auth.invalidCredentials',
    });
  });

  it('a field error keeps "<field>: <text>" and carries the values of its placeholders', async () => {
    const { client } = await signUpOwner(t.app);
    const first = await client.post('/api/websites', { name: 'Shop', domain: 'shop.example.com' });
    expect(first.statusCode).toBe(201);
    const twin = await client.post('/api/websites', { name: 'Shop 2', domain: 'shop.example.com' });
    expect(twin.statusCode).toBe(400);
    expect(twin.json()).toMatchObject({
      message: 'domain: shop.example.com is already one of your websites',
      messageId: 'websites.domainTaken',
      values: { domain: 'shop.example.com' },
      issues: [{ path: 'domain', message: 'shop.example.com is already one of your websites' }],
    });
  });
});
