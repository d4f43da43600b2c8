import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, addMember, apiKeyClient, signUpOwner, useTestApp } from '../../../../test/test-app.js';

let owner: pg.Client;
const t = useTestApp();
beforeAll(async () => {
  owner = new pg.Client({ connectionString: t.ownerUrl });
  await owner.connect();
});
afterAll(async () => {
  await owner.end();
});

const keyFormat = /^bh_live_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/;

describe('creating, listing and revoking API keys', () => {
  it('shows the key once, stores only its hash, and lists it with prefix, role, creator and use', async () => {
    const o = await signUpOwner(t.app, { firstName: 'Kim', lastName: 'Keys' });
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const res = await o.client.post('/api/workspace/api-keys', { name: 'Zapier', role: 'member', expiresAt });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.key).toMatch(keyFormat);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created).toMatchObject({
      name: 'Zapier',
      role: 'member',
      expiresAt,
      lastUsedAt: null,
      createdBy: { id: o.userId, name: 'Kim Keys', email: o.email },
    });
    const { rows } = await owner.query('select * from api_keys where id = $1', [created.id]);
    // The secret is what follows the shown prefix (base64url, so it may itself contain '_').
    const secret = created.key.slice(created.prefix.length + 1);
    expect(secret).toHaveLength(43);
    expect(JSON.stringify(rows[0])).not.toContain(secret);

    const list = await o.client.get('/api/workspace/api-keys');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.key);
    expect(list.json()).toEqual([{ ...created, key: undefined }].map(({ key: _, ...rest }) => rest));
  });

  it('authenticates every /api route with the key, without a cookie or Origin, and records the use once a minute', async () => {
    const o = await signUpOwner(t.app);
    const { id, client } = await apiKeyClient(t.app, o, 'member');
    const me = await client.get('/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: o.userId, workspace: { id: o.workspaceId } });
    const contact = await client.post('/api/contacts', {
      firstName: 'Scripted',
      email: 'scripted@example.com',
    });
    expect(contact.statusCode).toBe(201);
    const listed = (await o.client.get('/api/contacts')).json() as Array<{ email: string }>;
    expect(listed.map((c) => c.email)).toContain('scripted@example.com');

    const firstUse = (await owner.query('select last_used_at from api_keys where id = $1', [id])).rows[0]
      .last_used_at;
    expect(firstUse).not.toBeNull();
    await client.get('/api/contacts');
    const { rows: again } = await owner.query('select last_used_at from api_keys where id = $1', [id]);
    expect(again[0].last_used_at).toEqual(firstUse);
    await owner.query(`update api_keys set last_used_at = now() - interval '2 minutes' where id = $1`, [id]);
    await client.get('/api/contacts');
    const { rows: later } = await owner.query(
      `select last_used_at > now() - interval '1 minute' as fresh from api_keys where id = $1`,
      [id],
    );
    expect(later[0].fresh).toBe(true);
  });

  it('answers 401 to an unknown, malformed, revoked or expired key', async () => {
    const o = await signUpOwner(t.app);
    const revoked = await apiKeyClient(t.app, o, 'member');
    const expired = await apiKeyClient(t.app, o, 'member');
    expect((await revoked.client.get('/api/contacts')).statusCode).toBe(200);
    expect((await o.client.delete(`/api/workspace/api-keys/${revoked.id}`)).statusCode).toBe(204);
    expect((await o.client.delete(`/api/workspace/api-keys/${revoked.id}`)).statusCode).toBe(404);
    await owner.query(`update api_keys set expires_at = now() - interval '1 second' where id = $1`, [
      expired.id,
    ]);
    const forged = `${revoked.key.slice(0, -4)}AAAA`;
    for (const key of [revoked.key, expired.key, forged, 'bh_live_nope', 'not-a-key']) {
      const res = await new ApiClient(t.app, '127.0.0.1', key).get('/api/contacts');
      expect(`${key}: ${res.statusCode}`).toBe(`${key}: 401`);
      expect(res.json().message).toBe('This API key is not valid: it may have been revoked or have expired.');
    }
    // A revoked key leaves the list; an expired one stays, so the UI can say it expired.
    const ids = ((await o.client.get('/api/workspace/api-keys')).json() as Array<{ id: number }>).map(
      (k) => k.id,
    );
    expect(ids).toEqual([expired.id]);
  });

  it('caps a key at its creator’s current role, and ends it when the creator leaves', async () => {
    const o = await signUpOwner(t.app);
    const admin = await addMember(t.app, o, 'admin');
    const key = await apiKeyClient(t.app, admin, 'admin');
    expect((await key.client.post('/api/contacts', { firstName: 'Before' })).statusCode).toBe(201);
    const members = (await o.client.get('/api/workspace/members')).json() as Array<{
      userId: number;
      email: string;
    }>;
    const adminId = members.find((m) => m.email === admin.email)?.userId;
    await o.client.patch(`/api/workspace/members/${adminId}`, { role: 'viewer' });
    expect((await key.client.post('/api/contacts', { firstName: 'After' })).statusCode).toBe(403);
    expect((await key.client.get('/api/contacts')).statusCode).toBe(200);
    await o.client.delete(`/api/workspace/members/${adminId}`);
    expect((await key.client.get('/api/contacts')).statusCode).toBe(401);
  });

  it('lets only owners and admins manage keys, and never with a key', async () => {
    const o = await signUpOwner(t.app);
    const member = await addMember(t.app, o, 'member');
    const viewer = await addMember(t.app, o, 'viewer');
    const body = { name: 'x', role: 'viewer' };
    expect((await member.client.post('/api/workspace/api-keys', body)).statusCode).toBe(403);
    expect((await member.client.get('/api/workspace/api-keys')).statusCode).toBe(403);
    expect((await viewer.client.post('/api/workspace/api-keys', body)).statusCode).toBe(403);
    const adminKey = await apiKeyClient(t.app, o, 'admin');
    for (const res of [
      await adminKey.client.get('/api/workspace/api-keys'),
      await adminKey.client.post('/api/workspace/api-keys', body),
      await adminKey.client.delete(`/api/workspace/api-keys/${adminKey.id}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('API keys are managed by signing in; an API key cannot manage keys.');
    }
    // Nor the signed-in session's own business.
    expect(
      (await adminKey.client.post('/api/auth/switch-workspace', { workspaceId: o.workspaceId })).statusCode,
    ).toBe(403);
    expect(
      (await adminKey.client.patch('/api/auth/user', { firstName: 'K', lastName: 'Ey' })).statusCode,
    ).toBe(403);
    expect((await o.client.get('/api/workspace/api-keys')).json()).toHaveLength(1);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const o = await signUpOwner(t.app);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '', role: 'member' }, 'name'],
      [{ name: 'x'.repeat(101), role: 'member' }, 'name'],
      [{ name: 'x', role: 'owner' }, 'role'],
      [{ name: 'x', role: 'member', expiresAt: new Date(Date.now() - 60_000).toISOString() }, 'expiresAt'],
      [{ name: 'x', role: 'member', expiresAt: 'tomorrow' }, 'expiresAt'],
      [
        { name: 'x', role: 'member', expiresAt: new Date(Date.now() + 800 * 86_400_000).toISOString() },
        'expiresAt',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await o.client.post('/api/workspace/api-keys', body);
      expect(`${JSON.stringify(body)}: ${res.statusCode} ${res.json().issues?.[0]?.path}`).toBe(
        `${JSON.stringify(body)}: 400 ${field}`,
      );
    }
    expect((await o.client.delete('/api/workspace/api-keys/99999999999999999999')).statusCode).toBe(400);
    expect((await o.client.get('/api/workspace/api-keys')).json()).toEqual([]);
  });
});

describe('plans without API access', () => {
  it('refuses a key on Starter at creation and at use, naming the plan', async () => {
    const starter = await signUpOwner(t.app, { plan: 'starter' });
    const res = await starter.client.post('/api/workspace/api-keys', { name: 'x', role: 'member' });
    expect(res.statusCode).toBe(403);
    const message =
      'API access is part of the Professional and Enterprise plans; this workspace is on the Starter plan.';
    expect(res.json().message).toBe(message);

    // A key made on Professional stops working when the workspace moves to Starter.
    const o = await signUpOwner(t.app, { plan: 'professional' });
    const key = await apiKeyClient(t.app, o, 'member');
    expect((await key.client.get('/api/contacts')).statusCode).toBe(200);
    // The plan is the platform subscription's; the workspace row copies it, as the billing store does.
    await owner.query(
      `begin; select set_config('app.workspace_id', '${o.workspaceId}', true);
       update subscriptions set plan = 'starter' where kind = 'platform';
       select app_copy_platform_subscription(); commit`,
    );
    const refused = await key.client.get('/api/contacts');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(message);
  });
});

describe('rate limit per key', () => {
  const limited = useTestApp({ env: { API_KEY_RATE_LIMIT_PER_MINUTE: '3' } });

  it('answers 429 past the limit, counting each key on its own and never the browser session', async () => {
    const o = await signUpOwner(limited.app);
    const first = await apiKeyClient(limited.app, o, 'viewer', 'first');
    const second = await apiKeyClient(limited.app, o, 'viewer', 'second');
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await first.client.get('/api/contacts')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await first.client.get('/api/contacts');
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(refused.json().message).toMatch(/^Too many requests with this API key: at most 3 a minute\./);
    expect((await second.client.get('/api/contacts')).statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await o.client.get('/api/contacts')).statusCode).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('describes bearer authentication, and marks public routes as needing none', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual(expect.arrayContaining([{ bearerAuth: [] }]));
    expect(doc.paths['/api/auth/login'].post.security).toEqual([]);
    expect(doc.paths['/api/contacts'].get.security).toBeUndefined();
    expect(Object.keys(doc.paths['/api/workspace/api-keys'])).toEqual(['get', 'post']);
  });
});
