import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  addMember,
  type SignedUp,
  signUpOwner,
  useTestApp,
} from '../../../../test/test-app.js';
import { seedDemoContacts } from './demo-contacts.js';
import {
  addTimelineEntry,
  assertContactCapacity,
  markContacted,
  upsertContactByIdentity,
} from './ingestion.js';
import { countContactsByStatus } from './read-model.js';
import { contactByEmailQuery } from './store.js';

let owner: SignedUp;
let stranger: SignedUp;
let viewer: ApiClient;
const t = useTestApp();
beforeAll(async () => {
  owner = await signUpOwner(t.app, { businessName: 'Keynote Co' });
  stranger = await signUpOwner(t.app, { businessName: 'Elsewhere Inc' });
  for (const site of [
    { name: 'Speaker Site', domain: 'speaker.example' },
    { name: 'Housing Site', domain: 'housing.example' },
  ]) {
    const res = await owner.client.post('/api/websites', site);
    if (res.statusCode !== 201) throw new Error(res.body);
  }
  viewer = (await addMember(t.app, owner, 'viewer')).client;
});

let counter = 0;
function person(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    firstName: 'Jane',
    lastName: `Doe${counter}`,
    email: `jane.${counter}.${Date.now()}@example.com`,
    ...overrides,
  };
}

async function create(client: ApiClient, body: Record<string, unknown>) {
  const res = await client.post('/api/contacts', body);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function total(client: ApiClient): Promise<number> {
  return (await client.get('/api/contacts/stats')).json().total;
}

describe('POST /api/contacts', () => {
  it('creates a contact with company, timeline entry and a contact_added activity', async () => {
    const body = person({
      company: 'Acme Realty',
      phone: '(415) 555-0132',
      source: 'speaker site',
      status: 'qualified',
      valueCents: 250_000,
      contactType: 'buyer',
      latitude: 37.77,
      longitude: -122.42,
    });
    const res = await owner.client.post('/api/contacts', body);
    expect(res.statusCode).toBe(201);
    const contact = res.json();
    expect(contact).toMatchObject({
      firstName: 'Jane',
      email: body.email,
      phone: '+14155550132',
      source: 'Speaker Site',
      status: 'qualified',
      valueCents: 250_000,
      lastContactedAt: null,
      contactType: 'buyer',
    });
    const detail = (await owner.client.get(`/api/contacts/${contact.id}`)).json();
    expect(detail.company).toMatchObject({ name: 'Acme Realty' });
    expect(detail.timeline.map((e: { kind: string }) => e.kind)).toEqual(['created']);
    const activities = (await owner.client.get('/api/activities')).json();
    expect(activities[0]).toMatchObject({
      type: 'contact_added',
      description: `New contact added: Jane ${body.lastName}`,
    });
  });

  it('answers 400 naming the field and writes nothing', async () => {
    const before = await total(owner.client);
    const bad = await owner.client.post('/api/contacts', person({ email: 'not-an-email' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toMatchObject({ path: 'email', message: 'Enter a valid email address' });
    const badPhone = await owner.client.post('/api/contacts', person({ phone: '12' }));
    expect(badPhone.json().issues[0]).toMatchObject({ path: 'phone', message: 'Enter a valid phone number' });
    const badSource = await owner.client.post('/api/contacts', person({ source: 'Some Blog' }));
    expect(badSource.statusCode).toBe(400);
    expect(badSource.json().issues[0]).toMatchObject({ path: 'source' });
    const nobody = await owner.client.post('/api/contacts', { company: 'Only a company' });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().issues[0].message).toBe('Enter a name, an email or a phone number');
    const negative = await owner.client.post('/api/contacts', person({ valueCents: -5 }));
    expect(negative.json().issues[0]).toMatchObject({
      path: 'valueCents',
      message: 'Value cannot be negative',
    });
    expect(await total(owner.client)).toBe(before);
  });

  it('refuses a duplicate email in another case with 409 naming the existing contact', async () => {
    const first = await create(owner.client, person({ firstName: 'Maria', lastName: 'Lopez' }));
    const before = await total(owner.client);
    const dup = await owner.client.post(
      '/api/contacts',
      person({ firstName: 'M', email: first.email.toUpperCase() }),
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toContain('Maria Lopez already has this email address');
    expect(dup.json().issues[0].path).toBe('email');
    // The catalogued id and values let the client show the message in the user's language.
    expect(dup.json()).toMatchObject({
      messageId: 'contacts.duplicateEmail',
      values: { name: 'Maria Lopez' },
    });
    expect(await total(owner.client)).toBe(before);
  });

  it('refuses a duplicate phone in another format, and merges when asked', async () => {
    const first = await create(owner.client, {
      firstName: 'Sam',
      lastName: 'Carter',
      phone: '+1 (212) 555-0199',
    });
    const dup = await owner.client.post('/api/contacts', { firstName: 'Samuel', phone: '212.555.0199' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toContain('Sam Carter already has this phone number');
    const merged = await owner.client.post('/api/contacts', {
      firstName: 'Samuel',
      phone: '2125550199',
      email: 'SAM@carter.example',
      company: 'Carter & Sons',
      merge: true,
    });
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toMatchObject({
      id: first.id,
      firstName: 'Sam', // never overwritten
      email: 'sam@carter.example', // filled
      company: 'Carter & Sons',
    });
  });

  it('is refused to a viewer (403) and to visitors (401)', async () => {
    const before = await total(owner.client);
    expect((await viewer.post('/api/contacts', person())).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/contacts', payload: person() });
    expect(anonymous.statusCode).toBe(401);
    expect(await total(owner.client)).toBe(before);
  });
});

describe('GET /api/contacts/:id, PATCH, DELETE, notes', () => {
  it('changes status with a status_change timeline entry and activity', async () => {
    const c = await create(owner.client, person({ firstName: 'Lee', lastName: 'Park' }));
    const res = await owner.client.patch(`/api/contacts/${c.id}`, {
      status: 'customer',
      valueCents: 99_900,
      company: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'customer', valueCents: 99_900, company: null });
    const detail = (await owner.client.get(`/api/contacts/${c.id}`)).json();
    expect(detail.timeline[0].kind === 'updated' || detail.timeline[0].kind === 'status_change').toBe(true);
    const statusEntry = detail.timeline.find((e: { kind: string }) => e.kind === 'status_change');
    expect(statusEntry.title).toBe('Status changed from Lead to Customer');
    // Its message id and values travel with it, so each reader reads it in their language.
    expect(statusEntry.metadata).toMatchObject({
      from: 'lead',
      to: 'customer',
      message: { id: 'timeline.contactStatusChanged', values: { from: 'lead', to: 'customer' } },
    });
    const updatedEntry = detail.timeline.find((e: { kind: string }) => e.kind === 'updated');
    expect(updatedEntry.metadata.message).toEqual({
      id: 'timeline.fieldsUpdated',
      values: { fields: updatedEntry.title.replace('Updated ', '') },
    });
    const activities = (await owner.client.get('/api/activities')).json();
    expect(activities.map((a: { description: string }) => a.description)).toContain(
      'Lee Park moved from Lead to Customer',
    );
  });

  it('clears optional fields with null, keeps the rest', async () => {
    const c = await create(owner.client, person({ phone: '+44 20 7946 0958', city: 'London' }));
    const res = await owner.client.patch(`/api/contacts/${c.id}`, { phone: null });
    expect(res.json()).toMatchObject({ phone: null, city: 'London', email: c.email });
  });

  it('answers 400 for bad input and changes nothing', async () => {
    const c = await create(owner.client, person());
    const bad = await owner.client.patch(`/api/contacts/${c.id}`, { status: 'won', firstName: 'Changed' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('status');
    const half = await owner.client.patch(`/api/contacts/${c.id}`, { latitude: 10 });
    expect(half.json().issues[0]).toMatchObject({
      path: 'longitude',
      message: 'Latitude and longitude go together',
    });
    expect((await owner.client.get(`/api/contacts/${c.id}`)).json().contact.firstName).toBe('Jane');
  });

  it('refuses to take another contact’s email or phone on update', async () => {
    const a = await create(
      owner.client,
      person({ firstName: 'Ann', lastName: 'Ames', phone: '+1 303 555 0101' }),
    );
    const b = await create(owner.client, person());
    const byEmail = await owner.client.patch(`/api/contacts/${b.id}`, { email: a.email.toUpperCase() });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().message).toContain('Ann Ames');
    const byPhone = await owner.client.patch(`/api/contacts/${b.id}`, { phone: '(303) 555-0101' });
    expect(byPhone.statusCode).toBe(409);
  });

  it('adds notes to the timeline', async () => {
    const c = await create(owner.client, person());
    const res = await owner.client.post(`/api/contacts/${c.id}/notes`, {
      body: 'Called about the listing\nwants a tour',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'note', title: 'Called about the listing' });
    const empty = await owner.client.post(`/api/contacts/${c.id}/notes`, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues[0]).toMatchObject({ path: 'body', message: 'Write a note first' });
    const timeline = (await owner.client.get(`/api/contacts/${c.id}`)).json().timeline;
    expect(timeline.filter((e: { kind: string }) => e.kind === 'note')).toHaveLength(1);
  });

  it('deletes a contact (204), then it is gone (404) and the counters follow', async () => {
    const c = await create(owner.client, person({ firstName: 'Del', lastName: 'Eted' }));
    const before = await total(owner.client);
    expect((await owner.client.delete(`/api/contacts/${c.id}`)).statusCode).toBe(204);
    expect((await owner.client.get(`/api/contacts/${c.id}`)).statusCode).toBe(404);
    expect((await owner.client.delete(`/api/contacts/${c.id}`)).statusCode).toBe(404);
    expect(await total(owner.client)).toBe(before - 1);
    const activities = (await owner.client.get('/api/activities')).json();
    expect(activities[0].description).toBe('Contact deleted: Del Eted');
  });

  it('hides another workspace’s contact (404 for read, write, delete, note)', async () => {
    const c = await create(owner.client, person());
    expect((await stranger.client.get(`/api/contacts/${c.id}`)).statusCode).toBe(404);
    expect((await stranger.client.patch(`/api/contacts/${c.id}`, { firstName: 'X' })).statusCode).toBe(404);
    expect((await stranger.client.delete(`/api/contacts/${c.id}`)).statusCode).toBe(404);
    expect((await stranger.client.post(`/api/contacts/${c.id}/notes`, { body: 'hi' })).statusCode).toBe(404);
    const list = (await stranger.client.get(`/api/contacts?q=${encodeURIComponent(c.email)}`)).json();
    expect(list).toEqual([]);
    expect((await owner.client.get(`/api/contacts/${c.id}`)).json().contact.firstName).toBe('Jane');
  });

  it('lets a viewer read but not write (403)', async () => {
    const c = await create(owner.client, person());
    expect((await viewer.get(`/api/contacts/${c.id}`)).statusCode).toBe(200);
    expect((await viewer.get('/api/contacts')).statusCode).toBe(200);
    expect((await viewer.patch(`/api/contacts/${c.id}`, { firstName: 'X' })).statusCode).toBe(403);
    expect((await viewer.delete(`/api/contacts/${c.id}`)).statusCode).toBe(403);
    expect((await viewer.post(`/api/contacts/${c.id}/notes`, { body: 'hi' })).statusCode).toBe(403);
    expect((await owner.client.get(`/api/contacts/${c.id}`)).json().contact.firstName).toBe('Jane');
  });

  it('answers 400 for a non-numeric id', async () => {
    const res = await owner.client.get('/api/contacts/abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe('id');
  });
});

describe('GET /api/contacts (search, filters, keyset pages)', () => {
  let listOwner: SignedUp;
  beforeAll(async () => {
    listOwner = await signUpOwner(t.app, { businessName: 'List Co', plan: 'enterprise' });
    await listOwner.client.post('/api/websites', { name: 'Realty AI', domain: 'realty.example' });
    const statuses = ['lead', 'qualified', 'customer', 'lost'];
    for (let i = 0; i < 25; i += 1) {
      await create(listOwner.client, {
        firstName: i === 7 ? 'Zelda' : `Person${String(i).padStart(2, '0')}`,
        lastName: i % 2 ? 'Odd' : 'Even',
        email: `p${i}@list.example`,
        company: i === 3 ? 'Needle Haystack LLC' : 'Plain Co',
        source: i % 3 === 0 ? 'Realty AI' : 'Unknown',
        status: statuses[i % 4],
        valueCents: (i % 5) * 1000, // ties on purpose: keyset must break them by id
      });
    }
  });

  async function allPages(query: string) {
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url = `/api/contacts?limit=10&${query}${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await listOwner.client.get(url);
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().map((c: { id: number }) => c.id));
      cursor = (res.headers['x-next-cursor'] as string | undefined) ?? null;
      pages += 1;
    } while (cursor && pages < 10);
    return { seen, pages };
  }

  it.each([
    'sort=createdAt',
    'sort=name',
    'sort=value',
    'sort=value&dir=asc',
    'sort=lastContactedAt',
    'sort=name&dir=desc',
  ])('pages through every contact exactly once (%s)', async (query) => {
    const { seen, pages } = await allPages(query);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
  });

  it('orders by value with id as the tie-breaker, and shows 10 by default', async () => {
    const res = await listOwner.client.get('/api/contacts?sort=value');
    const rows = res.json();
    expect(rows).toHaveLength(10);
    expect(rows[0].valueCents).toBe(4000);
    for (let i = 1; i < rows.length; i += 1) {
      expect(rows[i - 1].valueCents > rows[i].valueCents || rows[i - 1].id > rows[i].id).toBe(true);
    }
  });

  it('sorts by name and newest first by default', async () => {
    const byName = (await listOwner.client.get('/api/contacts?sort=name&limit=25')).json();
    expect(byName[byName.length - 1].firstName).toBe('Zelda');
    const newest = (await listOwner.client.get('/api/contacts')).json();
    expect(newest[0].email).toBe('p24@list.example');
  });

  it('searches name, email and company as substrings, case-insensitively', async () => {
    const byName = (await listOwner.client.get('/api/contacts?q=zEL')).json();
    expect(byName.map((c: { firstName: string }) => c.firstName)).toEqual(['Zelda']);
    const byEmail = (await listOwner.client.get('/api/contacts?q=p13@list')).json();
    expect(byEmail.map((c: { email: string }) => c.email)).toEqual(['p13@list.example']);
    const byCompany = (await listOwner.client.get('/api/contacts?q=haystack')).json();
    expect(byCompany.map((c: { email: string }) => c.email)).toEqual(['p3@list.example']);
    const fullEmail = (await listOwner.client.get('/api/contacts?q=P13%40LIST.example')).json();
    expect(fullEmail.map((c: { email: string }) => c.email)).toEqual(['p13@list.example']);
    expect((await listOwner.client.get('/api/contacts/count?q=p13%40list.example')).json()).toEqual({
      count: 1,
      isCapped: false,
    });
    const literal = (await listOwner.client.get('/api/contacts?q=%25')).json();
    expect(literal).toEqual([]);
  });

  it('pages a search in order whether its matches are among the newest contacts or far behind them', async () => {
    const owner = await signUpOwner(t.app, { plan: 'enterprise' });
    // 12 new matches, then 4,100 contacts that do not match, then 5 old matches: the first page
    // comes from the newest contacts, the second has to reach past thousands of others.
    await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.execute(sql`
        insert into contacts (first_name, last_name, email, created_at)
        select 'Needle', 'New ' || g, 'new' || g || '@needle.example', now() - g * interval '1 second'
        from generate_series(1, 12) g
        union all
        select 'Filler', 'Row ' || g, 'filler' || g || '@hay.example', now() - interval '1 hour' - g * interval '1 second'
        from generate_series(1, 4100) g
        union all
        select 'Needle', 'Old ' || g, 'old' || g || '@needle.example', now() - interval '1 day' - g * interval '1 second'
        from generate_series(1, 5) g`),
    );
    const names: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 4; pages += 1) {
      const res = await owner.client.get(
        `/api/contacts?q=NEEDLE&limit=10${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.statusCode).toBe(200);
      names.push(...res.json().map((c: { lastName: string }) => c.lastName));
      cursor = res.headers['x-next-cursor'] as string | undefined;
      if (!cursor) break;
    }
    expect(names).toEqual([
      ...Array.from({ length: 12 }, (_, i) => `New ${i + 1}`),
      ...Array.from({ length: 5 }, (_, i) => `Old ${i + 1}`),
    ]);
  });

  it('matches a term of several words only where they stand together, among new and old contacts alike', async () => {
    const owner = await signUpOwner(t.app, { plan: 'enterprise' });
    // Behind 4,100 newer contacts, so the search has to look past the newest ones for them.
    await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.execute(sql`
        insert into contacts (first_name, last_name, email, company, created_at) values
          ('Maria', 'Okonkwo-Reyes', 'maria@old.example', null, now() - interval '1 day'),
          ('Okonkwo', 'Maria', 'apart@old.example', 'Reyes Maria Group', now() - interval '1 day 1 second'),
          ('Sam', 'Lee', 'sam@old.example', 'Maria Okonkwo Realty', now() - interval '1 day 2 seconds')`),
    );
    // Written oldest first, so the index's first matches are the oldest ones.
    await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.execute(sql`
        insert into contacts (first_name, last_name, email, created_at)
        select 'Filler', 'Row ' || g, 'filler' || g || '@hay.example', now() - g * interval '1 second'
        from generate_series(4100, 1, -1) g`),
    );
    const emails = async (q: string) =>
      (await owner.client.get(`/api/contacts?q=${encodeURIComponent(q)}&limit=10`))
        .json()
        .map((c: { email: string }) => c.email);
    // Within a name, across name and company, split mid-word; never words that stand apart.
    expect(await emails('maria okonkwo')).toEqual(['maria@old.example', 'sam@old.example']);
    expect(await emails('Maria Okonkwo-Reyes')).toEqual(['maria@old.example']);
    expect(await emails('ria okon')).toEqual(['maria@old.example', 'sam@old.example']);
    expect(await emails('maria group')).toEqual(['apart@old.example']);
    expect(await emails('okonkwo maria reyes')).toEqual([]);
    expect(await emails('filler row 4100')).toEqual(['filler4100@hay.example']);
    // Among the newest contacts: 1,111 matches, then 4,100 (past the look-up's cap of 2,000).
    expect(await emails('filler row 1')).toEqual(
      [1, 10, 11, 12, 13, 14, 15, 16, 17, 18].map((g) => `filler${g}@hay.example`),
    );
    expect(await emails('filler row')).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((g) => `filler${g}@hay.example`),
    );
  });

  it('finds a contact by phone typed any way', async () => {
    await create(listOwner.client, { firstName: 'Phoebe', phone: '+1 617 555 0142' });
    const found = (
      await listOwner.client.get(`/api/contacts?q=${encodeURIComponent('(617) 555-0142')}`)
    ).json();
    expect(found.map((c: { firstName: string }) => c.firstName)).toEqual(['Phoebe']);
    await listOwner.client.delete(`/api/contacts/${found[0].id}`);
  });

  it('filters by source and status, and counts matches', async () => {
    const realty = await allPages('source=Realty%20AI');
    expect(realty.seen).toHaveLength(9);
    const qualified = (await listOwner.client.get('/api/contacts?status=qualified&limit=100')).json();
    expect(qualified).toHaveLength(6);
    expect(qualified.every((c: { status: string }) => c.status === 'qualified')).toBe(true);
    const both = (
      await listOwner.client.get('/api/contacts?status=lead&source=Realty%20AI&limit=100')
    ).json();
    expect(both.map((c: { email: string }) => c.email).sort()).toEqual(
      ['p0@list.example', 'p12@list.example', 'p24@list.example'].sort(),
    );
    expect((await listOwner.client.get('/api/contacts/count')).json()).toEqual({
      count: 25,
      isCapped: false,
    });
    expect((await listOwner.client.get('/api/contacts/count?source=Realty%20AI')).json()).toEqual({
      count: 9,
      isCapped: false,
    });
    expect((await listOwner.client.get('/api/contacts/count?status=lost')).json().count).toBe(6);
    expect((await listOwner.client.get('/api/contacts/count?q=odd')).json().count).toBe(12);
  });

  it('answers 400 for bad list parameters', async () => {
    expect((await listOwner.client.get('/api/contacts?sort=age')).json().issues[0].path).toBe('sort');
    expect((await listOwner.client.get('/api/contacts?limit=0')).json().issues[0].path).toBe('limit');
    expect((await listOwner.client.get('/api/contacts?status=won')).json().issues[0].path).toBe('status');
    const forged = Buffer.from(JSON.stringify(["'; drop table contacts; --", 1])).toString('base64url');
    const res = await listOwner.client.get(`/api/contacts?cursor=${forged}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe('cursor');
    expect((await listOwner.client.get('/api/contacts?cursor=garbage')).statusCode).toBe(400);
  });

  it('summarises counts and pipeline per status, leaving deal figures to deals', async () => {
    const stats = (await listOwner.client.get('/api/contacts/stats')).json();
    // i % 4: lead 0,4,...,24 (7); qualified 1,5,...,21 (6); customer 6; lost 6.
    expect(stats).toMatchObject({
      total: 25,
      lead: 7,
      qualified: 6,
      customer: 6,
      lost: 6,
      qualifiedLeads: 6,
    });
    // Active deals and conversion are deal figures now (GET /api/deals/stats), not contact statuses.
    expect(stats).not.toHaveProperty('activeDeals');
    expect(stats).not.toHaveProperty('conversionRate');
    expect(stats.pipeline.qualified).toEqual({ count: 6, valueCents: 11_000 });
    const empty = (await stranger.client.get('/api/contacts/stats')).json();
    expect(empty).toMatchObject({ total: 0, qualifiedLeads: 0 });
  });

  it('lists companies with their contact counts', async () => {
    const res = await listOwner.client.get('/api/companies');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { name: string; contactCount: number }) => [c.name, c.contactCount])).toEqual([
      ['Needle Haystack LLC', 1],
      ['Plain Co', 24],
    ]);
    expect((await listOwner.client.get('/api/companies?q=nee')).json()).toHaveLength(1);
    expect((await stranger.client.get('/api/companies')).json()).toEqual([]);
    expect((await listOwner.client.get('/api/companies?limit=x')).statusCode).toBe(400);
  });
});

describe('plan limits', () => {
  it('stops a Starter workspace at 1,000 contacts with a message naming the plan', async () => {
    const starter = await signUpOwner(t.app, { plan: 'starter' });
    await t.database.withWorkspace(starter.workspaceId, (tx) =>
      tx.execute(
        sql`insert into contacts (first_name, email) select 'Bulk', 'bulk' || g || '@starter.example' from generate_series(1, 999) g`,
      ),
    );
    expect((await starter.client.get('/api/contacts/stats')).json().total).toBe(999);
    expect((await starter.client.post('/api/contacts', person())).statusCode).toBe(201);
    const over = await starter.client.post('/api/contacts', person());
    expect(over.statusCode).toBe(402);
    expect(over.json().message).toBe(
      'Your Starter plan allows up to 1,000 contacts and you have 1,000. Upgrade your plan to add more.',
    );
    expect((await starter.client.get('/api/contacts/stats')).json().total).toBe(1000);
    // A match is not a new contact: merging into an existing one still works at the limit.
    const merged = await starter.client.post('/api/contacts', {
      email: 'BULK1@starter.example',
      company: 'X',
      merge: true,
    });
    expect(merged.statusCode).toBe(200);
  });

  it('tells a bulk caller how much room is left', async () => {
    const starter = await signUpOwner(t.app, { plan: 'starter' });
    await t.database.withWorkspace(starter.workspaceId, (tx) =>
      tx.execute(sql`insert into contacts (first_name) select 'Bulk' from generate_series(1, 990) g`),
    );
    await expect(
      t.database.withWorkspace(starter.workspaceId, (tx) => assertContactCapacity(tx, 50)),
    ).rejects.toThrow(
      /Starter plan allows up to 1,000 contacts and you have 990, so 50 more would not fit \(room for 10\)/,
    );
    await t.database.withWorkspace(starter.workspaceId, (tx) => assertContactCapacity(tx, 10));
  });
});

describe('service functions other features call', () => {
  it('upsertContactByIdentity matches by email any case, then by phone any format, filling only empty fields', async () => {
    const ws = owner.workspaceId;
    const email = `capture.${Date.now()}@example.com`;
    const first = await t.database.withWorkspace(ws, (tx) =>
      upsertContactByIdentity(tx, { email: email.toUpperCase(), firstName: 'Cora' }, { via: 'email' }),
    );
    expect(first.created).toBe(true);
    expect(first.contact.email).toBe(email);
    const again = await t.database.withWorkspace(ws, (tx) =>
      upsertContactByIdentity(
        tx,
        { email, firstName: 'Someone Else', lastName: 'Quinn', phone: '(720) 555-0111', company: 'Q Corp' },
        { via: 'email' },
      ),
    );
    expect(again.created).toBe(false);
    expect(again.contact).toMatchObject({
      id: first.contact.id,
      firstName: 'Cora',
      lastName: 'Quinn',
      phone: '+17205550111',
    });
    const byPhone = await t.database.withWorkspace(ws, (tx) =>
      upsertContactByIdentity(tx, { phone: '+1 720-555-0111', city: 'Denver' }, { via: 'phone' }),
    );
    expect(byPhone).toMatchObject({ created: false, contact: { id: first.contact.id, city: 'Denver' } });
    const detail = (await owner.client.get(`/api/contacts/${first.contact.id}`)).json();
    expect(detail.timeline.map((e: { title: string }) => e.title)).toEqual([
      'Details added from phone sync: city',
      'Details added from an email: last name, phone, company',
      'Contact created from an email',
    ]);
    const activities = (await owner.client.get('/api/activities')).json();
    expect(
      activities.some((a: { description: string }) => a.description === 'New contact from email: Cora'),
    ).toBe(true);
  });

  it('two concurrent captures of one new email make one contact', async () => {
    const email = `race.${Date.now()}@example.com`;
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        t.database.withWorkspace(owner.workspaceId, (tx) =>
          upsertContactByIdentity(tx, { email }, { via: 'email' }),
        ),
      ),
    );
    expect(new Set(results.map((r) => r.contact.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
  });

  it('markContacted only moves forward; addTimelineEntry records what others log', async () => {
    const { contact } = await t.database.withWorkspace(owner.workspaceId, (tx) =>
      upsertContactByIdentity(tx, { email: `mark.${Date.now()}@example.com` }, { via: 'manual' }),
    );
    const later = new Date('2026-03-02T10:00:00Z');
    await t.database.withWorkspace(owner.workspaceId, async (tx) => {
      await markContacted(tx, contact.id, later);
      await markContacted(tx, contact.id, new Date('2026-01-01T00:00:00Z'));
      await addTimelineEntry(tx, contact.id, {
        kind: 'call',
        title: 'Call, 3 min',
        metadata: { seconds: 180 },
      });
    });
    const detail = (await owner.client.get(`/api/contacts/${contact.id}`)).json();
    expect(detail.contact.lastContactedAt).toBe(later.toISOString());
    expect(detail.timeline[0]).toMatchObject({
      kind: 'call',
      title: 'Call, 3 min',
      metadata: { seconds: 180 },
    });
  });

  it('keeps the counters equal to the rows', async () => {
    const counts = await t.database.withWorkspace(owner.workspaceId, async (tx) => {
      const real = await tx.execute<{ status: string; n: number }>(
        sql`select status, count(*)::int as n from contacts group by status`,
      );
      return { real: real.rows, counters: await countContactsByStatus(tx) };
    });
    const byStatus = Object.fromEntries(counts.real.map((r) => [r.status, r.n]));
    expect(counts.counters).toEqual({
      total: counts.real.reduce((sum, r) => sum + r.n, 0),
      lead: byStatus.lead ?? 0,
      qualified: byStatus.qualified ?? 0,
      customer: byStatus.customer ?? 0,
      lost: byStatus.lost ?? 0,
    });
  });

  it('the search view shows only the current workspace, and refuses writes into another', async () => {
    const seen = await t.database.withWorkspace(stranger.workspaceId, (tx) =>
      tx.execute<{ n: number }>(
        sql`select count(*)::int as n from contacts_in_workspace where workspace_id <> ${stranger.workspaceId}`,
      ),
    );
    expect(seen.rows[0].n).toBe(0);
    await expect(
      t.database.withWorkspace(stranger.workspaceId, (tx) =>
        tx.execute(
          sql`insert into contacts_in_workspace (first_name, workspace_id) values ('x', ${owner.workspaceId})`,
        ),
      ),
    ).rejects.toThrow();
  });
});

describe('demo contacts', () => {
  it('seeds 25 contacts across the sites, some near Austin with a contact type, with timelines', async () => {
    const demo = await signUpOwner(t.app, { plan: 'enterprise' });
    const siteNames = ['Keynote Coaching', 'Housing Advocate Academy', 'HomeMatch AI'];
    for (const [i, name] of siteNames.entries()) {
      await demo.client.post('/api/websites', { name, domain: `site${i}.demo.example` });
    }
    await t.database.withWorkspace(demo.workspaceId, (tx) =>
      seedDemoContacts(tx, { ownerId: demo.userId, siteNames }),
    );
    const stats = (await demo.client.get('/api/contacts/stats')).json();
    expect(stats.total).toBe(25);
    expect(stats.customer).toBeGreaterThan(0);
    const located = await t.database.withWorkspace(demo.workspaceId, (tx) =>
      tx.execute<{ n: number }>(
        sql`select count(*)::int as n from contacts where latitude is not null and contact_type is not null`,
      ),
    );
    expect(located.rows[0].n).toBeGreaterThanOrEqual(8);
    const sources = (await demo.client.get('/api/contacts?limit=100'))
      .json()
      .map((c: { source: string }) => c.source);
    expect(new Set(sources)).toEqual(new Set([...siteNames, 'Unknown']));
    // The seeded calls and follow-ups are catalogued lines, read in each visitor's language.
    const seeded = await t.database.withWorkspace(demo.workspaceId, (tx) =>
      tx.execute<{ id: string; n: number }>(
        sql`select metadata->'message'->>'id' as id, count(*)::int as n from contact_timeline
            where kind in ('call', 'email') group by 1 order by 1`,
      ),
    );
    expect(seeded.rows.map((r) => r.id)).toEqual(['timeline.demoCall', 'timeline.demoFollowUp']);
  });
});

describe('finding a contact by email', () => {
  it("uses the (workspace, email) index: citext's = is not LEAKPROOF, so through the table under RLS it compared every contact", async () => {
    const { default: pg } = await import('pg');
    const busy = await signUpOwner(t.app, { plan: 'enterprise' });
    const ownerDb = new pg.Client({ connectionString: t.ownerUrl });
    await ownerDb.connect();
    try {
      await ownerDb.query(
        `insert into contacts (workspace_id, first_name, email, status)
         select $1, 'P' || g, 'p' || g || '@busy.example', 'lead' from generate_series(1, 1000) g`,
        [busy.workspaceId],
      );
      await ownerDb.query('analyze contacts');
    } finally {
      await ownerDb.end();
    }
    const plan = await t.database.withWorkspace(busy.workspaceId, async (tx) => {
      const explained = await tx.execute<{ 'QUERY PLAN': unknown }>(
        sql`explain (format json) ${contactByEmailQuery(tx, 'P500@Busy.example')}`,
      );
      return JSON.stringify(explained.rows[0]['QUERY PLAN']);
    });
    expect(/"Index Name":"([^"]+)"/.exec(plan)?.[1]).toBe('contacts_email_uq');
    expect(/"Index Cond":"([^"]+)"/.exec(plan)?.[1]).toMatch(/workspace_id = .*email = /);
  });
});
