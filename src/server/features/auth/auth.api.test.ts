import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalSmtpServer, startLocalSmtpServer } from '../../../../test/local-smtp-server.js';
import {
  ApiClient,
  lastMailTo,
  signUpLinkToken,
  signUpOwner,
  uniqueEmail,
  useTestApp,
} from '../../../../test/test-app.js';

let owner: pg.Client;
let smtp: LocalSmtpServer;
beforeAll(async () => {
  smtp = await startLocalSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});
const t = useTestApp(() => ({ workers: true, env: { SMTP_URL: smtp.url } }));
beforeAll(async () => {
  owner = new pg.Client({ connectionString: t.ownerUrl });
  await owner.connect();
});
afterAll(async () => {
  await owner.end();
});

const userRows = async (email: string) =>
  (await owner.query('select id from users where email = $1', [email])).rows;

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

  it('answers a registered email as a new one, signs nobody in and tells that address by mail', async () => {
    const account = await signUpOwner(t.app);
    const attempt = (email: string, extra: object = {}) =>
      new ApiClient(t.app).post('/api/auth/signup', {
        firstName: 'A',
        lastName: 'B',
        email,
        password: 'another-password',
        businessName: 'Dup',
        ...extra,
      });
    const newcomer = new ApiClient(t.app);
    const newEmail = uniqueEmail('newcomer');
    const fresh = await newcomer.post('/api/auth/signup', {
      firstName: 'A',
      lastName: 'B',
      email: newEmail,
      password: 'another-password',
      businessName: 'Dup',
    });
    const intruder = new ApiClient(t.app);
    const taken = await intruder.post('/api/auth/signup', {
      firstName: 'A',
      lastName: 'B',
      email: account.email.toUpperCase(),
      password: 'another-password',
      businessName: 'Dup',
    });
    // The same status and body, and nobody signed in: the new address is mailed a link, the taken one a notice.
    expect([fresh.statusCode, taken.statusCode]).toEqual([201, 201]);
    expect(taken.json()).toEqual(fresh.json());
    expect([fresh.headers['set-cookie'], taken.headers['set-cookie']]).toEqual([undefined, undefined]);
    expect((await newcomer.get('/api/auth/user')).statusCode).toBe(401);
    expect(intruder.cookie).toBe('');
    expect((await intruder.get('/api/auth/user')).statusCode).toBe(401);
    // Nothing changed for the account: one user, its own password.
    expect(await userRows(account.email)).toHaveLength(1);
    expect(
      (
        await new ApiClient(t.app).post('/api/auth/login', {
          email: account.email,
          password: 'another-password',
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await new ApiClient(t.app).post('/api/auth/login', {
          email: account.email,
          password: account.password,
        })
      ).statusCode,
    ).toBe(200);
    const mail = await smtp.nextMailTo(account.email);
    expect(mail.subject).toBe('Someone tried to sign up with your address');
    expect(mail.text).toContain(`http://localhost:${t.config.PORT}/login`);
    expect(mail.text).toContain('Forgot password?');
    const confirmation = await smtp.nextMailTo(newEmail);
    expect(confirmation.subject).toBe('Confirm your email to finish signing up');
    expect(signUpLinkToken(confirmation.text)).toMatch(/^\S{20,}$/);
    // An invite is judged as for a new address: a bad one is refused the same way for both.
    const badInvite = { inviteToken: 'not-a-real-invite-token' };
    const [forNew, forTaken] = [
      await attempt(uniqueEmail('nobody'), badInvite),
      await attempt(account.email, badInvite),
    ];
    expect([forNew.statusCode, forTaken.statusCode]).toEqual([404, 404]);
    expect(forTaken.json()).toEqual(forNew.json());
    // A value only the database would refuse is refused first, for both, naming the field.
    const nul = { businessName: 'Nul\u0000 Bakery' };
    const [nulNew, nulTaken] = [await attempt(uniqueEmail('nul'), nul), await attempt(account.email, nul)];
    expect([nulNew.statusCode, nulTaken.statusCode]).toEqual([400, 400]);
    expect(nulTaken.json()).toEqual(nulNew.json());
    expect(nulTaken.json().issues[0].path).toBe('businessName');
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

describe('a failed sign-up leaves no account behind', () => {
  const body = (email: string) => ({
    firstName: 'Fay',
    lastName: 'Failed',
    email,
    password: 'correct-horse-battery',
    businessName: 'Fay Co',
  });

  it('with an invite token that is not valid', async () => {
    const email = uniqueEmail('bad-invite');
    const res = await new ApiClient(t.app).post('/api/auth/signup', {
      ...body(email),
      inviteToken: 'not-a-real-invite-token',
    });
    expect(res.statusCode).toBe(404);
    expect(await userRows(email)).toHaveLength(0);
    expect((await new ApiClient(t.app).post('/api/auth/signup', body(email))).statusCode).toBe(201);
  });

  it('with an invite meant for someone else', async () => {
    const inviter = await signUpOwner(t.app);
    const invite = (
      await inviter.client.post('/api/workspace/invites', { email: uniqueEmail('invitee'), role: 'member' })
    ).json();
    const inviteToken = new URL(invite.inviteUrl).searchParams.get('invite');
    const email = uniqueEmail('not-invitee');
    const res = await new ApiClient(t.app).post('/api/auth/signup', { ...body(email), inviteToken });
    expect(res.statusCode).toBe(403);
    expect(await userRows(email)).toHaveLength(0);
    expect((await new ApiClient(t.app).post('/api/auth/signup', body(email))).statusCode).toBe(201);
  });

  it('with a business name the workspace cannot take', async () => {
    const email = uniqueEmail('bad-name');
    const res = await new ApiClient(t.app).post('/api/auth/signup', {
      ...body(email),
      businessName: 'Nul\u0000 Bakery',
    });
    expect(res.statusCode).not.toBe(201);
    expect(await userRows(email)).toHaveLength(0);
    const retry = await new ApiClient(t.app).post('/api/auth/signup', body(email));
    expect(retry.statusCode).toBe(201);
  });

  it('two sign-ups with one email at once are answered alike; their two links make one account', async () => {
    const email = uniqueEmail('twice');
    const clients = [new ApiClient(t.app), new ApiClient(t.app)];
    const answers = await Promise.all(clients.map((client) => client.post('/api/auth/signup', body(email))));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(answers[1].json()).toEqual(answers[0].json());
    expect(await userRows(email)).toHaveLength(0);
    // Each got a link; opening both at once makes one account, and the later link says so.
    const tokens = [signUpLinkToken(await lastMailTo({ app: t.app }, email))];
    tokens.push(signUpLinkToken(await lastMailTo({ app: t.app }, email)));
    expect(new Set(tokens).size).toBe(2);
    const confirmed = await Promise.all(
      clients.map((client, i) => client.post('/api/auth/signup/confirm', { token: tokens[i] })),
    );
    expect(confirmed.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(confirmed.find((a) => a.statusCode === 409)?.json().messageId).toBe('auth.signUpAlreadyConfirmed');
    expect(await userRows(email)).toHaveLength(1);
    const signedIn = await Promise.all(
      clients.map(async (client) => (await client.get('/api/auth/user')).statusCode),
    );
    expect(signedIn.sort()).toEqual([200, 401]);
  });
});

describe('passwords and profile input', () => {
  it('refuses common and blank passwords at sign-up, naming the field', async () => {
    for (const password of ['password', 'Password1', '        ', 'aaaaaaaaaa']) {
      const email = uniqueEmail('weak');
      const res = await new ApiClient(t.app).post('/api/auth/signup', {
        firstName: 'W',
        lastName: 'Eak',
        email,
        password,
        businessName: 'Weak Co',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([expect.objectContaining({ path: 'password' })]);
      expect(await userRows(email)).toHaveLength(0);
    }
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

  it('rate limits sign-in per account and address, even with the right password afterwards', async () => {
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
