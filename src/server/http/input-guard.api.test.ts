import { localBusinessPricing, noLocalAddons } from '@domain/pricing/local-business';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type SignedUp, signUpOwner, useTestApp } from '../../../test/test-app.js';

let owner: SignedUp;
const t = useTestApp();
beforeAll(async () => {
  owner = await signUpOwner(t.app);
});

const unstorable = 'must not contain NUL characters or unpaired surrogates';

async function contactCount(): Promise<number> {
  return (await owner.client.get('/api/contacts/count')).json().count;
}

describe('text PostgreSQL cannot store', () => {
  it('refuses a NUL or an unpaired surrogate in any body field with a 400 naming it, and saves nothing', async () => {
    const before = await contactCount();
    const nul = await owner.client.post('/api/contacts', { firstName: 'a\u0000b', lastName: 'Doe' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({
      message: `firstName: ${unstorable}`,
      code: 'bad_request',
      issues: [{ path: 'firstName', message: unstorable }],
    });
    const surrogate = await owner.client.post('/api/contacts', { firstName: 'Ann', notes: 'x\udc00' });
    expect(surrogate.json().issues).toEqual([{ path: 'notes', message: unstorable }]);
    expect(await contactCount()).toBe(before);
    // A well-formed pair (an emoji) and other scripts are ordinary text.
    const fine = await owner.client.post('/api/contacts', { firstName: 'Zoë 😀', lastName: 'Ωμέγα' });
    expect(fine.statusCode).toBe(201);
    expect(fine.json().firstName).toBe('Zoë 😀');
  });

  it('names nested fields and keys by their path', async () => {
    const token = (await owner.client.post('/api/iphone/sync-tokens', { name: 'Guard phone' })).json().token;
    const nested = await new ApiClient(t.app).post('/api/iphone/sync', {
      type: 'contacts',
      data: [{ firstName: 'Ok' }, { firstName: 'Bad\u0000' }],
      authToken: token,
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().issues).toEqual([{ path: 'data.1.firstName', message: unstorable }]);
    const key = await owner.client.post('/api/contacts', { firstName: 'Ann', 'x\u0000': 1 });
    expect(key.json().issues).toEqual([{ path: 'body', message: `field names ${unstorable}` }]);
  });

  it('checks the query string and path parameters too', async () => {
    const search = await owner.client.get('/api/contacts?q=%00');
    expect(search.statusCode).toBe(400);
    expect(search.json().issues).toEqual([{ path: 'q', message: unstorable }]);
    const page = await new ApiClient(t.app).get('/api/checkout/test/%00');
    expect(page.statusCode).toBe(400);
    expect(page.json().issues).toEqual([{ path: 'sessionId', message: unstorable }]);
  });

  it('refuses a lone surrogate in the public calculator checkout', async () => {
    const selection = {
      businessType: 'bakery',
      exposureLevel: 'directory',
      zipCodes: '\ud800',
      naicsCode: 'other',
      addons: noLocalAddons,
    } as const;
    const res = await new ApiClient(t.app).post('/api/local-business/checkout', {
      ...selection,
      pricing: localBusinessPricing({ ...selection, zipCodes: '' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'zipCodes', message: unstorable }]);
  });

  it('still answers 401 first to a signed-out caller', async () => {
    expect((await new ApiClient(t.app).get('/api/contacts?q=%00')).statusCode).toBe(401);
  });
});

describe('ids bounded to their column', () => {
  it('refuses a website number beyond PostgreSQL integer, in a body and in a path', async () => {
    const website = (
      await owner.client.post('/api/websites', { name: 'Shop', domain: 'shop.example.com' })
    ).json();
    const product = await owner.client.post('/api/products', {
      websiteId: 2_147_483_648,
      name: 'Mug',
      priceCents: 1200,
      billing: 'one_time',
    });
    expect(product.statusCode).toBe(400);
    expect(product.json().issues).toEqual([{ path: 'websiteId', message: 'is too large' }]);
    const largest = await owner.client.post('/api/products', {
      websiteId: 2_147_483_647,
      name: 'Mug',
      priceCents: 1200,
      billing: 'one_time',
    });
    expect(largest.json().issues).toEqual([
      { path: 'websiteId', message: 'is not a website of this workspace' },
    ]);
    const patch = await owner.client.patch('/api/websites/2147483648', { name: 'X' });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().issues).toEqual([{ path: 'id', message: 'is too large' }]);
    expect((await owner.client.get('/api/products')).json()).toEqual([]);
    expect((await owner.client.get('/api/websites')).json()[0]).toMatchObject({
      id: website.id,
      name: 'Shop',
    });
  });

  it('refuses a record id beyond what a JSON number holds exactly', async () => {
    const res = await owner.client.delete('/api/contacts/9007199254740993');
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe('id');
    const switchTo = await owner.client.post('/api/auth/switch-workspace', { workspaceId: 2 ** 53 + 1 });
    expect(switchTo.statusCode).toBe(400);
    expect(switchTo.json().issues[0].path).toBe('workspaceId');
  });
});

describe('PATCH /api/websites/:id', () => {
  it('answers a change that names no field with a 400, and keeps the website', async () => {
    const website = (
      await owner.client.post('/api/websites', { name: 'Blog', domain: 'blog.example.com' })
    ).json();
    const res = await owner.client.patch(`/api/websites/${website.id}`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: 'body', message: 'Nothing to update: send a name, domain or description' },
    ]);
    const renamed = await owner.client.patch(`/api/websites/${website.id}`, { description: 'Posts' });
    expect(renamed.json()).toMatchObject({ name: 'Blog', description: 'Posts' });
  });
});
