import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  createTestApp,
  signUpOwner,
  uniqueEmail,
  uniqueIp,
  useTestApp,
} from '../../../../test/test-app.js';

let owner: pg.Client;
const t = useTestApp();
beforeAll(async () => {
  owner = new pg.Client({ connectionString: t.ownerUrl });
  await owner.connect();
});
afterAll(async () => {
  await owner.end();
});

const signIn = (client: ApiClient, email: string, password: string, headers: Record<string, string> = {}) =>
  client.request('POST', '/api/auth/login', { email, password }, headers);

describe('sign-in limits', () => {
  it('checks at most 5 of 30 concurrent wrong passwords for one account', async () => {
    const account = await signUpOwner(t.app);
    const client = new ApiClient(t.app);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(client, account.email, `wrong-guess-${i}`)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
  });

  it('locks one address out of one account, not the owner elsewhere, and backs off exponentially', async () => {
    const account = await signUpOwner(t.app);
    const attacker = new ApiClient(t.app);
    for (let i = 0; i < 5; i++) {
      expect((await signIn(attacker, account.email, `wrong-${i}`)).statusCode).toBe(401);
    }
    const blocked = await signIn(attacker, account.email, account.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many sign-in attempts. Try again in 1 minute.');
    // The owner, from their own address, still signs in.
    expect((await signIn(new ApiClient(t.app), account.email, account.password)).statusCode).toBe(200);

    // A minute later the address gets one more try; after it fails, the wait doubles.
    const key = `sign-in:account-ip:${account.email}|${attacker.ip}`;
    await owner.query(
      `update auth_throttles set last_hit_at = now() - interval '61 seconds' where key = $1`,
      [key],
    );
    expect((await signIn(attacker, account.email, 'wrong-again')).statusCode).toBe(401);
    const longer = await signIn(attacker, account.email, account.password);
    expect(longer.statusCode).toBe(429);
    expect(longer.json().message).toBe('Too many sign-in attempts. Try again in 2 minutes.');
  });

  it('a right password starts the backoff over', async () => {
    const account = await signUpOwner(t.app);
    const client = new ApiClient(t.app);
    for (let i = 0; i < 4; i++) await signIn(client, account.email, `typo-${i}`);
    expect((await signIn(client, account.email, account.password)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await signIn(client, account.email, `typo-again-${i}`)).statusCode).toBe(401);
    }
    expect((await signIn(client, account.email, account.password)).statusCode).toBe(429);
  });

  it('slows a guesser spread over many addresses with a per-account ceiling', async () => {
    const account = await signUpOwner(t.app);
    // 100 failures, each from its own address (far under the per-address limits).
    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          signIn(new ApiClient(t.app, `10.200.${batch}.${i}`), account.email, `spread-${batch}-${i}`),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(401));
    }
    const ceiling = await signIn(new ApiClient(t.app), account.email, account.password);
    expect(ceiling.statusCode).toBe(429);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const client = new ApiClient(t.app);
    for (let i = 0; i < 20; i++) {
      const forged = { 'x-forwarded-for': `198.51.100.${i}` };
      expect((await signIn(client, uniqueEmail('spray'), 'wrong-password', forged)).statusCode).toBe(401);
    }
    const forged = { 'x-forwarded-for': '198.51.100.250' };
    expect((await signIn(client, uniqueEmail('spray'), 'wrong-password', forged)).statusCode).toBe(429);
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '10.77.0.1, 10.78.0.0/16' } });
    try {
      const proxy = new ApiClient(proxied.app, '10.78.3.4');
      for (let i = 0; i < 21; i++) {
        const client = { 'x-forwarded-for': `198.51.100.${i}` };
        expect((await signIn(proxy, uniqueEmail('behind'), 'wrong-password', client)).statusCode).toBe(401);
      }
      const direct = new ApiClient(proxied.app, '10.79.0.1');
      for (let i = 0; i < 20; i++) {
        const forged = { 'x-forwarded-for': `203.0.113.${i}` };
        expect((await signIn(direct, uniqueEmail('direct'), 'wrong-password', forged)).statusCode).toBe(401);
      }
      const forged = { 'x-forwarded-for': '203.0.113.99' };
      expect((await signIn(direct, uniqueEmail('direct'), 'wrong-password', forged)).statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});

describe('sign-up limit', () => {
  it('allows 10 sign-ups an hour from one address', async () => {
    const ip = uniqueIp();
    const body = (email: string) => ({
      firstName: 'Sam',
      lastName: 'Spam',
      email,
      password: 'correct-horse-battery',
      businessName: 'Spam Co',
    });
    for (let i = 0; i < 10; i++) {
      expect((await new ApiClient(t.app, ip).post('/api/auth/signup', body(uniqueEmail()))).statusCode).toBe(
        201,
      );
    }
    const email = uniqueEmail('eleventh');
    const refused = await new ApiClient(t.app, ip).post('/api/auth/signup', body(email));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many sign-up attempts\. Try again in \d+ minutes?\.$/);
    const { rows } = await owner.query('select 1 from users where email = $1', [email]);
    expect(rows).toHaveLength(0);
    expect((await new ApiClient(t.app).post('/api/auth/signup', body(email))).statusCode).toBe(201);
  });
});
