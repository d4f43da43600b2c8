import { describe, expect, it } from 'vitest';
import { addMember, type SignedUp, signUpOwner, useTestApp } from '../../../../test/test-app.js';

const t = useTestApp();

async function ownerWithSite(): Promise<{ owner: SignedUp; websiteId: number }> {
  const owner = await signUpOwner(t.app);
  const site = await owner.client.post('/api/websites', { name: 'Coaching', domain: 'coach.example.com' });
  expect(site.statusCode).toBe(201);
  return { owner, websiteId: site.json().id };
}

const product = (websiteId: number) => ({
  websiteId,
  name: 'Coaching Session',
  description: 'One hour, video call',
  priceCents: 19700,
  billing: 'one_time',
});

describe('products per website', () => {
  it('creates, lists and deletes a product of a website', async () => {
    const { owner, websiteId } = await ownerWithSite();
    const created = await owner.client.post('/api/products', product(websiteId));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      websiteId,
      name: 'Coaching Session',
      priceCents: 19700,
      billing: 'one_time',
    });
    expect((await owner.client.get('/api/products')).json()).toHaveLength(1);
    expect((await owner.client.delete(`/api/products/${created.json().id}`)).statusCode).toBe(204);
    expect((await owner.client.get('/api/products')).json()).toEqual([]);
  });

  it('names the field on bad input and writes nothing', async () => {
    const { owner, websiteId } = await ownerWithSite();
    const fractional = await owner.client.post('/api/products', { ...product(websiteId), priceCents: 19.5 });
    expect(fractional.statusCode).toBe(400);
    expect(fractional.json().issues[0].path).toBe('priceCents');
    const noSite = await owner.client.post('/api/products', product(999));
    expect(noSite.statusCode).toBe(400);
    expect(noSite.json().issues[0].path).toBe('websiteId');
    expect((await owner.client.get('/api/products')).json()).toEqual([]);
  });

  it("hides another workspace's products and websites (404 / 400)", async () => {
    const a = await ownerWithSite();
    const b = await ownerWithSite();
    const created = (await a.owner.client.post('/api/products', product(a.websiteId))).json();
    expect((await b.owner.client.get('/api/products')).json()).toEqual([]);
    expect((await b.owner.client.delete(`/api/products/${created.id}`)).statusCode).toBe(404);
    expect((await a.owner.client.get('/api/products')).json()).toHaveLength(1);
  });

  it('lets viewers read but not write; members cannot manage products', async () => {
    const { owner, websiteId } = await ownerWithSite();
    const viewer = await addMember(t.app, owner, 'viewer');
    const member = await addMember(t.app, owner, 'member');
    expect((await viewer.client.get('/api/products')).statusCode).toBe(200);
    expect((await viewer.client.post('/api/products', product(websiteId))).statusCode).toBe(403);
    expect((await member.client.post('/api/products', product(websiteId))).statusCode).toBe(403);
    expect((await owner.client.get('/api/products')).json()).toEqual([]);
  });
});
