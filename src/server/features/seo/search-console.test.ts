import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeSearchConsole,
  startFakeSearchConsole,
} from '../../../../test/search-console-test-server.js';
import { createAddressPolicy } from '../../http/address-policy.js';
import { createOutboundClient } from '../../http/outbound.js';
import {
  fetchAccessToken,
  isRsaPrivateKey,
  querySearchAnalytics,
  ranksOfKeywords,
  SearchConsoleError,
  searchConsoleScope,
} from './search-console.js';

const rows = [
  { keys: ['widget shop', 'https://widgets.example.com/about'], clicks: 12, impressions: 300, position: 3.2 },
  { keys: ['widget shop', 'https://widgets.example.com/'], clicks: 1, impressions: 100, position: 9 },
  { keys: ['Blue Widgets', 'https://widgets.example.com/p/1'], clicks: 4, impressions: 100, position: 6 },
  { keys: ['blue widgets', 'https://widgets.example.com/p/2'], clicks: 2, impressions: 300, position: 10 },
] as { keys: [string, string]; clicks: number; impressions: number; position: number }[];
const property = 'sc-domain:widgets.example.com';
const range = { startDate: '2026-10-25', endDate: '2026-11-21', rowLimit: 1000 };

let google: FakeSearchConsole;
beforeAll(async () => {
  google = await startFakeSearchConsole(rows, [property]);
});
afterAll(() => google.close());

const client = createOutboundClient({
  policy: createAddressPolicy({ allowCidrs: ['127.0.0.0/8'] }),
  connectTimeoutMs: 5000,
  totalTimeoutMs: 30_000,
  maxBytes: 1024 * 1024,
  maxRedirects: 0,
});
afterAll(() => client.close());

describe('Search Console adapter', () => {
  it('exchanges a signed service-account JWT for a token and reads searchAnalytics.query', async () => {
    const now = new Date('2026-11-22T10:00:00Z');
    const token = await fetchAccessToken(client, google, google.serviceAccount, now);
    expect(token).toBe('ya29.test-token');
    expect(google.lastClaims).toEqual({
      iss: google.serviceAccount.client_email,
      scope: searchConsoleScope,
      aud: google.tokenUrl,
      iat: now.getTime() / 1000,
      exp: now.getTime() / 1000 + 3600,
    });
    const found = await querySearchAnalytics(client, google, token, property, range);
    expect(google.lastQuery).toEqual({
      path: '/webmasters/v3/sites/sc-domain%3Awidgets.example.com/searchAnalytics/query',
      body: { ...range, dimensions: ['query', 'page'] },
    });
    expect(found[0]).toEqual({
      query: 'widget shop',
      page: 'https://widgets.example.com/about',
      clicks: 12,
      impressions: 300,
      position: 3.2,
    });
    expect(
      ranksOfKeywords(found, [
        { path: '/about', keyword: 'widget shop' },
        { path: '/products', keyword: 'blue widgets' },
        { path: '/', keyword: 'never searched' },
      ]),
    ).toEqual([
      // On its own page only; the home page's row is another page's rank.
      { keyword: 'widget shop', path: '/about', position: 3.2, clicks: 12, impressions: 300 },
      // Not reported on /products: the property's rows, impression-weighted (6×100 + 10×300) / 400.
      { keyword: 'blue widgets', path: '/products', position: 9, clicks: 6, impressions: 400 },
    ]);
  });

  it('names a key Google refuses, an expired token, a property without access and a rate limit', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const wrongKey = {
      ...google.serviceAccount,
      private_key: other.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
    await expect(fetchAccessToken(client, google, wrongKey)).rejects.toMatchObject({
      failure: 'unauthorized',
      httpStatus: 400,
    });
    await expect(querySearchAnalytics(client, google, 'expired', property, range)).rejects.toMatchObject({
      failure: 'unauthorized',
      httpStatus: 401,
    });
    await expect(
      querySearchAnalytics(client, google, 'ya29.test-token', 'sc-domain:unverified.example', range),
    ).rejects.toMatchObject({ failure: 'forbidden', httpStatus: 403 });
    for (const [status, failure] of [
      [429, 'rate_limited'],
      [500, 'failed'],
    ] as const) {
      google.failQueriesWith = status;
      const error = await querySearchAnalytics(client, google, 'ya29.test-token', property, range).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(SearchConsoleError);
      expect(error).toMatchObject({ failure, httpStatus: status });
    }
    google.failQueriesWith = null;
  });

  it('stores a catalogued reason, nesting the outbound refusal and never quoting an unreadable answer', async () => {
    const failure = (answer: Promise<unknown>) =>
      answer.then(
        () => expect.fail('Search Console was read'),
        (error: SearchConsoleError) => error,
      );
    google.failQueriesWith = 500;
    const refused = await failure(querySearchAnalytics(client, google, 'ya29.test-token', property, range));
    google.failQueriesWith = null;
    expect(refused.reason).toEqual({
      id: 'siteHealth.searchConsoleQueryFailed',
      values: { reason: { id: 'outbound.httpErrorStatus', values: { status: 500 } } },
      text: 'Search Console query failed: The remote server answered with HTTP 500.',
    });
    const garbled = createServer((_req, res) => res.end('<html>not json</html>'));
    await new Promise<void>((resolve) => garbled.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(garbled.address() as AddressInfo).port}`;
    try {
      const unreadable = await failure(
        querySearchAnalytics(client, { tokenUrl: url, apiUrl: url }, 'ya29.test-token', property, range),
      );
      expect(unreadable).toMatchObject({ failure: 'failed', httpStatus: null });
      expect(unreadable.reason).toEqual({
        id: 'siteHealth.searchConsoleQueryFailed',
        values: { reason: { id: 'siteHealth.searchConsoleUnreadable', values: {} } },
        text: 'Search Console query failed: Google answered with something that could not be read.',
      });
      expect(unreadable.cause).toBeInstanceOf(SyntaxError);
    } finally {
      await new Promise((resolve) => garbled.close(resolve));
    }
  });

  it('accepts only an RSA private key in PEM form', () => {
    expect(isRsaPrivateKey(google.serviceAccount.private_key)).toBe(true);
    expect(isRsaPrivateKey('not a key')).toBe(false);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    expect(isRsaPrivateKey(ec.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString())).toBe(false);
  });
});
