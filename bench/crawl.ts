/**
 * bench/crawl: the site-health crawler against a local generated site of BENCH_CRAWL_PAGES product pages
 * (default 5,000) plus the test site's faults, politeness off for loopback (the default), run by the built
 * server's own workers. Prints JSON: pages per second, the server's peak RSS (VmHWM), and the time the
 * link-fix report takes to build from the finished crawl.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { demoCredentials } from '../src/server/seed/demo-workspace.js';
import { startCrawlTestSite } from '../test/crawl-test-site.js';
import { signInCookie, startBuiltServer } from './support/start-server.js';

const products = Number(process.env.BENCH_CRAWL_PAGES ?? 5000);

function peakRssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM:'));
  return Math.round(Number(line?.replace(/\D/g, '') ?? 0) / 1024);
}

async function main() {
  const site = await startCrawlTestSite({ products, posts: 0, slow: false });
  const server = await startBuiltServer({
    DEMO_SIGN_IN: 'true',
    OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8',
    SITE_CRAWL_CONCURRENCY: process.env.SITE_CRAWL_CONCURRENCY ?? '16',
  });
  try {
    const cookie = await signInCookie(server.baseUrl, demoCredentials.email, demoCredentials.password);
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${server.baseUrl}${path}`, {
        method,
        headers: { cookie, origin: server.baseUrl, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const website = await call('POST', '/api/websites', { name: 'Bench Shop', domain: 'bench-shop.example' });
    await call('PATCH', `/api/site-health/websites/${website.id}/settings`, {
      startUrl: site.url,
      pageBudget: products + 100,
      maxDepth: 10,
    });
    const started = performance.now();
    await call('POST', `/api/site-health/websites/${website.id}/crawls`);
    let crawl: { status: string; pagesDone: number };
    for (;;) {
      crawl = await call('GET', `/api/site-health/websites/${website.id}/crawls/latest`);
      if (crawl.status === 'done' || crawl.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const crawlSeconds = (performance.now() - started) / 1000;
    const reportStart = performance.now();
    const report = await call('GET', '/api/deployment/link-fixes');
    const reportMs = performance.now() - reportStart;
    console.log(
      JSON.stringify(
        {
          status: crawl.status,
          urlsChecked: crawl.pagesDone,
          crawlSeconds: Math.round(crawlSeconds * 10) / 10,
          pagesPerSecond: Math.round(crawl.pagesDone / crawlSeconds),
          targetPagesPerSecond: 200,
          peakRssMb: server.process.pid ? peakRssMb(server.process.pid) : null,
          targetPeakRssMb: 300,
          linkFixReportMs: Math.round(reportMs),
          totalFixes: report.totalFixes,
        },
        null,
        2,
      ),
    );
  } finally {
    await server.stop();
    await site.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
