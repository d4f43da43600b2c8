import { sampleSyncItems } from '@domain/phone-sync/sample-sync-items';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../../../test/support/eventually.js';
import { internalDetail, withFailingInserts } from '../../../../test/support/failing-inserts.js';
import { ApiClient, addMember, type SignedUp, signUpOwner, useTestApp } from '../../../../test/test-app.js';

const t = useTestApp({ workers: true });

/** The phone has no session: a bare client. */
const phone = () => new ApiClient(t.app);

async function newToken(owner: Pick<SignedUp, 'client'>, name = 'My iPhone') {
  const res = await owner.client.post('/api/iphone/sync-tokens', { name });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; token: string; tokenHint: string };
}

interface SyncRecord {
  id: number;
  sync_type: string;
  processed: boolean;
  item_count: number;
  contacts_created: number;
  error_message: string | null;
  error_message_ref: { id: string; values: Record<string, unknown> } | null;
  is_test: boolean;
}

async function records(owner: Pick<SignedUp, 'client'>): Promise<SyncRecord[]> {
  return (await owner.client.get('/api/iphone/sync-records')).json();
}

async function findContact(owner: Pick<SignedUp, 'client'>, q: string) {
  const list = (await owner.client.get(`/api/contacts?q=${encodeURIComponent(q)}`)).json();
  return list[0] as
    | {
        id: number;
        firstName: string;
        lastName: string;
        phone: string | null;
        email: string | null;
        latitude: number | null;
        city: string | null;
        lastContactedAt: string | null;
      }
    | undefined;
}

const contactItems = [
  {
    firstName: 'Maria',
    lastName: 'Lopez',
    phone: '(512) 555-0142',
    email: 'maria@lopez-homes.com',
    company: 'Lopez Homes',
    address: { street: '200 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
  },
  { firstName: 'Tom', lastName: 'Nguyen', phone: '+1 737 555 0199', email: '', company: '' },
];

describe('POST /api/iphone/sync', () => {
  it('upserts contacts by phone or email, geocodes their address, and records the sync', async () => {
    const owner = await signUpOwner(t.app);
    const { token } = await newToken(owner);
    const res = await phone().post('/api/iphone/sync', {
      type: 'contacts',
      data: contactItems,
      authToken: token,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ status: 'processing', itemCount: 2 });

    const [record] = await eventually(async () => {
      const list = await records(owner);
      return list[0]?.processed ? list : undefined;
    });
    expect(record).toMatchObject({
      sync_type: 'contacts',
      processed: true,
      item_count: 2,
      contacts_created: 2,
    });

    const maria = await findContact(owner, 'maria@lopez-homes.com');
    expect(maria).toMatchObject({ firstName: 'Maria', phone: '+15125550142', city: 'Austin' });
    expect(maria?.latitude).toBeCloseTo(30.27, 1);
    expect(await findContact(owner, '+17375550199')).toMatchObject({ firstName: 'Tom', email: null });

    // The same person again (by phone) updates rather than duplicates.
    await phone().post('/api/iphone/sync', {
      type: 'contacts',
      data: [{ firstName: 'Maria', lastName: 'Lopez', phone: '512-555-0142' }],
      authToken: token,
    });
    await eventually(async () => (await records(owner)).filter((r) => r.processed).length === 2);
    expect((await owner.client.get('/api/contacts/count')).json().count).toBe(2);
  });

  it("records a failed sync with a catalogued line, never the error's own text", async () => {
    const owner = await signUpOwner(t.app);
    const { token } = await newToken(owner);
    // A real database error inside every run of this workspace's sync (pg-boss retries it; each run fails).
    await withFailingInserts(t.ownerUrl, 'contacts', owner.workspaceId, async () => {
      await phone().post('/api/iphone/sync', { type: 'contacts', data: contactItems, authToken: token });
      const [record] = await eventually(async () => {
        const list = await records(owner);
        return list[0]?.error_message ? list : undefined;
      });
      expect(record).toMatchObject({
        processed: false,
        error_message: 'Processing this sync failed because of an error on our side.',
        error_message_ref: { id: 'phoneSync.processingFailed', values: {} },
      });
      expect(JSON.stringify(record)).not.toContain(internalDetail);
    });
  });

  it('puts calls and messages on the contact timeline, creating a contact for an unknown number', async () => {
    const owner = await signUpOwner(t.app);
    const { token } = await newToken(owner);
    await phone().post('/api/iphone/sync', {
      type: 'contacts',
      data: contactItems.slice(0, 1),
      authToken: token,
    });
    await phone().post('/api/iphone/sync', {
      type: 'calls',
      data: [
        { phoneNumber: '512-555-0142', type: 'incoming', duration: 185, date: '2026-11-19T14:00:00Z' },
        { phoneNumber: '(415) 555-0123', type: 'outgoing', duration: 40, date: '2026-11-19T15:00:00Z' },
      ],
      authToken: token,
    });
    await phone().post('/api/iphone/sync', {
      type: 'messages',
      data: [
        { phoneNumber: '+15125550142', type: 'received', text: 'See you at 4', date: '2026-11-20T09:00:00Z' },
      ],
      authToken: token,
    });
    await eventually(async () => (await records(owner)).filter((r) => r.processed).length === 3);

    const maria = await findContact(owner, 'maria@lopez-homes.com');
    expect(maria?.lastContactedAt).toBe('2026-11-20T09:00:00.000Z');
    const detail = (await owner.client.get(`/api/contacts/${maria?.id}`)).json();
    const kinds = detail.timeline.map((e: { kind: string; title: string }) => `${e.kind}: ${e.title}`);
    expect(kinds).toContain('call: Incoming call (3m 5s)');
    expect(kinds).toContain('message: Text message received');

    const unknown = await findContact(owner, '+14155550123');
    expect(unknown).toMatchObject({ phone: '+14155550123', lastContactedAt: '2026-11-19T15:00:00.000Z' });
  });

  it('names the item and field of invalid data and writes nothing', async () => {
    const owner = await signUpOwner(t.app);
    const { token } = await newToken(owner);
    const res = await phone().post('/api/iphone/sync', {
      type: 'calls',
      data: [
        { phoneNumber: '512-555-0142', type: 'incoming', duration: 10, date: '2026-11-19T14:00:00Z' },
        { phoneNumber: '512-555-0142', type: 'incoming', duration: 10, date: '2026-11-19T14:00:00Z' },
        { phoneNumber: 'not a number', type: 'incoming', duration: 10, date: '2026-11-19T14:00:00Z' },
      ],
      authToken: token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('data[2].phoneNumber: is not a valid phone number');
    expect(res.json().issues).toEqual([
      { path: 'data[2].phoneNumber', message: 'is not a valid phone number' },
    ]);

    const badType = await phone().post('/api/iphone/sync', { type: 'photos', data: [{}], authToken: token });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().issues[0].path).toBe('type');
    const empty = await phone().post('/api/iphone/sync', { type: 'calls', data: [], authToken: token });
    expect(empty.json().issues[0].path).toBe('data');
    expect(await records(owner)).toEqual([]);
  });

  it('answers 401 to a missing, wrong or revoked token', async () => {
    const owner = await signUpOwner(t.app);
    const { id, token } = await newToken(owner);
    const body = { type: 'contacts', data: contactItems, authToken: token };
    expect((await phone().post('/api/iphone/sync', { ...body, authToken: 'hubsync_wrong' })).statusCode).toBe(
      401,
    );
    expect(
      (await phone().post('/api/iphone/sync', { type: 'contacts', data: contactItems })).statusCode,
    ).toBe(400);
    expect((await owner.client.delete(`/api/iphone/sync-tokens/${id}`)).statusCode).toBe(204);
    const revoked = await phone().post('/api/iphone/sync', body);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().message).toBe('The sync token is not valid or has been revoked.');
    expect(await records(owner)).toEqual([]);
  });

  it('keeps each workspace to its own records', async () => {
    const owner = await signUpOwner(t.app);
    const { token } = await newToken(owner);
    await phone().post('/api/iphone/sync', { type: 'contacts', data: contactItems, authToken: token });
    await eventually(async () => (await records(owner))[0]?.processed);
    const stranger = await signUpOwner(t.app);
    expect(await records(stranger)).toEqual([]);
    expect(await findContact(stranger, 'maria@lopez-homes.com')).toBeUndefined();
  });
});

describe('sync tokens', () => {
  it('shows a token once, lists it by hint, records its use, and revokes it', async () => {
    const owner = await signUpOwner(t.app);
    const created = await newToken(owner, 'Work phone');
    expect(created.token).toMatch(/^hubsync_/);
    expect(created.tokenHint).toBe(`…${created.token.slice(-4)}`);
    const [listed] = (await owner.client.get('/api/iphone/sync-tokens')).json();
    expect(listed).toMatchObject({
      id: created.id,
      name: 'Work phone',
      lastUsedAt: null,
      revokedAt: null,
      isTestToken: false,
    });
    expect(JSON.stringify(listed)).not.toContain(created.token);

    await phone().post('/api/iphone/sync', {
      type: 'contacts',
      data: contactItems,
      authToken: created.token,
    });
    const [used] = (await owner.client.get('/api/iphone/sync-tokens')).json();
    expect(used.lastUsedAt).not.toBeNull();
    await owner.client.delete(`/api/iphone/sync-tokens/${created.id}`);
    const [revoked] = (await owner.client.get('/api/iphone/sync-tokens')).json();
    expect(revoked.revokedAt).not.toBeNull();
  });

  it('lets only admins manage tokens, names bad input, and hides other workspaces', async () => {
    const owner = await signUpOwner(t.app);
    const member = await addMember(t.app, owner, 'member');
    const viewer = await addMember(t.app, owner, 'viewer');
    expect((await member.client.post('/api/iphone/sync-tokens', { name: 'x' })).statusCode).toBe(403);
    expect((await member.client.get('/api/iphone/sync-tokens')).statusCode).toBe(403);
    expect((await viewer.client.post('/api/iphone/sync-tokens', { name: 'x' })).statusCode).toBe(403);
    expect((await viewer.client.get('/api/iphone/sync-records')).statusCode).toBe(200);

    const blank = await owner.client.post('/api/iphone/sync-tokens', { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().issues[0].path).toBe('name');
    const names = async (who: SignedUp) =>
      ((await who.client.get('/api/iphone/sync-tokens')).json() as { name: string }[]).map((r) => r.name);
    expect(await names(owner)).toEqual(['iPhone test token (for testing)']);

    const { id } = await newToken(owner);
    const stranger = await signUpOwner(t.app);
    expect((await stranger.client.delete(`/api/iphone/sync-tokens/${id}`)).statusCode).toBe(404);
    expect(await names(stranger)).toEqual(['iPhone test token (for testing)']);
    expect((await owner.client.get('/api/iphone/sync-tokens')).json()[0].revokedAt).toBeNull();
  });

  it("reveals a workspace's own testing token to its members, and none once it is revoked", async () => {
    const owner = await signUpOwner(t.app);
    const { token } = (await owner.client.get('/api/iphone/test-token')).json();
    expect(token).toMatch(/^hubsync_/);
    const viewer = await addMember(t.app, owner, 'viewer');
    expect((await viewer.client.get('/api/iphone/test-token')).statusCode).toBe(403);
    const member = await addMember(t.app, owner, 'member');
    expect((await member.client.get('/api/iphone/test-token')).json()).toEqual({ token });
    const stranger = await signUpOwner(t.app);
    const theirs = (await stranger.client.get('/api/iphone/test-token')).json().token;
    expect(theirs).toMatch(/^hubsync_/);
    expect(theirs).not.toBe(token);

    const [listed] = (await owner.client.get('/api/iphone/sync-tokens')).json();
    expect(listed).toMatchObject({ isTestToken: true, revokedAt: null });
    expect(JSON.stringify(listed)).not.toContain(token);
    expect((await owner.client.delete(`/api/iphone/sync-tokens/${listed.id}`)).statusCode).toBe(204);
    expect((await owner.client.get('/api/iphone/test-token')).json()).toEqual({ token: null });
    const revoked = await phone().post('/api/iphone/sync', testSync(token, 'contacts'));
    expect(revoked.statusCode).toBe(401);
  });
});

/** What the tab's Test buttons send. */
const testSync = (authToken: string, type: 'contacts' | 'calls' | 'messages') => ({
  type,
  data: sampleSyncItems(type),
  authToken,
  test: true,
});

describe('the testing token of a new workspace', () => {
  it('sends test syncs, which are processed and listed as tests, and is refused for a real sync', async () => {
    const owner = await signUpOwner(t.app);
    const { token } = (await owner.client.get('/api/iphone/test-token')).json();

    const real = await phone().post('/api/iphone/sync', {
      type: 'contacts',
      data: contactItems,
      authToken: token,
    });
    expect(real.statusCode).toBe(403);
    expect(real.json().message).toBe(
      'This is a test token: it only sends test syncs. Create a token for the phone under Settings → Sync tokens.',
    );
    // Saying test: false is the same real sync.
    const stated = await phone().post('/api/iphone/sync', { ...testSync(token, 'contacts'), test: false });
    expect(stated.statusCode).toBe(403);
    expect(await records(owner)).toEqual([]);

    for (const type of ['contacts', 'calls', 'messages'] as const) {
      const res = await phone().post('/api/iphone/sync', testSync(token, type));
      expect(res.statusCode, type).toBe(202);
    }
    const list = await eventually(async () => {
      const all = await records(owner);
      return all.length === 3 && all.every((r) => r.processed) ? all : undefined;
    });
    expect(list.map((r) => [r.sync_type, r.is_test])).toEqual([
      ['messages', true],
      ['calls', true],
      ['contacts', true],
    ]);
    expect(await findContact(owner, 'avery.chen@brightpathhomes.com')).toMatchObject({ firstName: 'Avery' });
    expect(await findContact(owner, 'maria@lopez-homes.com')).toBeUndefined();
  });

  it('carries nothing but the sample items, from a testing token or a real one', async () => {
    const owner = await signUpOwner(t.app);
    const { token: testToken } = (await owner.client.get('/api/iphone/test-token')).json();
    const { token: realToken } = await newToken(owner);
    for (const authToken of [testToken, realToken]) {
      const other = await phone().post('/api/iphone/sync', {
        ...testSync(authToken, 'contacts'),
        data: contactItems,
      });
      expect(other.statusCode).toBe(400);
      expect(other.json().issues).toEqual([
        { path: 'data', message: 'A test sync sends only the sample items.' },
      ]);
      const edited = sampleSyncItems('calls') as { duration: number }[];
      edited[0].duration += 1;
      const changed = await phone().post('/api/iphone/sync', {
        ...testSync(authToken, 'calls'),
        data: edited,
      });
      expect(changed.statusCode).toBe(400);
    }
    expect(await records(owner)).toEqual([]);

    // The Test buttons work with a phone's own token too, and its real syncs still do.
    expect((await phone().post('/api/iphone/sync', testSync(realToken, 'calls'))).statusCode).toBe(202);
    const real = await phone().post('/api/iphone/sync', {
      type: 'contacts',
      data: contactItems,
      authToken: realToken,
    });
    expect(real.statusCode).toBe(202);
    const list = await eventually(async () => {
      const all = await records(owner);
      return all.length === 2 && all.every((r) => r.processed) ? all : undefined;
    });
    expect(list.map((r) => r.is_test)).toEqual([false, true]);
    const bad = await phone().post('/api/iphone/sync', { ...testSync(realToken, 'calls'), test: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('test');
  });

  it('is given by migration 1040 to a workspace without a live one, once', async () => {
    const owner = await signUpOwner(t.app);
    const [seeded] = (await owner.client.get('/api/iphone/sync-tokens')).json();
    await owner.client.delete(`/api/iphone/sync-tokens/${seeded.id}`);
    expect((await owner.client.get('/api/iphone/test-token')).json()).toEqual({ token: null });

    const db = new pg.Client({ connectionString: t.ownerUrl });
    await db.connect();
    try {
      const issue = async () =>
        (await db.query('select app_issue_test_sync_tokens($1) as n', [owner.workspaceId])).rows[0].n;
      expect(await issue()).toBe(1);
      expect(await issue()).toBe(0);
    } finally {
      await db.end();
    }
    const { token } = (await owner.client.get('/api/iphone/test-token')).json();
    expect(token).toMatch(/^hubsync_[A-Za-z0-9_-]{43}$/);
    const tokens = (await owner.client.get('/api/iphone/sync-tokens')).json();
    expect(tokens[0]).toMatchObject({ isTestToken: true, tokenHint: `…${token.slice(-4)}`, revokedAt: null });
    expect((await phone().post('/api/iphone/sync', testSync(token, 'contacts'))).statusCode).toBe(202);
    expect(
      (await phone().post('/api/iphone/sync', { type: 'contacts', data: contactItems, authToken: token }))
        .statusCode,
    ).toBe(403);
  });
});
