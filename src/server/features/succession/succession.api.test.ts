import { describe, expect, it } from 'vitest';
import { ApiClient, addMember, signUpOwner, useTestApp } from '../../../../test/test-app.js';
import { checkAllSuccessions, checkSuccession } from './service.js';

const day = 86_400_000;
const start = new Date('2031-03-01T09:00:00Z');
let current = start;
const at = (days: number) => {
  current = new Date(start.getTime() + days * day);
};
const t = useTestApp({ clock: () => current });

const activityTypes = async (client: ApiClient) =>
  ((await client.get('/api/activities')).json() as { type: string }[]).map((a) => a.type);

describe('succession, on a controlled clock', () => {
  it('notifies the successor after the period, resets when the owner returns, and lets the successor claim', async () => {
    at(0);
    const owner = await signUpOwner(t.app, { businessName: 'Legacy Co' });
    const heir = await addMember(t.app, owner, 'member');
    const heirId = (await heir.client.get('/api/auth/user')).json().id as number;

    expect(
      (await heir.client.put('/api/succession', { successorId: heirId, inactivityDays: 30 })).statusCode,
    ).toBe(403);
    const self = await owner.client.put('/api/succession', { successorId: owner.userId, inactivityDays: 30 });
    expect(self.statusCode).toBe(400);
    expect(self.json().issues[0].path).toBe('successorId');
    expect(
      (await owner.client.put('/api/succession', { successorId: 987654321, inactivityDays: 30 })).statusCode,
    ).toBe(400);
    const badDays = await owner.client.put('/api/succession', { successorId: heirId, inactivityDays: 0 });
    expect(badDays.statusCode).toBe(400);
    expect(JSON.stringify(badDays.json())).toContain('inactivityDays');

    const set = await owner.client.put('/api/succession', { successorId: heirId, inactivityDays: 30 });
    expect(set.statusCode).toBe(200);
    expect(set.json().plan).toMatchObject({
      status: 'active',
      inactivityDays: 30,
      successor: { id: heirId },
      ownerLastSignInAt: start.toISOString(),
      claimableAt: new Date(start.getTime() + 30 * day).toISOString(),
    });
    expect(await activityTypes(owner.client)).toContain('succession_planned');

    at(29);
    expect(await checkSuccession(t.app.deps, owner.workspaceId)).toBe(false);
    expect((await heir.client.post('/api/succession/claim')).statusCode).toBe(403);

    at(31);
    expect(await checkAllSuccessions(t.app.deps)).toBeGreaterThanOrEqual(1);
    const notified = (await heir.client.get('/api/succession')).json();
    expect(notified).toMatchObject({ canClaim: true, canManage: false, plan: { status: 'notified' } });
    expect(await activityTypes(owner.client)).toContain('succession_notified');

    // The owner signs in again: the successor can no longer claim, and the next check resets the plan.
    const back = new ApiClient(t.app);
    expect(
      (await back.post('/api/auth/login', { email: owner.email, password: owner.password })).statusCode,
    ).toBe(200);
    expect((await heir.client.post('/api/succession/claim')).statusCode).toBe(403);
    expect(await checkSuccession(t.app.deps, owner.workspaceId)).toBe(false);
    expect((await heir.client.get('/api/succession')).json().plan.status).toBe('active');
    expect(await activityTypes(owner.client)).toContain('succession_reset');

    at(31 + 30);
    expect(await checkSuccession(t.app.deps, owner.workspaceId)).toBe(true);
    const claimed = await heir.client.post('/api/succession/claim');
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().plan.status).toBe('claimed');
    expect((await heir.client.get('/api/auth/user')).json().role).toBe('owner');
    expect((await owner.client.get('/api/auth/user')).json().role).toBe('admin');
    expect(await activityTypes(heir.client)).toContain('succession_claimed');
    // Claimed once: a second claim and a later check change nothing.
    expect((await heir.client.post('/api/succession/claim')).statusCode).toBe(403);
    expect(await checkSuccession(t.app.deps, owner.workspaceId)).toBe(false);
  });

  it('a cancelled plan never notifies; only the owner cancels', async () => {
    at(0);
    const owner = await signUpOwner(t.app, { businessName: 'Cancel Co' });
    const heir = await addMember(t.app, owner, 'admin');
    const heirId = (await heir.client.get('/api/auth/user')).json().id as number;
    expect(
      (await owner.client.put('/api/succession', { successorId: heirId, inactivityDays: 7 })).statusCode,
    ).toBe(200);
    expect((await heir.client.delete('/api/succession')).statusCode).toBe(403);
    const cancelled = await owner.client.delete('/api/succession');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().plan.status).toBe('cancelled');
    at(100);
    expect(await checkSuccession(t.app.deps, owner.workspaceId)).toBe(false);
    expect((await heir.client.post('/api/succession/claim')).statusCode).toBe(403);
    expect(await activityTypes(owner.client)).toContain('succession_cancelled');
    expect(await activityTypes(owner.client)).not.toContain('succession_notified');
  });
});
