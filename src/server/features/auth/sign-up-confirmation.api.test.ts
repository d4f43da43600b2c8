import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  lastMailTo,
  signUpLinkToken,
  signUpOwner,
  uniqueEmail,
  uniqueIp,
  useTestApp,
} from '../../../../test/test-app.js';

// No mail transport, as `npm start` on a fresh machine: the mail lands in the outbox.
const t = useTestApp();
let owner: pg.Client;
beforeAll(async () => {
  owner = new pg.Client({ connectionString: t.ownerUrl });
  await owner.connect();
});
afterAll(async () => {
  await owner.end();
});

const password = 'correct-horse-battery';
const body = (email: string, extra: object = {}) => ({
  firstName: 'Cleo',
  lastName: 'Confirm',
  email,
  password,
  businessName: 'Cleo Co',
  ...extra,
});
const userRows = async (email: string) =>
  (await owner.query('select id from users where email = $1', [email])).rows;
const run = promisify(execFile);
const confirm = (client: ApiClient, token: string) => client.post('/api/auth/signup/confirm', { token });

describe('sign-up through the mailed link', () => {
  it('answers a new and a registered email alike, and creates nothing before the link is opened', async () => {
    const registered = await signUpOwner(t.app);
    const email = uniqueEmail('new');
    const [fresh, taken] = [
      await new ApiClient(t.app).post('/api/auth/signup', body(email)),
      await new ApiClient(t.app).post('/api/auth/signup', body(registered.email)),
    ];
    expect([fresh.statusCode, taken.statusCode]).toEqual([201, 201]);
    expect(fresh.body).toBe(taken.body);
    expect([fresh.headers['set-cookie'], taken.headers['set-cookie']]).toEqual([undefined, undefined]);
    expect(await userRows(email)).toHaveLength(0);
    // The registered address is told, and no link is mailed to it.
    expect(await lastMailTo({ app: t.app }, registered.email)).toContain('It already\nhas an account');
    const mail = await lastMailTo({ app: t.app }, email);
    expect(mail).toContain('Open this link within 24 hours');
    // Only hashes are kept: the token's sha-256 and the password's argon2id.
    const token = signUpLinkToken(mail);
    const { rows } = await owner.query(
      'select token_hash, password_hash from pending_sign_ups where email = $1',
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toBe(token);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(rows[0])).not.toContain(password);
  });

  it('creates the account, its workspace and trial with what the sign-up chose, signed in, once', async () => {
    const email = uniqueEmail('chooser');
    const client = new ApiClient(t.app);
    const signUp = await client.post(
      '/api/auth/signup',
      body(email, { plan: 'starter', addons: ['lead-engine'], locale: 'de', businessName: 'Kleo GmbH' }),
    );
    expect(signUp.statusCode).toBe(201);
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
    const token = signUpLinkToken(await lastMailTo({ app: t.app }, email));

    const confirmed = await confirm(client, token);
    expect(confirmed.statusCode).toBe(200);
    const me = (await client.get('/api/auth/user')).json();
    expect(me).toMatchObject({
      email,
      firstName: 'Cleo',
      locale: 'de',
      role: 'owner',
      workspace: { name: 'Kleo GmbH', plan: 'starter', subscriptionStatus: 'trialing' },
    });
    const plan = (await client.get('/api/billing/subscription')).json();
    expect(plan.addons.map((a: { id: string }) => a.id)).toEqual(['lead-engine']);
    expect((await new ApiClient(t.app).post('/api/auth/login', { email, password })).statusCode).toBe(200);

    // The link works once.
    const again = await confirm(new ApiClient(t.app), token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      messageId: 'auth.signUpLinkInvalid',
      issues: [expect.objectContaining({ path: 'token' })],
    });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(await userRows(email)).toHaveLength(1);
  });

  it('makes one account when the same link is opened twice at once', async () => {
    const email = uniqueEmail('race');
    expect((await new ApiClient(t.app).post('/api/auth/signup', body(email))).statusCode).toBe(201);
    const token = signUpLinkToken(await lastMailTo({ app: t.app }, email));
    const answers = await Promise.all([
      confirm(new ApiClient(t.app), token),
      confirm(new ApiClient(t.app), token),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(await userRows(email)).toHaveLength(1);
    const { rows } = await owner.query(
      `select count(*)::int as n from memberships m join users u on u.id = m.user_id where u.email = $1`,
      [email],
    );
    expect(rows[0].n).toBe(1);
  });

  it('refuses an expired or unknown link alike, creating nothing; signing up again works', async () => {
    const email = uniqueEmail('late');
    expect((await new ApiClient(t.app).post('/api/auth/signup', body(email))).statusCode).toBe(201);
    const token = signUpLinkToken(await lastMailTo({ app: t.app }, email));
    await owner.query(
      `update pending_sign_ups set expires_at = now() - interval '1 second' where email = $1`,
      [email],
    );
    const expired = await confirm(new ApiClient(t.app), token);
    const unknown = await confirm(new ApiClient(t.app), 'x'.repeat(43));
    expect([expired.statusCode, unknown.statusCode]).toEqual([400, 400]);
    expect(expired.json()).toEqual(unknown.json());
    expect(expired.json().message).toBe(
      'token: This sign-up link is not valid any more: it was already used or is older than 24 hours. Sign up again to get a new one.',
    );
    expect(await userRows(email)).toHaveLength(0);

    const client = new ApiClient(t.app);
    expect((await client.post('/api/auth/signup', body(email))).statusCode).toBe(201);
    const fresh = signUpLinkToken(await lastMailTo({ app: t.app }, email));
    expect(fresh).not.toBe(token);
    expect((await confirm(client, fresh)).statusCode).toBe(200);
  });

  it('lets a local user without a mail server read the link: npm run mail:outbox prints it', async () => {
    const email = uniqueEmail('local');
    expect((await new ApiClient(t.app).post('/api/auth/signup', body(email))).statusCode).toBe(201);
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/server/cli/mail-outbox.ts'], {
      env: { ...process.env, DATABASE_URL: t.ownerUrl, NODE_ENV: 'test' },
    });
    expect(stdout).toContain(`To: ${email}`);
    expect(stdout).toContain('Subject: Confirm your email to finish signing up');
    const client = new ApiClient(t.app);
    expect((await confirm(client, signUpLinkToken(stdout))).statusCode).toBe(200);
  });

  it('names the field of a malformed token', async () => {
    const res = await confirm(new ApiClient(t.app), '');
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([expect.objectContaining({ path: 'token' })]);
  });

  it('keeps the sign-up limit per address: the 11th sign-up of an hour mails nothing', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 10; i += 1) {
      expect((await new ApiClient(t.app, ip).post('/api/auth/signup', body(uniqueEmail()))).statusCode).toBe(
        201,
      );
    }
    const email = uniqueEmail('eleventh');
    const refused = await new ApiClient(t.app, ip).post('/api/auth/signup', body(email));
    expect(refused.statusCode).toBe(429);
    expect(await lastMailTo({ app: t.app }, email)).toBe('');
    const { rows } = await owner.query('select 1 from pending_sign_ups where email = $1', [email]);
    expect(rows).toHaveLength(0);
  });
});
