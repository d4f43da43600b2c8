import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import packageJson from '../../../package.json' with { type: 'json' };
import { createAddressPolicy, type Resolver } from './address-policy.js';
import { createOutboundClient, noteOwnListener, type OutboundOptions } from './outbound.js';
import { OutboundError } from './outbound-error.js';

// A real HTTP server on loopback; each path is one behaviour a remote site may have.
let server: Server;
let base: string;
let port: number;
const seen: Array<{ path: string; userAgent?: string }> = [];
const hanging: ServerResponse[] = [];

function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x');
  seen.push({ path: url.pathname, userAgent: req.headers['user-agent'] });
  const to = url.searchParams.get('to');
  switch (url.pathname) {
    case '/hello':
      return res.end('hello');
    case '/redirect':
      res.writeHead(302, { location: to ?? '/hello' });
      return res.end();
    case '/loop':
      res.writeHead(302, { location: '/loop' });
      return res.end();
    case '/big':
      res.writeHead(200, { 'content-length': '4096' });
      return res.end('x'.repeat(4096));
    case '/big-chunked':
      // No content-length: the cap must be enforced while streaming.
      res.writeHead(200);
      for (let i = 0; i < 8; i += 1) res.write('y'.repeat(512));
      return res.end();
    case '/hang':
      hanging.push(res);
      return;
    case '/missing':
      res.writeHead(404);
      return res.end('nope');
    default:
      res.writeHead(500);
      return res.end();
  }
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
});

/** Names resolve only as the test says: no real DNS is asked. */
function fakeDns(answers: Record<string, string[]>): Resolver {
  return async (hostname) => {
    const addresses = answers[hostname];
    if (!addresses) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

function client(overrides: Partial<OutboundOptions> = {}) {
  return createOutboundClient({
    policy: createAddressPolicy({ allowCidrs: ['127.0.0.0/8'] }),
    publicUrl: 'https://hub.example.com',
    connectTimeoutMs: 2_000,
    totalTimeoutMs: 10_000,
    maxBytes: 1024,
    maxRedirects: 3,
    ...overrides,
  });
}

async function refusal(promise: Promise<unknown>): Promise<OutboundError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundError);
  return error as OutboundError;
}

describe('the outbound client against a real server', () => {
  it('refuses loopback unless the allow-list lets it through', async () => {
    const strict = client({ policy: createAddressPolicy() });
    expect((await refusal(strict.fetch(`${base}/hello`))).kind).toBe('blocked_address');
    expect((await refusal(strict.fetch(`http://[::ffff:127.0.0.1]:${port}/hello`))).kind).toBe(
      'blocked_address',
    );
    expect(seen).toEqual([]);

    const allowed = client();
    const res = await allowed.fetch(`${base}/hello`);
    expect(res.status).toBe(200);
    expect(res.text()).toBe('hello');
    expect(seen).toEqual([
      { path: '/hello', userAgent: `BusinessHub/${packageJson.version} (+https://hub.example.com)` },
    ]);
    await Promise.all([strict.close(), allowed.close()]);
  });

  it('refuses a DNS answer that points at a private address, and never connects', async () => {
    const c = client({
      resolver: fakeDns({ 'intranet.test': ['10.0.0.1'], 'mixed.test': ['93.184.216.34', '10.0.0.1'] }),
    });
    const blocked = await refusal(c.fetch(`http://intranet.test:${port}/hello`));
    expect(blocked.kind).toBe('blocked_address');
    expect(blocked.userMessage).toBe(
      'This address points into a private network; only public internet addresses are allowed.',
    );
    expect(blocked.status).toBe(400);
    expect((await refusal(c.fetch(`http://mixed.test:${port}/hello`))).kind).toBe('blocked_address');
    expect((await refusal(c.fetch(`http://nowhere.test:${port}/hello`))).kind).toBe('unresolved');
    await c.close();
  });

  it('connects only to the address it checked, so a rebinding answer is refused', async () => {
    // First answer public, every later one loopback: a check-then-connect client would reach our server.
    let calls = 0;
    const rebinding: Resolver = async () => {
      calls += 1;
      return [{ address: calls === 1 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
    };
    const c = client({ policy: createAddressPolicy(), resolver: rebinding });
    expect((await refusal(c.fetch(`http://rebind.test:${port}/hello`))).kind).toBe('blocked_address');
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(seen).toEqual([]);
    await c.close();
  });

  it('lets an allowed name through, and resolves it itself', async () => {
    const c = client({ resolver: fakeDns({ 'site.test': ['127.0.0.1'] }) });
    expect((await c.fetch(`http://site.test:${port}/hello`)).text()).toBe('hello');
    await c.close();
  });

  it('checks every redirect hop: a redirect to a private address is refused', async () => {
    const c = client({ resolver: fakeDns({ 'intranet.test': ['10.0.0.1'] }) });
    for (const to of [
      `http://10.0.0.1:${port}/hello`,
      `http://169.254.169.254/latest/meta-data/`,
      `http://intranet.test:${port}/hello`,
      'file:///etc/passwd',
    ]) {
      const error = await refusal(c.fetch(`${base}/redirect?to=${encodeURIComponent(to)}`));
      expect(`${to}: ${error.kind}`).toBe(
        `${to}: ${to.startsWith('file') ? 'invalid_url' : 'blocked_address'}`,
      );
    }
    // A redirect that stays on allowed ground is followed.
    const followed = await c.fetch(`${base}/redirect?to=/hello`);
    expect([followed.text(), new URL(followed.url).pathname]).toEqual(['hello', '/hello']);
    await c.close();
  });

  it('caps redirects', async () => {
    const c = client({ maxRedirects: 3 });
    const error = await refusal(c.fetch(`${base}/loop`));
    expect(error.kind).toBe('too_many_redirects');
    expect(seen.filter((s) => s.path === '/loop')).toHaveLength(4);
    await c.close();
  });

  it('caps the response size, by declared length and while streaming', async () => {
    const c = client({ maxBytes: 1024 });
    expect((await refusal(c.fetch(`${base}/big`))).kind).toBe('too_large');
    expect((await refusal(c.fetch(`${base}/big-chunked`))).kind).toBe('too_large');
    expect((await c.fetch(`${base}/hello`, { maxBytes: 5 })).text()).toBe('hello');
    expect((await refusal(c.fetch(`${base}/hello`, { maxBytes: 4 }))).kind).toBe('too_large');
    await c.close();
  });

  it('gives up on a server that never answers', async () => {
    const c = client({ totalTimeoutMs: 300 });
    const error = await refusal(c.fetch(`${base}/hang`));
    expect(error.kind).toBe('timeout');
    expect(error.status).toBe(503);
    await c.close();
  });

  it('reports an HTTP error status, and refuses schemes other than http and https', async () => {
    const c = client();
    const error = await refusal(c.fetch(`${base}/missing`));
    expect([error.kind, error.httpStatus, error.userMessage]).toEqual([
      'http_error',
      404,
      'The remote server answered with HTTP 404.',
    ]);
    for (const url of [
      'file:///etc/passwd',
      'gopher://127.0.0.1/',
      'not a url',
      `http://u:p@127.0.0.1:${port}/`,
    ]) {
      expect((await refusal(c.fetch(url))).kind).toBe('invalid_url');
    }
    await c.close();
  });

  it("lets an internal request reach exactly the server's own origin on loopback, at every hop", async () => {
    // A second loopback server on another port: the same address, a different origin.
    const other = createServer((_req, res) => res.end('other'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherPort = (other.address() as AddressInfo).port;
    const own = client({
      policy: createAddressPolicy(),
      ownOrigins: [`http://localhost:${port}`],
      resolver: fakeDns({ localhost: ['127.0.0.1'] }),
    });
    const internal = { internal: true };
    const res = await own.fetch(`http://localhost:${port}/hello`, internal);
    expect(res.text()).toBe('hello');
    // Not built by the server from a path: the same URL is judged like any typed one.
    expect((await refusal(own.fetch(`http://localhost:${port}/hello`))).kind).toBe('blocked_address');
    // The same host on another port, the same port by its IP literal, and a redirect off the origin: refused.
    expect((await refusal(own.fetch(`http://localhost:${otherPort}/`, internal))).kind).toBe(
      'blocked_address',
    );
    expect((await refusal(own.fetch(`${base}/hello`, internal))).kind).toBe('blocked_address');
    const hop = `http://localhost:${port}/redirect?to=${encodeURIComponent(`http://localhost:${otherPort}/`)}`;
    expect((await refusal(own.fetch(hop, internal))).kind).toBe('blocked_address');
    await own.close();
    await new Promise((resolve) => other.close(resolve));
  });

  it("refuses this server's own listening port on this machine, by any name or hop, unless allowed", async () => {
    // The test's server stands in for this server: noted as its listener, as app.ts does on listen.
    const forget = noteOwnListener({ address: '0.0.0.0', family: 'IPv4', port });
    const other = createServer((_req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${port}/hello` });
      res.end();
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherPort = (other.address() as AddressInfo).port;
    try {
      const c = client({ resolver: fakeDns({ 'me.test': ['127.0.0.1'] }) });
      for (const url of [
        `${base}/hello`,
        `http://me.test:${port}/hello`,
        `http://[::ffff:127.0.0.1]:${port}/hello`,
      ])
        expect((await refusal(c.fetch(url))).kind, url).toBe('own_address');
      // A redirect elsewhere that comes back here is refused at that hop.
      expect((await refusal(c.fetch(`http://127.0.0.1:${otherPort}/`))).kind).toBe('own_address');
      // Refused after connecting, before a byte of the request: the server saw no request.
      expect(seen).toEqual([]);
      const refused = await refusal(c.fetch(`${base}/hello`));
      expect(refused.userMessage).toBe(
        'This address is this server itself; it does not fetch its own pages for anyone.',
      );
      await c.close();
      // The operator may allow it (OUTBOUND_ALLOW_SELF).
      const allowed = client({
        policy: createAddressPolicy({ allowCidrs: ['127.0.0.0/8'], allowSelf: true }),
      });
      expect((await allowed.fetch(`${base}/hello`)).text()).toBe('hello');
      await allowed.close();
    } finally {
      forget();
      await new Promise((resolve) => other.close(resolve));
    }
    // Not a listener of this server any more: an ordinary local server again.
    const after = client();
    expect((await after.fetch(`${base}/hello`)).text()).toBe('hello');
    await after.close();
  });

  it("refuses PUBLIC_URL's host and port, by its name and by its address under any other name", async () => {
    const c = client({
      publicUrl: `http://hub.test:${port}`,
      resolver: fakeDns({ 'hub.test': ['127.0.0.1'], 'alias.test': ['127.0.0.1'] }),
    });
    expect((await refusal(c.fetch(`http://HUB.test.:${port}/hello`))).kind).toBe('own_address');
    expect((await refusal(c.fetch(`http://alias.test:${port}/hello`))).kind).toBe('own_address');
    expect(seen).toEqual([]);
    await c.close();
    // Another port of that host is another server.
    const other = createServer((_req, res) => res.end('other'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherPort = (other.address() as AddressInfo).port;
    const d = client({
      publicUrl: `http://hub.test:${port}`,
      resolver: fakeDns({ 'hub.test': ['127.0.0.1'] }),
    });
    expect((await d.fetch(`http://hub.test:${otherPort}/`)).text()).toBe('other');
    await d.close();
    await new Promise((resolve) => other.close(resolve));
  });

  it('answers a redirect itself when asked to, so a crawler can record each hop', async () => {
    const c = client();
    const hop = await c.fetch(`${base}/redirect?to=/hello`, { redirect: 'manual' });
    expect([hop.status, hop.headers.location, hop.body.length]).toEqual([302, '/hello', 0]);
    // Even a hop into a private network is only reported, never followed.
    const outward = await c.fetch(`${base}/redirect?to=${encodeURIComponent('http://10.0.0.1/x')}`, {
      redirect: 'manual',
    });
    expect(outward.headers.location).toBe('http://10.0.0.1/x');
    expect(seen.map((s) => s.path)).toEqual(['/redirect', '/redirect']);
    await c.close();
  });
});
