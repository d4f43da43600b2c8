import { describe, expect, it } from 'vitest';
import { isPublicApiRoute } from '../src/server/http/public-routes.js';
import { apiRoutes, fillParams, writeMethods } from './route-table.js';
import { ApiClient, addMember, apiKeyClient, signUpOwner, useTestApp } from './test-app.js';

const isPublic = isPublicApiRoute;
const t = useTestApp();

describe('access control on every route', () => {
  it('answers 401 to a signed-out request on every protected route', async () => {
    const anonymous = new ApiClient(t.app);
    const failures: string[] = [];
    const routes = apiRoutes(t.app).filter((r) => !isPublic(r.method, r.url));
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) {
      const res = await anonymous.request(
        route.method,
        fillParams(route.url, 1),
        writeMethods.has(route.method) ? {} : undefined,
      );
      if (res.statusCode !== 401) failures.push(`${route.method} ${route.url} -> ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses every workspace write to a viewer with 403', async () => {
    const owner = await signUpOwner(t.app);
    const viewer = await addMember(t.app, owner, 'viewer');
    const selfService = new Set([
      '/api/logout',
      '/api/auth/switch-workspace',
      '/api/auth/user',
      '/api/auth/user/profile-image',
      '/api/auth/password',
    ]);
    const failures: string[] = [];
    for (const route of apiRoutes(t.app)) {
      if (!writeMethods.has(route.method) || isPublic(route.method, route.url) || selfService.has(route.url))
        continue;
      const res = await viewer.client.request(route.method, fillParams(route.url, 1), {});
      if (res.statusCode !== 403) failures.push(`${route.method} ${route.url} -> ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses an admin or owner write with 403 to a lower role before looking at its body, empty or invalid', async () => {
    const owner = await signUpOwner(t.app);
    const callers = {
      viewer: await addMember(t.app, owner, 'viewer'),
      member: await addMember(t.app, owner, 'member'),
      admin: await addMember(t.app, owner, 'admin'),
    };
    const below = { admin: ['viewer', 'member'], owner: ['viewer', 'member', 'admin'] } as const;
    // Empty, then wrong in every way a validator would name: a 400 would tell the caller the form's rules.
    const bodies = [{}, { id: 'not-a-number', name: 123, email: 'not-an-email', extra: 'x'.repeat(300) }];
    const guarded = apiRoutes(t.app).filter(
      (r) => writeMethods.has(r.method) && (r.role === 'admin' || r.role === 'owner'),
    );
    expect(guarded.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const route of guarded) {
      for (const role of below[route.role as 'admin' | 'owner']) {
        for (const body of bodies) {
          // Params that would not validate either: the role is checked first.
          const res = await callers[role].client.request(route.method, fillParams(route.url, 'x'), body);
          if (res.statusCode !== 403)
            failures.push(`${role} ${route.method} ${route.url} -> ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 to a key that is not valid on every protected route', async () => {
    const forged = new ApiClient(t.app, '127.0.0.1', `bh_live_000000000000_${'A'.repeat(43)}`);
    const failures: string[] = [];
    for (const route of apiRoutes(t.app).filter((r) => !isPublic(r.method, r.url))) {
      const res = await forged.request(
        route.method,
        fillParams(route.url, 1),
        writeMethods.has(route.method) ? {} : undefined,
      );
      if (res.statusCode !== 401) failures.push(`${route.method} ${route.url} -> ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses every write to a viewer-role API key with 403, its own session routes included', async () => {
    const owner = await signUpOwner(t.app);
    const viewerKey = await apiKeyClient(t.app, owner, 'viewer');
    const failures: string[] = [];
    for (const route of apiRoutes(t.app)) {
      if (!writeMethods.has(route.method) || isPublic(route.method, route.url)) continue;
      const res = await viewerKey.client.request(route.method, fillParams(route.url, 1), {});
      if (res.statusCode !== 403) failures.push(`${route.method} ${route.url} -> ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
    expect((await viewerKey.client.get('/api/contacts')).statusCode).toBe(200);
  });

  it('lets only owners and admins manage members', async () => {
    const owner = await signUpOwner(t.app);
    const member = await addMember(t.app, owner, 'member');
    const admin = await addMember(t.app, owner, 'admin');
    const invite = { email: 'someone@example.test', role: 'member' };
    expect((await member.client.post('/api/workspace/invites', invite)).statusCode).toBe(403);
    expect((await admin.client.post('/api/workspace/invites', invite)).statusCode).toBe(201);
    // An admin cannot make anyone an owner.
    const members = (await owner.client.get('/api/workspace/members')).json();
    const memberRow = members.find((m: { email: string }) => m.email === member.email);
    expect(
      (await admin.client.patch(`/api/workspace/members/${memberRow.userId}`, { role: 'owner' })).statusCode,
    ).toBe(403);
    expect(
      (await admin.client.patch(`/api/workspace/members/${memberRow.userId}`, { role: 'viewer' })).statusCode,
    ).toBe(204);
    expect((await member.client.get('/api/auth/user')).json().role).toBe('viewer');
  });

  it('never removes or demotes the last owner', async () => {
    const owner = await signUpOwner(t.app);
    const res = await owner.client.delete(`/api/workspace/members/${owner.userId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The last owner cannot be removed.');
    const demote = await owner.client.patch(`/api/workspace/members/${owner.userId}`, { role: 'admin' });
    expect(demote.statusCode).toBe(409);
    expect((await owner.client.get('/api/auth/user')).json().role).toBe('owner');
  });

  it('makes invite links single-use and bound to the invited address', async () => {
    const owner = await signUpOwner(t.app);
    const invite = (
      await owner.client.post('/api/workspace/invites', { email: 'bound@example.test', role: 'member' })
    ).json();
    const token = new URL(invite.inviteUrl).searchParams.get('invite');
    const stranger = await signUpOwner(t.app);
    const wrongPerson = await stranger.client.post('/api/auth/login', {
      email: stranger.email,
      password: stranger.password,
      inviteToken: token,
    });
    expect(wrongPerson.statusCode).toBe(403);
    const invited = new ApiClient(t.app);
    const body = {
      firstName: 'B',
      lastName: 'C',
      email: 'bound@example.test',
      password: 'long-enough-1',
      businessName: 'x',
    };
    expect((await invited.post('/api/auth/signup', { ...body, inviteToken: token })).statusCode).toBe(201);
    expect((await invited.get('/api/auth/user')).json().workspace.id).toBe(owner.workspaceId);
    const again = await new ApiClient(t.app).post('/api/auth/signup', {
      ...body,
      email: 'bound2@example.test',
      inviteToken: token,
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses an expired invite', async () => {
    const owner = await signUpOwner(t.app);
    const invite = (
      await owner.client.post('/api/workspace/invites', { email: 'late@example.test', role: 'viewer' })
    ).json();
    await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.execute(
        `update invites set expires_at = now() - interval '1 minute' where id = ${Number(invite.id)}`,
      ),
    );
    const token = new URL(invite.inviteUrl).searchParams.get('invite');
    const res = await new ApiClient(t.app).post('/api/auth/signup', {
      firstName: 'L',
      lastName: 'Ate',
      email: 'late@example.test',
      password: 'long-enough-1',
      businessName: 'x',
      inviteToken: token,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This invite link has expired.');
  });
});
