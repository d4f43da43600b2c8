import { productName, webManifestSchema } from '@domain/mobile-app/web-manifest';
import { describe, expect, it } from 'vitest';
import { ApiClient, signUpOwner, useTestApp } from '../../../../test/test-app.js';

const t = useTestApp();

async function manifestOf(client: ApiClient, acceptLanguage?: string) {
  const res = await client.request(
    'GET',
    '/manifest.webmanifest',
    undefined,
    acceptLanguage ? { 'accept-language': acceptLanguage } : {},
  );
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
  // Per user: no shared cache may keep it, and the browser asks again (no stale name after a switch).
  expect(res.headers['cache-control']).toBe('private, no-cache');
  expect(res.headers.vary).toContain('cookie');
  return webManifestSchema.parse(res.json());
}

describe('GET /manifest.webmanifest', () => {
  it("names the app after the product for a visitor, in the browser's language", async () => {
    const visitor = new ApiClient(t.app);
    expect(await manifestOf(visitor)).toMatchObject({ name: productName, lang: 'en', dir: 'ltr' });
    expect(await manifestOf(visitor, 'ar-EG,ar;q=0.9,en;q=0.5')).toMatchObject({ lang: 'ar', dir: 'rtl' });
    expect((await manifestOf(visitor, 'xx, de;q=0.4')).lang).toBe('de');
  });

  it("names it after the signed-in workspace, in the user's language, then the workspace's", async () => {
    const owner = await signUpOwner(t.app, { businessName: 'Harbour Bakery' });
    const signedIn = await manifestOf(owner.client, 'ja');
    expect(signedIn).toMatchObject({
      name: 'Harbour Bakery',
      short_name: 'Harbour Bakery',
      lang: 'ja',
      display: 'standalone',
      start_url: '/dashboard',
    });
    expect((await owner.client.patch('/api/workspace/settings', { defaultLocale: 'fr' })).statusCode).toBe(
      204,
    );
    expect((await manifestOf(owner.client, 'ja')).lang).toBe('fr');
    expect((await owner.client.patch('/api/auth/user', { locale: 'ar' })).statusCode).toBe(200);
    expect(await manifestOf(owner.client, 'ja')).toMatchObject({
      name: 'Harbour Bakery',
      lang: 'ar',
      dir: 'rtl',
    });

    // Another workspace's user installs their own name; signed out, the product's again.
    const other = await signUpOwner(t.app, { businessName: 'Quay Florist' });
    expect((await manifestOf(other.client)).name).toBe('Quay Florist');
    expect((await owner.client.post('/api/logout')).statusCode).toBe(204);
    expect((await manifestOf(owner.client)).name).toBe(productName);
  });
});
