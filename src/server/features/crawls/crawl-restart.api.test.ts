import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type BuiltServer, startBuiltServer } from '../../../../bench/support/start-server.js';
import { startCrawlTestSite } from '../../../../test/crawl-test-site.js';
import { signUpOverHttp } from '../../../../test/test-app.js';

const servers: BuiltServer[] = [];
const site = await startCrawlTestSite({ products: 100, posts: 5, gate: true, slow: false });
afterAll(async () => {
  for (const server of servers.reverse()) await server.stop();
  await site.close();
});

// One request at a time and a short lease, so the kill lands mid-crawl and the next start takes over soon.
const env = {
  OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8',
  SITE_CRAWL_CONCURRENCY: '1',
  SITE_CRAWL_LEASE_SECONDS: '3',
};

async function start(at?: BuiltServer['place']): Promise<BuiltServer> {
  const server = await startBuiltServer(env, at);
  servers.push(server);
  return server;
}

describe('a crawl interrupted by kill -9', () => {
  it('resumes after the restart without fetching a committed page again, and finishes with the same findings', async () => {
    const first = await start();
    const base = first.baseUrl;
    const cookie = await signUpOverHttp(
      base,
      {
        firstName: 'Kill',
        lastName: 'Nine',
        email: 'kill9@crawl.test',
        password: 'correct-horse-battery',
        businessName: 'Crawl Co',
      },
      first.ownerUrl,
    );
    const call = async (url: string, method: string, path: string, body?: unknown) =>
      fetch(`${url}${path}`, {
        method,
        headers: { cookie, origin: url, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    await call(base, 'POST', '/api/websites', { name: 'Gate Shop', domain: 'gate-shop.example' });
    await call(base, 'PATCH', '/api/site-health/websites/1/settings', { startUrl: site.url });
    expect((await call(base, 'POST', '/api/site-health/websites/1/crawls')).status).toBe(202);

    // The worker is now waiting on /gate, inside a batch that has not committed.
    await site.gateReached;
    first.process.kill('SIGKILL');
    await first.exited;
    const owner = new pg.Client({ connectionString: first.ownerUrl });
    await owner.connect();
    const committed =
      // The owner connection sees every workspace: the demo's own crawls are left out.
      (
        await owner.query<{ url: string }>(
          "select url from site_urls where state = 'done' and internal and starts_with(url, $1)",
          [site.url],
        )
      ).rows.map((r) => new URL(r.url).pathname);
    await owner.end();
    expect(committed).toContain('/');
    expect(committed).not.toContain('/gate');
    site.releaseGate();

    const second = await start(first.place);
    let crawl: { status: string; pagesQueued: number };
    for (;;) {
      crawl = await (await call(second.baseUrl, 'GET', '/api/site-health/websites/1/crawls/latest')).json();
      if (crawl.status === 'done' || crawl.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(crawl).toMatchObject({ status: 'done', pagesQueued: 0 });
    for (const path of committed) expect(`${path}: ${site.hits.get(`GET ${path}`)}`).toBe(`${path}: 1`);
    const report = await (await call(second.baseUrl, 'GET', '/api/deployment/link-fixes')).json();
    expect(report.totalFixes).toBe(14); // 9 link fixes and the 5 broken subresources of /about
  }, 300_000);
});
