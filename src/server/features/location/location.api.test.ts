import { describe, expect, it } from 'vitest';
import { addMember, type SignedUp, signUpOwner, useTestApp } from '../../../../test/test-app.js';
import { zipCodeGeocoder } from '../../providers/geocoding/zip-code-geocoder.js';

const t = useTestApp({ workers: true }); // the import case runs its job

// The centre of Austin's ZIP code 78701 (from the same dataset) and contacts at known distances from it.
const austin = await zipCodeGeocoder.geocode({ zip: '78701' });
if (!austin) throw new Error('dataset lacks 78701');
const here = { latitude: austin.latitude, longitude: austin.longitude };
const newYork = await zipCodeGeocoder.geocode({ zip: '10001' });
const milesNorth = (miles: number) => ({
  latitude: here.latitude + miles / 69.05,
  longitude: here.longitude,
});

async function addContact(
  owner: SignedUp,
  firstName: string,
  at: { latitude: number; longitude: number } | null,
  extra: Record<string, unknown> = {},
) {
  const res = await owner.client.post('/api/contacts', {
    firstName,
    lastName: 'Test',
    email: `${firstName.toLowerCase()}@example.test`,
    ...(at ?? {}),
    ...extra,
  });
  expect(res.statusCode).toBe(201);
  return res.json().id ?? res.json().contact?.id;
}

const nearby = (owner: Pick<SignedUp, 'client'>, radius?: number) =>
  owner.client.get(
    `/api/location/nearby-contacts?latitude=${here.latitude}&longitude=${here.longitude}${radius ? `&radius=${radius}` : ''}`,
  );

describe('GET /api/location/nearby-contacts', () => {
  it('lists contacts within the radius (default 5 miles), nearest first, with their distance', async () => {
    const owner = await signUpOwner(t.app);
    await addContact(owner, 'Far', milesNorth(4.5), {
      contactType: 'investor',
      city: 'Austin',
      state: 'TX',
      zip: '78751',
    });
    await addContact(owner, 'Near', milesNorth(0.5), { contactType: 'buyer', company: 'Near Co' });
    await addContact(owner, 'Mid', milesNorth(2), { contactType: 'seller' });
    await addContact(owner, 'Outside', milesNorth(6));
    await addContact(owner, 'Nowhere', null);

    const res = await nearby(owner);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((c: { first_name: string }) => c.first_name)).toEqual(['Near', 'Mid', 'Far']);
    expect(list[0]).toMatchObject({
      first_name: 'Near',
      last_name: 'Test',
      email: 'near@example.test',
      company: 'Near Co',
      contact_type: 'buyer',
    });
    expect(list[0].distance_miles).toBeCloseTo(0.5, 1);
    expect(list[0]).toMatchObject(milesNorth(0.5));
    expect(list[2]).toMatchObject({ last_known_location: 'Austin, TX 78751' });
    expect(list[2].distance_miles).toBeCloseTo(4.5, 1);

    expect((await nearby(owner, 1)).json().map((c: { first_name: string }) => c.first_name)).toEqual([
      'Near',
    ]);
    expect((await nearby(owner, 10)).json()).toHaveLength(4);
  });

  it('names a bad query field and never shows another workspace', async () => {
    const owner = await signUpOwner(t.app);
    await addContact(owner, 'Mine', milesNorth(0.2));
    const bad = await owner.client.get('/api/location/nearby-contacts?latitude=91&longitude=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('latitude');
    const missing = await owner.client.get('/api/location/nearby-contacts?latitude=30');
    expect(missing.json().issues[0].path).toBe('longitude');
    const stranger = await signUpOwner(t.app);
    expect((await nearby(stranger)).json()).toEqual([]);
    const viewer = await addMember(t.app, owner, 'viewer');
    expect((await nearby(viewer)).json()).toHaveLength(1);
  });
});

describe('every write path places contacts by their address', () => {
  const names = async (owner: SignedUp, radius = 1) =>
    (await nearby(owner, radius)).json() as { first_name: string; latitude: number; longitude: number }[];

  it('places a contact created with an address and moves it when the address is edited', async () => {
    const owner = await signUpOwner(t.app);
    const created = await owner.client.post('/api/contacts', {
      firstName: 'Zipped',
      email: 'zipped@example.test',
      address: '100 Congress Ave',
      zip: '78701',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject(here);
    expect(await names(owner)).toEqual([expect.objectContaining({ first_name: 'Zipped', ...here })]);

    const mover = await owner.client.post('/api/contacts', {
      firstName: 'Mover',
      email: 'mover@example.test',
      zip: '10001',
    });
    expect(mover.json()).toMatchObject({ latitude: newYork?.latitude, longitude: newYork?.longitude });
    expect((await names(owner)).map((c) => c.first_name)).toEqual(['Zipped']);
    const moved = await owner.client.patch(`/api/contacts/${mover.json().id}`, { zip: '78701' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await names(owner)).map((c) => c.first_name).sort()).toEqual(['Mover', 'Zipped']);
    // An address the geocoder cannot place drops the old position rather than keep a wrong one.
    await owner.client.patch(`/api/contacts/${mover.json().id}`, { zip: '00000' });
    expect((await names(owner)).map((c) => c.first_name)).toEqual(['Zipped']);
    // A city and state place a contact too; coordinates given explicitly win over the address.
    await owner.client.patch(`/api/contacts/${mover.json().id}`, { zip: null, city: 'Austin', state: 'TX' });
    expect((await names(owner, 10)).map((c) => c.first_name).sort()).toEqual(['Mover', 'Zipped']);
    const pinned = await owner.client.post('/api/contacts', {
      firstName: 'Pinned',
      email: 'pinned@example.test',
      zip: '10001',
      ...milesNorth(0.5),
    });
    expect(pinned.json()).toMatchObject(milesNorth(0.5));
  });

  it('places imported contacts, new and matched', async () => {
    const owner = await signUpOwner(t.app);
    const existing = await owner.client.post('/api/contacts', {
      firstName: 'Known',
      email: 'known@example.test',
    });
    expect(existing.json().latitude).toBeNull();
    const csv =
      'First Name,Email,City,State,Zip\n' +
      'Imported,imported@example.test,,,78701\n' +
      'Known,known@example.test,,,78701\n' +
      'ByCity,bycity@example.test,Austin,TX,\n' +
      'Faraway,faraway@example.test,,,10001\n';
    const res = await owner.client.post('/api/contacts/import-csv', { csvData: csv, filename: 'placed.csv' });
    expect(res.statusCode, res.body).toBe(202);
    for (;;) {
      const status = (await owner.client.get(`/api/contacts/import-status/${res.json().jobId}`)).json();
      if (status.status !== 'processing') {
        expect(status).toMatchObject({ status: 'completed', created_contacts: 3, updated_contacts: 1 });
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const within = await names(owner, 10);
    expect(within.map((c) => c.first_name).sort()).toEqual(['ByCity', 'Imported', 'Known']);
    expect(within.find((c) => c.first_name === 'Imported')).toMatchObject(here);
    expect(within.find((c) => c.first_name === 'Known')).toMatchObject(here);
  });
});

describe('POST /api/location/update', () => {
  it('names the position after its ZIP code and alerts for close contacts once per cooling period', async () => {
    const owner = await signUpOwner(t.app);
    await addContact(owner, 'Bella', milesNorth(0.3), { contactType: 'buyer' });
    await addContact(owner, 'Carl', milesNorth(3), { contactType: 'seller' });

    const first = await owner.client.post('/api/location/update', { ...here, accuracy: 12 });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.location.address).toBe('Austin, TX 78701');
    // Only contacts inside the alert radius (1 mile) raise an alert.
    expect(body.alerts).toHaveLength(1);
    expect(body.alerts[0].message).toBe('Bella Test (buyer) is 0.3 miles away');
    expect(body.alerts[0].distance).toBeCloseTo(0.3, 1);

    // Within the cooling period the same contact is not announced again.
    const second = await owner.client.post('/api/location/update', { ...here, accuracy: 12 });
    expect(second.json().alerts).toEqual([]);

    // A teammate has their own alerts.
    const member = await addMember(t.app, owner, 'member');
    expect((await member.client.post('/api/location/update', here)).json().alerts).toHaveLength(1);

    // Once the cooling period has passed, it alerts again.
    const { default: pg } = await import('pg');
    const ownerDb = new pg.Client({ connectionString: t.ownerUrl });
    await ownerDb.connect();
    await ownerDb.query(
      "update geofence_alerts set created_at = now() - interval '61 minutes' where workspace_id = $1",
      [owner.workspaceId],
    );
    await ownerDb.end();
    expect((await owner.client.post('/api/location/update', here)).json().alerts).toHaveLength(1);
  });

  it('gives coordinates as the address far from any US ZIP code', async () => {
    const owner = await signUpOwner(t.app);
    const res = await owner.client.post('/api/location/update', { latitude: 0, longitude: -30, accuracy: 5 });
    expect(res.json()).toEqual({
      location: { address: '0.0000, -30.0000', latitude: 0, longitude: -30 },
      alerts: [],
    });
  });

  it('names bad input, refuses viewers, and alerts only on own-workspace contacts', async () => {
    const owner = await signUpOwner(t.app);
    const bad = await owner.client.post('/api/location/update', { latitude: 'north', longitude: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('latitude');
    const badAccuracy = await owner.client.post('/api/location/update', { ...here, accuracy: -1 });
    expect(badAccuracy.json().issues[0].path).toBe('accuracy');

    const viewer = await addMember(t.app, owner, 'viewer');
    expect((await viewer.client.post('/api/location/update', here)).statusCode).toBe(403);

    const stranger = await signUpOwner(t.app);
    await addContact(stranger, 'Hidden', milesNorth(0.1));
    expect((await owner.client.post('/api/location/update', here)).json().alerts).toEqual([]);
  });
});
