import { describe, expect, it } from 'vitest';
import { ApiClient, signUpOwner, useTestApp } from './test-app.js';

/**
 * Issue 10: the errors people read in the payments, phone sync, members and API keys areas travel with their
 * catalogue id (src/domain/messages.ts), so the client shows them in the reader's language; the English
 * text stays what it was.
 */
const t = useTestApp();

describe('catalogued server messages', () => {
  it('members: the last owner cannot demote themselves', async () => {
    const owner = await signUpOwner(t.app);
    const res = await owner.client.patch(`/api/workspace/members/${owner.userId}`, { role: 'admin' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'The last owner cannot be demoted. Make someone else an owner first.',
      messageId: 'members.lastOwnerDemoted',
    });
  });

  it('API keys: an unknown key is refused by id', async () => {
    const res = await new ApiClient(t.app).request('GET', '/api/contacts', undefined, {
      authorization: `Bearer bh_live_000000000000_${'a'.repeat(43)}`,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      message: 'This API key is not valid: it may have been revoked or have expired.',
      messageId: 'apiKeys.invalid',
    });
  });

  it('phone sync: an unknown sync token is refused by id', async () => {
    const res = await new ApiClient(t.app).post('/api/iphone/sync', {
      type: 'contacts',
      data: [{ firstName: 'Ana', lastName: 'Diaz', phone: '(512) 555-0100' }],
      authToken: 'hubsync_not-a-token',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      message: 'The sync token is not valid or has been revoked.',
      messageId: 'phoneSync.tokenInvalid',
    });
  });

  it('payments: a missing product, and a field error with its values', async () => {
    const owner = await signUpOwner(t.app);
    const missing = await owner.client.delete('/api/products/2147483000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      message: 'Product not found',
      messageId: 'payments.productNotFound',
    });

    const stranger = await signUpOwner(t.app);
    const site = await stranger.client.post('/api/websites', {
      name: 'Other',
      domain: 'other-shop.example.com',
    });
    const foreign = await owner.client.post('/api/products', {
      websiteId: site.json().id,
      name: 'Course',
      description: '',
      priceCents: 4900,
      billing: 'monthly',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      message: 'websiteId: is not a website of this workspace',
      messageId: 'payments.websiteNotOwned',
    });
  });
});
