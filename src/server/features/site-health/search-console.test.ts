import { generateKeyPairSync, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressPolicy } from '../../http/address-policy.js';
import { createOutboundClient } from '../../http/outbound.js';
import {
  fetchAccessToken,
  querySearchAnalytics,
  ranksOfKeywords,
  type SearchConsoleEndpoints,
  SearchConsoleError,
  searchConsoleScope,
  serviceAccountKeySchema,
} from './search-console.js';

const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const otherKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (k: typeof keys) => k.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const account = { client_email: 'ranks@hub-test.iam.gserviceaccount.com', private_key: pem(keys) };

const rows = [
  { keys: ['widget shop', 'https://widgets.example.com/about'], clicks: 12, impressions: 300, position: 3.2 },
  { keys: ['widget shop', 'https://widgets.example.com/'], clicks: 1, impressions: 100, position: 9 },
  { keys: ['Blue Widgets', 'https://widgets.example.com/p/1'], clicks: 4, impressions: 100, position: 6 },
  { keys: ['blue widgets', 'https://widgets.example.com/p/2'], clicks: 2, impressions: 300, position: 10 },
];

let server: Server;
let endpoints: SearchConsoleEndpoints;
const seen: { assertionClaims?: Record<string, unknown>; queryBody?: unknown; queryPath?: string } = {};
/** The next answer of the query endpoint, to play Search Console's refusals. */
let queryStatus = 200;

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Speaks Google's token endpoint (checking the JWT's RS256 signature with the public key) and searchAnalytics.query. */
beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await bodyOf(request);
    const send = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(json));
    };
    if (request.url === '/token' && request.method === 'POST') {
      const form = new URLSearchParams(body);
      const [header, claims, signature] = (form.get('assertion') ?? '').split('.');
      const valid =
        form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' &&
        verify(
          'RSA-SHA256',
          Buffer.from(`${header}.${claims}`),
          keys.publicKey,
          Buffer.from(signature ?? '', 'base64url'),
        );
      if (!valid) return send(400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
      seen.assertionClaims = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'));
      return send(200, { access_token: 'ya29.test-token', expires_in: 3599, token_type: 'Bearer' });
    }
    if (request.url?.endsWith('/searchAnalytics/query') && request.method === 'POST') {
      if (request.headers.authorization !== 'Bearer ya29.test-token') return send(401, { error: {} });
      if (queryStatus !== 200) return send(queryStatus, { error: { code: queryStatus } });
      seen.queryPath = request.url;
      seen.queryBody = JSON.parse(body);
      return send(200, { rows, responseAggregationType: 'byPage' });
    }
    send(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  endpoints = { tokenUrl: `${base}/token`, apiUrl: base };
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

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
    const token = await fetchAccessToken(client, endpoints, account, now);
    expect(token).toBe('ya29.test-token');
    expect(seen.assertionClaims).toEqual({
      iss: account.client_email,
      scope: searchConsoleScope,
      aud: endpoints.tokenUrl,
      iat: now.getTime() / 1000,
      exp: now.getTime() / 1000 + 3600,
    });
    const found = await querySearchAnalytics(client, endpoints, token, 'sc-domain:widgets.example.com', {
      startDate: '2026-10-25',
      endDate: '2026-11-21',
      rowLimit: 1000,
    });
    expect(seen.queryPath).toBe('/webmasters/v3/sites/sc-domain%3Awidgets.example.com/searchAnalytics/query');
    expect(seen.queryBody).toEqual({
      startDate: '2026-10-25',
      endDate: '2026-11-21',
      rowLimit: 1000,
      dimensions: ['query', 'page'],
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

  it('names a key Google refuses, a property without access and a rate limit', async () => {
    const wrongKey = { ...account, private_key: pem(otherKeys) };
    await expect(fetchAccessToken(client, endpoints, wrongKey)).rejects.toMatchObject({
      failure: 'unauthorized',
      httpStatus: 400,
    });
    const range = { startDate: '2026-10-25', endDate: '2026-11-21', rowLimit: 10 };
    await expect(
      querySearchAnalytics(client, endpoints, 'expired', 'sc-domain:a.example', range),
    ).rejects.toMatchObject({ failure: 'unauthorized', httpStatus: 401 });
    for (const [status, failure] of [
      [403, 'forbidden'],
      [429, 'rate_limited'],
      [500, 'failed'],
    ] as const) {
      queryStatus = status;
      const error = await querySearchAnalytics(
        client,
        endpoints,
        'ya29.test-token',
        'sc-domain:a.example',
        range,
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SearchConsoleError);
      expect(error).toMatchObject({ failure, httpStatus: status });
    }
    queryStatus = 200;
  });

  it('accepts only a service-account key with an RSA private key', () => {
    expect(serviceAccountKeySchema.safeParse(account).success).toBe(true);
    const bad = serviceAccountKeySchema.safeParse({ client_email: 'ranks@example.com', private_key: 'not a key' });
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['private_key']);
  });
});
