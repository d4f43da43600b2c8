import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CrawlTestSite, startCrawlTestSite } from '../../../../test/crawl-test-site.js';
import { type ApiClient, addMember, signUpOwner, useTestApp } from '../../../../test/test-app.js';

let site: CrawlTestSite;
const t = useTestApp({
  workers: true,
  // The test site's /slow never answers and /huge is 3 MB: both end at these caps.
  env: { SITE_CRAWL_TIMEOUT_MS: '1500', SITE_CRAWL_MAX_PAGE_BYTES: '1048576' },
});
beforeAll(async () => {
  site = await startCrawlTestSite();
});
afterAll(async () => {
  await site?.close();
});

interface Progress {
  id: number;
  status: string;
  pagesDone: number;
  pagesQueued: number;
  pagesSkipped: number;
}

async function crawlToEnd(client: ApiClient, websiteId: number): Promise<Progress> {
  const started = await client.post(`/api/site-health/websites/${websiteId}/crawls`);
  expect(started.statusCode).toBe(202);
  for (;;) {
    const progress = (
      await client.get(`/api/site-health/websites/${websiteId}/crawls/latest`)
    ).json() as Progress;
    if (progress.status === 'done' || progress.status === 'failed') return progress;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function ownerWithSite(settings: Record<string, unknown> = {}) {
  const owner = await signUpOwner(t.app);
  await owner.client.post('/api/websites', { name: 'Widget Shop', domain: 'widgets.example.com' });
  const patched = await owner.client.patch('/api/site-health/websites/1/settings', {
    startUrl: site.url,
    maxDepth: 6,
    keywords: [{ path: '/about', keyword: 'widget shop' }],
    ...settings,
  });
  expect(patched.statusCode).toBe(200);
  return owner;
}

const path = (url: string | null) =>
  url === null ? null : url.replace(site.url.slice(0, -1), '').replace(site.externalUrl, 'EXT');

describe('site health crawl', () => {
  it('crawls the site within robots.txt, depth and budget, and reports exact link fixes', async () => {
    const owner = await ownerWithSite();
    const progress = await crawlToEnd(owner.client, 1);
    expect(progress.status).toBe('done');
    expect(progress.pagesQueued).toBe(0);

    // Each URL once per crawl: the externally linked /gone from four pages was checked by one HEAD and one GET.
    expect(site.hits.get('GET /')).toBe(1);
    expect(site.hits.get('GET /products/1')).toBe(1);
    expect(site.hits.get('GET /private/secret')).toBeUndefined();
    expect(site.hits.get('GET /private/open')).toBe(1);
    expect(site.hits.get('GET /deep/6')).toBe(1);
    expect(site.hits.get('GET /deep/7')).toBeUndefined();

    const report = (await owner.client.get('/api/deployment/link-fixes')).json();
    const fixes = report.fixes.map(
      (f: {
        category: string;
        brokenUrl: string;
        fixedUrl: string | null;
        sources: string[];
        critical: boolean;
      }) => ({
        category: f.category,
        broken: path(f.brokenUrl),
        fixed: path(f.fixedUrl),
        sources: f.sources.length,
        critical: f.critical,
      }),
    );
    // The report breaks ties by full URL, and the two test servers' ports are random: compare in the same
    // order with the ports taken out.
    fixes.sort(
      (a: { critical: boolean; sources: number; broken: string }, b: typeof a) =>
        Number(b.critical) - Number(a.critical) || b.sources - a.sources || (a.broken < b.broken ? -1 : 1),
    );
    expect(fixes).toEqual([
      { category: 'broken-external', broken: 'EXT/gone', fixed: null, sources: 4, critical: true },
      { category: 'case-mismatch', broken: '/About', fixed: '/about', sources: 1, critical: true },
      {
        category: 'trailing-slash',
        broken: '/blog/post-3/',
        fixed: '/blog/post-3',
        sources: 1,
        critical: true,
      },
      { category: 'redirect-loop', broken: '/loop1', fixed: null, sources: 1, critical: true },
      { category: 'broken-internal', broken: '/missing-page', fixed: null, sources: 1, critical: true },
      { category: 'redirect-chain', broken: '/old', fixed: '/products', sources: 1, critical: true },
      { category: 'broken-internal', broken: '/slow', fixed: null, sources: 1, critical: true },
      {
        category: 'broken-internal',
        broken: '/to-private',
        fixed: '/private/open',
        sources: 1,
        critical: true,
      },
      { category: 'redirect-chain', broken: 'EXT/moved', fixed: 'EXT/ok', sources: 1, critical: true },
      { category: 'broken-resource', broken: '/css/missing.css', fixed: null, sources: 1, critical: false },
      {
        category: 'broken-resource',
        broken: '/img/poster-missing.jpg',
        fixed: null,
        sources: 1,
        critical: false,
      },
      {
        category: 'broken-resource',
        broken: '/img/team-missing.png',
        fixed: null,
        sources: 1,
        critical: false,
      },
      { category: 'broken-resource', broken: '/js/missing.js', fixed: null, sources: 1, critical: false },
      {
        category: 'broken-internal',
        broken: '/products/7-widget-deluxe',
        fixed: '/products/7',
        sources: 1,
        critical: false,
      },
      { category: 'broken-resource', broken: 'EXT/gone.webp', fixed: null, sources: 1, critical: false },
    ]);
    expect(report.totalFixes).toBe(15);
    expect(report.criticalFixes).toHaveLength(9);
    expect(report.fixesByCategory).toEqual({
      'broken-internal': 4,
      'broken-external': 1,
      'redirect-chain': 2,
      'redirect-loop': 1,
      'http-to-https': 0,
      'case-mismatch': 1,
      'trailing-slash': 1,
      'broken-resource': 5,
    });
    // Each broken subresource with the page and the element that loads it.
    const about = `${site.url}about`;
    const resources = Object.fromEntries(
      report.fixes
        .filter((f: { category: string }) => f.category === 'broken-resource')
        .map((f: { brokenUrl: string; references: unknown[] }) => [path(f.brokenUrl), f.references]),
    );
    expect(resources).toEqual({
      '/css/missing.css': [{ source: about, element: 'link[rel=stylesheet][href]' }],
      '/img/poster-missing.jpg': [{ source: about, element: 'video[poster]' }],
      '/img/team-missing.png': [{ source: about, element: 'img[src]' }],
      '/js/missing.js': [{ source: about, element: 'script[src]' }],
      'EXT/gone.webp': [{ source: about, element: 'source[srcset]' }],
    });
    expect(
      report.fixes.find((f: { brokenUrl: string }) => f.brokenUrl === `${site.url}css/missing.css`).reason,
    ).toBe('Answers HTTP 404; no fix found.');
    // Subresources are checked, not crawled: HEAD, then GET only where HEAD is refused (405 here);
    // robots.txt holds for them too; a working one is no fix.
    expect(site.hits.get('HEAD /img/team-missing.png')).toBe(1);
    expect(site.hits.get('GET /css/site.css')).toBe(1);
    expect(site.hits.get('HEAD /css/site.css')).toBe(1);
    expect(site.hits.get('HEAD /private/hidden.png')).toBeUndefined();
    expect(site.hits.get('GET /private/hidden.png')).toBeUndefined();
    const reasons = Object.fromEntries(
      report.fixes.map((f: { brokenUrl: string; reason: string }) => [path(f.brokenUrl), f.reason]),
    );
    expect(reasons['/slow']).toBe('Answers timeout; no fix found.');
    expect(reasons['/to-private']).toMatch(
      /^Answers blocked address; closest live page by path and title \(\d+% similar\)\.$/,
    );
    expect(reasons['/old']).toBe('Redirects through 2 hops; link straight to the final page.');
    expect(reasons['/loop1']).toBe(`Redirect loop: ${site.url}loop1 → ${site.url}loop2 → ${site.url}loop1`);
    expect(reasons['EXT/gone']).toBe(
      'External link answers HTTP 404; update or remove it on the linking pages.',
    );
    expect(report.criticalFixes[0]).toMatchObject({ brokenUrl: `${site.externalUrl}/gone`, fixedUrl: null });

    expect(report.routerConfiguration['widgets.example.com']).toEqual([
      '/About → /about (301)',
      '/blog/post-3/ → /blog/post-3 (301)',
      '/old → /products (301)',
      '/to-private → /private/open (301)',
      '/products/7-widget-deluxe → /products/7 (301)',
    ]);
    expect(report.deploymentSnippets['widgets.example.com']).toBe(
      [
        '# Link fixes for widgets.example.com: include inside its server { } block.',
        'location = "/About" { return 301 "/about"; }',
        'location = "/blog/post-3/" { return 301 "/blog/post-3"; }',
        'location = "/old" { return 301 "/products"; }',
        'location = "/to-private" { return 301 "/private/open"; }',
        'location = "/products/7-widget-deluxe" { return 301 "/products/7"; }',
        '',
      ].join('\n'),
    );
    expect(report.deploymentInstructions).toEqual([
      'Download the link-fixes.nginx.conf snippet for widgets.example.com.',
      'Include it inside the server block of widgets.example.com, then check and reload nginx (nginx -t, nginx -s reload).',
      'Press Deploy once it is live: the fixed URLs are crawled again to confirm each fix.',
      'Edit the pages that link to broken external URLs: a redirect on your own site cannot fix those.',
    ]);
  });

  it('audits SEO per page and site, with the keyword pages, and keeps the huge page as too large, not broken', async () => {
    const owner = await ownerWithSite();
    await crawlToEnd(owner.client, 1);
    const seo = (await owner.client.get('/api/site-health/seo')).json();
    expect(seo.rankMeasured).toBe(false);
    expect(seo.sites).toHaveLength(1);
    const [widgets] = seo.sites;
    expect(widgets.score).toBeGreaterThan(0);
    expect(seo.overallScore).toBe(widgets.score);
    expect(widgets.siteChecks).toEqual([
      { id: 'robots-txt', weight: 5, passed: true },
      { id: 'http-status', weight: 10, passed: false, detail: expect.stringMatching(/^\d+\/\d+$/) },
      { id: 'sitemap', weight: 3, passed: true },
    ]);
    const failing = Object.fromEntries(
      widgets.failingChecks.map((c: { id: string; pages: number }) => [c.id, c.pages]),
    );
    // 40 posts with two h1s; 200 product pages with "click here"; the home page's banner has no alt.
    expect(failing['single-h1']).toBe(40);
    expect(failing['link-text']).toBe(200);
    expect(failing['image-alt']).toBe(1);
    expect(failing.crawlable).toBe(1);
    expect(widgets.keywords).toEqual([
      {
        keyword: 'widget shop',
        path: '/about',
        url: `${site.url}about`,
        pageScore: expect.any(Number),
        rank: null,
      },
    ]);
  });

  it('stops at the page budget and compares a re-crawl with the previous one', async () => {
    const owner = await ownerWithSite({ pageBudget: 20 });
    const first = await crawlToEnd(owner.client, 1);
    expect(first.pagesDone).toBeGreaterThanOrEqual(20);
    const websites = (await owner.client.get('/api/site-health/websites')).json();
    expect(websites[0].settings).toMatchObject({ pageBudget: 20, maxDepth: 6, serverType: 'nginx' });
    const fetchedInternal = first.pagesDone - 0;
    expect(fetchedInternal).toBeGreaterThan(0);
    await owner.client.patch('/api/site-health/websites/1/settings', { pageBudget: 500 });
    const second = await crawlToEnd(owner.client, 1);
    expect(second.pagesDone).toBeGreaterThan(first.pagesDone);
    const latest = (await owner.client.get('/api/site-health/websites/1/crawls/latest')).json();
    expect(latest.comparison).toMatchObject({ previousCrawlId: first.id });
    expect(latest.comparison.pagesNow).toBeGreaterThan(latest.comparison.pagesBefore);
    const history = (await owner.client.get('/api/site-health/history')).json();
    expect(history[0].crawls.map((c: { crawlId: number }) => c.crawlId)).toEqual([first.id, second.id]);
  });

  it('records a deployment, re-crawls the fixed URLs and reports which fixes work', async () => {
    const owner = await ownerWithSite({ serverType: 'netlify' });
    await crawlToEnd(owner.client, 1);
    // The owner installs one of the five redirects before pressing Deploy.
    site.redirects.set('/About', '/about');
    const applied = await owner.client.post('/api/deployment/apply-link-fixes', {
      domain: 'widgets.example.com',
    });
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ success: true, domain: 'widgets.example.com', fixes: 5 });
    let domain: {
      lastDeployment: { verification: { status: string; working: string[]; failing: string[] } };
    };
    for (;;) {
      domain = (await owner.client.get('/api/deployment/link-fixes')).json().domains[0];
      if (domain.lastDeployment.verification.status === 'done') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    site.redirects.clear();
    expect(domain.lastDeployment.verification.working.map(path)).toEqual(['/About']);
    expect(domain.lastDeployment.verification.failing.map(path).sort()).toEqual(
      ['/blog/post-3/', '/old', '/products/7-widget-deluxe', '/to-private'].sort(),
    );
    const pkg = await owner.client.get('/api/deployment/complete-fix-package');
    expect(pkg.headers['content-disposition']).toBe('attachment; filename="link-fix-package.json"');
    expect(pkg.json().domains[0].files[0].name).toBe('_redirects');
  });

  it('names the field on bad input and changes nothing', async () => {
    const owner = await ownerWithSite();
    for (const [body, field] of [
      [{ pageBudget: 0 }, 'pageBudget'],
      [{ maxDepth: 51 }, 'maxDepth'],
      [{ startUrl: 'ftp://example.com/' }, 'startUrl'],
      [{ serverType: 'iis' }, 'serverType'],
      [{ keywords: [{ path: 'no-slash', keyword: 'x' }] }, 'keywords.0.path'],
    ] as const) {
      const response = await owner.client.patch('/api/site-health/websites/1/settings', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().issues[0].path).toBe(field);
    }
    expect((await owner.client.get('/api/site-health/websites')).json()[0].settings.pageBudget).toBe(500);
    const unknown = await owner.client.post('/api/deployment/apply-link-fixes', {
      domain: 'nope.example.com',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues[0].path).toBe('domain');
    const nothing = await owner.client.post('/api/deployment/apply-link-fixes', {
      domain: 'widgets.example.com',
    });
    expect(nothing.statusCode).toBe(400);
    expect(
      (await owner.client.patch('/api/site-health/websites/9/settings', { maxDepth: 2 })).statusCode,
    ).toBe(404);
  });

  it('stores a catalogued reason for a crawl stopped by an unexpected error, never the error text', async () => {
    const owner = await ownerWithSite();
    // The API refuses such an address; a row damaged some other way makes the crawler itself throw.
    await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.execute(sql`update site_health_settings set start_url = 'http://[not-an-address/'`),
    );
    const progress = await crawlToEnd(owner.client, 1);
    expect(progress.status).toBe('failed');
    const latest = await owner.client.get('/api/site-health/websites/1/crawls/latest');
    expect(latest.json()).toMatchObject({
      error: 'The crawl stopped because of an error on our side.',
      errorMessage: { id: 'siteHealth.crawlFailed', values: {} },
    });
    expect(latest.body).not.toContain('Invalid URL');
    const report = (await owner.client.get('/api/deployment/link-fixes')).json();
    expect(JSON.stringify(report)).not.toContain('Invalid URL');
  });

  it('lets viewers read, members crawl and only admins change settings or deploy; other workspaces see nothing', async () => {
    const owner = await ownerWithSite();
    const viewer = await addMember(t.app, owner, 'viewer');
    const member = await addMember(t.app, owner, 'member');
    expect((await viewer.client.post('/api/site-health/websites/1/crawls')).statusCode).toBe(403);
    expect(
      (await member.client.patch('/api/site-health/websites/1/settings', { maxDepth: 1 })).statusCode,
    ).toBe(403);
    expect(
      (await member.client.post('/api/deployment/apply-link-fixes', { domain: 'widgets.example.com' }))
        .statusCode,
    ).toBe(403);
    await crawlToEnd(member.client, 1);
    expect((await viewer.client.get('/api/deployment/link-fixes')).json().totalFixes).toBe(15);

    const other = await signUpOwner(t.app);
    expect((await other.client.get('/api/deployment/link-fixes')).json()).toMatchObject({
      totalFixes: 0,
      domains: [],
    });
    expect((await other.client.get('/api/site-health/websites/1/crawls/latest')).statusCode).toBe(404);
    expect((await other.client.post('/api/site-health/websites/1/crawls')).statusCode).toBe(404);
    expect((await other.client.get('/api/site-health/seo')).json()).toMatchObject({
      overallScore: null,
      sites: [],
    });
  });
});
