import { generateKeyPairSync } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeSearchConsole,
  startFakeSearchConsole,
} from '../../../../test/search-console-test-server.js';
import { type ApiClient, addMember, signUpOwner, useTestApp } from '../../../../test/test-app.js';

const rows = [
  { keys: ['widget shop', 'https://widgets.example.com/about'], clicks: 12, impressions: 300, position: 3.2 },
  {
    keys: ['blue widgets', 'https://widgets.example.com/products'],
    clicks: 2,
    impressions: 50,
    position: 14.5,
  },
] as { keys: [string, string]; clicks: number; impressions: number; position: number }[];

let google: FakeSearchConsole;
beforeAll(async () => {
  google = await startFakeSearchConsole(rows, ['sc-domain:widgets.example.com']);
});
afterAll(async () => {
  await google?.close();
});
const t = useTestApp(() => ({
  workers: true,
  env: { GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl, SEARCH_CONSOLE_API_URL: google.apiUrl },
}));

interface Status {
  connected: boolean;
  clientEmail: string | null;
  privateKeySet: boolean;
  sites: {
    websiteId: number;
    property: string;
    status: string;
    error: string | null;
    errorMessage: unknown;
  }[];
}

async function synced(client: ApiClient): Promise<Status> {
  for (;;) {
    const status = (await client.get('/api/site-health/search-console')).json() as Status;
    if (status.sites.length > 0 && status.sites.every((s) => s.status !== 'pending')) return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function ownerWithSites() {
  const owner = await signUpOwner(t.app);
  await owner.client.post('/api/websites', { name: 'Widget Shop', domain: 'widgets.example.com' });
  await owner.client.post('/api/websites', { name: 'Gadgets', domain: 'gadgets.example.com' });
  const patched = await owner.client.patch('/api/site-health/websites/1/settings', {
    keywords: [
      { path: '/about', keyword: 'widget shop' },
      { path: '/products', keyword: 'blue widgets' },
      { path: '/', keyword: 'never searched' },
    ],
  });
  expect(patched.statusCode).toBe(200);
  return owner;
}

describe('Google Search Console ranks', () => {
  it('connects with a sealed key, measures each keyword and shows the ranks in the SEO card', async () => {
    const owner = await ownerWithSites();
    const before = (await owner.client.get('/api/site-health/seo')).json();
    expect(before.rankMeasured).toBe(false);

    const connected = await owner.client.put('/api/site-health/search-console', {
      serviceAccountKey: google.serviceAccount,
    });
    expect(connected.statusCode).toBe(200);
    expect(connected.body).not.toContain('PRIVATE KEY');
    expect(connected.json()).toMatchObject({
      connected: true,
      clientEmail: google.serviceAccount.client_email,
      privateKeySet: true,
    });
    const status = await synced(owner.client);
    expect(JSON.stringify(status)).not.toContain('PRIVATE KEY');
    expect(status.sites).toEqual([
      expect.objectContaining({
        websiteId: 1,
        property: 'sc-domain:widgets.example.com',
        status: 'ok',
        error: null,
      }),
      // Not a verified property of the account: Google's 403, recorded and shown.
      expect.objectContaining({
        websiteId: 2,
        property: 'sc-domain:gadgets.example.com',
        status: 'forbidden',
      }),
    ]);
    expect(google.lastClaims).toMatchObject({ iss: google.serviceAccount.client_email });

    // The key is stored sealed, not as given.
    const stored = await t.app.deps.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.execute<{ sealed_private_key: string }>(
        sql`select sealed_private_key from search_console_connections`,
      ),
    );
    expect(stored.rows[0].sealed_private_key).toMatch(/^v1\./);
    expect(stored.rows[0].sealed_private_key).not.toContain('PRIVATE KEY');

    const seo = (await owner.client.get('/api/site-health/seo')).json();
    expect(seo.rankMeasured).toBe(true);
    const [widgets, gadgets] = seo.sites;
    expect(widgets.keywords.map((k: { keyword: string; rank: unknown }) => [k.keyword, k.rank])).toEqual([
      ['widget shop', { position: 3.2, clicks: 12, impressions: 300, measuredOn: expect.any(String) }],
      ['blue widgets', { position: 14.5, clicks: 2, impressions: 50, measuredOn: expect.any(String) }],
      ['never searched', null],
    ]);
    expect(widgets.rankError).toBeNull();
    expect(gadgets.rankError).toContain('no access to this Search Console property');
    // Beside the English text, its catalogued message for the reader's language (issue 10).
    expect(gadgets.rankErrorMessage).toEqual({ id: 'siteHealth.searchConsoleForbidden', values: {} });
    expect(widgets.rankErrorMessage).toBeNull();

    // Another workspace sees none of it.
    const other = await ownerWithSites();
    expect((await other.client.get('/api/site-health/search-console')).json()).toMatchObject({
      connected: false,
      sites: [],
    });
    expect((await other.client.get('/api/site-health/seo')).json().rankMeasured).toBe(false);

    // Disconnecting forgets the key and the ranks.
    const removed = await owner.client.delete('/api/site-health/search-console');
    expect(removed.json()).toMatchObject({ connected: false, privateKeySet: false });
    expect((await owner.client.get('/api/site-health/seo')).json().rankMeasured).toBe(false);
  });

  it('records a key Google refuses, lets only admins connect and refuses bad input by field', async () => {
    const owner = await ownerWithSites();
    const member = await addMember(t.app, owner, 'member');
    const refused = await member.client.put('/api/site-health/search-console', {
      serviceAccountKey: google.serviceAccount,
    });
    expect(refused.statusCode).toBe(403);
    expect((await owner.client.get('/api/site-health/search-console')).json().connected).toBe(false);

    const notRsa = await owner.client.put('/api/site-health/search-console', {
      serviceAccountKey: {
        client_email: 'ranks@example.com',
        private_key: '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----',
      },
    });
    expect(notRsa.statusCode).toBe(400);
    expect(notRsa.json().issues).toEqual([
      { path: 'serviceAccountKey.private_key', message: expect.any(String) },
    ]);
    const badProperty = await owner.client.put('/api/site-health/search-console', {
      serviceAccountKey: google.serviceAccount,
      properties: [{ websiteId: 1, property: 'widgets' }],
    });
    expect(badProperty.statusCode).toBe(400);
    expect(badProperty.json().issues[0].path).toBe('properties.0.property');
    expect((await owner.client.get('/api/site-health/search-console')).json().connected).toBe(false);

    // A well-formed key of another account: the token endpoint refuses its signature.
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const wrong = await owner.client.put('/api/site-health/search-console', {
      serviceAccountKey: {
        ...google.serviceAccount,
        private_key: stranger.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      },
      properties: [{ websiteId: 1, property: 'https://widgets.example.com/' }],
    });
    expect(wrong.statusCode).toBe(200);
    const status = await synced(owner.client);
    expect(status.sites.map((s) => [s.property, s.status])).toEqual([
      ['https://widgets.example.com/', 'unauthorized'],
      ['sc-domain:gadgets.example.com', 'unauthorized'],
    ]);
    const seo = (await owner.client.get('/api/site-health/seo')).json();
    expect(seo.rankMeasured).toBe(false);
    expect(seo.sites[0].rankError).toBe('Google refused the service account key.');
    const unauthorized = { id: 'siteHealth.searchConsoleUnauthorized', values: {} };
    expect(seo.sites[0].rankErrorMessage).toEqual(unauthorized);
    expect(status.sites[0]).toMatchObject({
      error: 'Google refused the service account key.',
      errorMessage: unauthorized,
    });
  });
});
