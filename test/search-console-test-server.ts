import { generateKeyPairSync, verify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Search Analytics rows, as searchAnalytics.query answers them with dimensions ['query', 'page']. */
export interface FakeRow {
  keys: [string, string];
  clicks: number;
  impressions: number;
  position: number;
}

export interface FakeSearchConsole {
  tokenUrl: string;
  apiUrl: string;
  /** A service account key file whose public half the token endpoint checks signatures with. */
  serviceAccount: { client_email: string; private_key: string };
  /** The claims of the last JWT the token endpoint accepted. */
  lastClaims: Record<string, unknown> | null;
  /** The path and body of the last accepted query. */
  lastQuery: { path: string; body: unknown } | null;
  /** Makes every query answer this status (null: answer normally). */
  failQueriesWith: number | null;
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local server speaking Google's token endpoint (a JWT-bearer grant whose RS256 signature is verified with
 * the service account's public key) and Search Console's searchAnalytics.query: properties in `verified`
 * answer `rows`, any other answers 403 as Google does for a property the account cannot read.
 */
export async function startFakeSearchConsole(
  rows: FakeRow[],
  verified: readonly string[],
): Promise<FakeSearchConsole> {
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const fake: FakeSearchConsole = {
    tokenUrl: '',
    apiUrl: '',
    serviceAccount: {
      client_email: 'ranks@hub-test.iam.gserviceaccount.com',
      private_key: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    },
    lastClaims: null,
    lastQuery: null,
    failQueriesWith: null,
    close: async () => {},
  };
  const server = createServer(async (request, response) => {
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
        claims !== undefined &&
        verify(
          'RSA-SHA256',
          Buffer.from(`${header}.${claims}`),
          keys.publicKey,
          Buffer.from(signature ?? '', 'base64url'),
        );
      if (!valid) return send(400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
      fake.lastClaims = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'));
      return send(200, { access_token: 'ya29.test-token', expires_in: 3599, token_type: 'Bearer' });
    }
    const query = /^\/webmasters\/v3\/sites\/([^/]+)\/searchAnalytics\/query$/.exec(request.url ?? '');
    if (query && request.method === 'POST') {
      if (request.headers.authorization !== 'Bearer ya29.test-token') return send(401, { error: {} });
      if (fake.failQueriesWith !== null) return send(fake.failQueriesWith, { error: {} });
      if (!verified.includes(decodeURIComponent(query[1])))
        return send(403, { error: { code: 403, message: 'User does not have sufficient permission' } });
      fake.lastQuery = { path: request.url ?? '', body: JSON.parse(body) };
      return send(200, { rows, responseAggregationType: 'byPage' });
    }
    send(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.tokenUrl = `${base}/token`;
  fake.apiUrl = base;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
