import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { breakdownDimensions } from '@domain/analytics/analytics-schemas';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../../../../e2e/support/browser.js';
import { ApiClient, type SignedUp, signUpOwner, useTestApp } from '../../../../test/test-app.js';
import { createIngest } from './ingest.js';
import { runRollups } from './jobs.js';
import { getBreakdown, getBreakdownFromRaw, getOverview } from './service.js';
import { trackerScript } from './tracker-script.js';

const chromeUa =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/147.0.0.0 Safari/537.36';
const t = useTestApp();

async function ownerWithSite(domain: string, name = 'Shop') {
  const owner = await signUpOwner(t.app);
  const site = (await owner.client.post('/api/websites', { name, domain })).json();
  const snippet = (await owner.client.get(`/api/analytics/sites/${site.id}/snippet`)).json();
  return {
    owner,
    siteId: site.id as number,
    key: snippet.trackingKey as string,
    snippet: snippet.snippet as string,
  };
}

function postEvent(body: Record<string, unknown>, headers: Record<string, string> = {}, ip = '203.0.113.7') {
  return t.app.inject({
    method: 'POST',
    url: '/api/analytics/event',
    remoteAddress: ip,
    headers: { 'content-type': 'text/plain', 'user-agent': chromeUa, ...headers },
    payload: JSON.stringify(body),
  });
}

async function rawEvents(owner: SignedUp) {
  const { rows } = await t.database.withWorkspace(owner.workspaceId, (tx) =>
    tx.execute<{
      name: string;
      path: string;
      source: string;
      device: string;
      visitor_id: number;
      props: unknown;
    }>(
      sql`select name, path, source, device, visitor_id, props from analytics_events order by occurred_at, name`,
    ),
  );
  return rows;
}

describe('tracking script', () => {
  it('is under 2.5 KB gzip', async () => {
    const script = await trackerScript();
    expect(gzipSync(script).length).toBeLessThanOrEqual(2560);
    const served = await t.app.inject({ method: 'GET', url: '/api/analytics/script.js' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/javascript/);
  });

  it('sends page views (also on single-page navigation) and custom events from a real page in Chromium', async () => {
    const { owner, key, siteId } = await ownerWithSite('shop.example');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // The website: a real HTTP server of this test, reached under the site's domain.
    const siteServer = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.end(`<!doctype html><html><head>
        <script defer data-site="${key}" src="${address}/api/analytics/script.js"></script></head>
        <body><button id="nav" onclick="history.pushState({}, '', '/pricing')">Pricing</button>
        <button id="buy" onclick="hubTrack('signup', {plan: 'pro'})">Sign up</button></body></html>`);
    });
    await new Promise<void>((resolve) => siteServer.listen(0, '127.0.0.1', resolve));
    const sitePort = (siteServer.address() as AddressInfo).port;
    const browser = await openBrowser(['--host-resolver-rules=MAP shop.example 127.0.0.1']);
    try {
      const context = await browser.newContext({ userAgent: chromeUa });
      const page = await context.newPage();
      const sent = () =>
        page.waitForResponse((r) => r.url().endsWith('/api/analytics/event') && r.status() === 202);
      let answer = sent();
      await page.goto(`http://shop.example:${sitePort}/?utm_source=newsletter`);
      expect((await answer).headers()['access-control-allow-origin']).toBe(`http://shop.example:${sitePort}`);
      answer = sent();
      await page.click('#nav');
      await answer;
      answer = sent();
      await page.click('#buy');
      await answer;
      await context.close();
    } finally {
      await browser.close();
      siteServer.close();
    }
    // A 202 means committed: no flush is needed before reading.
    const events = await rawEvents(owner);
    expect(events.map((e) => [e.name, e.path, e.source, e.device])).toEqual([
      ['pageview', '/', 'newsletter', 'desktop'],
      ['pageview', '/pricing', '', 'desktop'],
      ['signup', '/pricing', '', 'desktop'],
    ]);
    expect(events[2].props).toEqual({ plan: 'pro' });
    expect(new Set(events.map((e) => e.visitor_id)).size).toBe(1);

    await runRollups(t.database);
    const overview = (await owner.client.get('/api/analytics/overview?range=7days')).json();
    expect(overview.summary.visitors.current).toBe(1);
    expect(overview.summary.pageviews.current).toBe(2);
    expect(overview.sites.find((s: { id: number }) => s.id === siteId)).toMatchObject({
      visitors: 1,
      hasData: true,
    });
    expect((await owner.client.get('/api/dashboard/stats')).json().traffic).toBe(1);
  });
});

describe('ingest endpoint', () => {
  it('ignores bots and Do Not Track, and stores no IP', async () => {
    const { owner, key } = await ownerWithSite('filter.example');
    const event = { s: key, u: 'https://filter.example/' };
    const origin = 'https://filter.example';
    expect((await postEvent(event, { origin, dnt: '1' })).statusCode).toBe(202);
    const bot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    expect((await postEvent(event, { origin, 'user-agent': bot })).statusCode).toBe(202);
    const headless = chromeUa.replace('Chrome/', 'HeadlessChrome/');
    expect((await postEvent(event, { origin, 'user-agent': headless })).statusCode).toBe(202);
    expect(await rawEvents(owner)).toEqual([]);

    expect((await postEvent(event, { origin })).statusCode).toBe(202);
    const { rows } = await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.execute(sql`select * from analytics_events`),
    );
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('203.0.113.7');
  });

  it('names the field of bad input, refuses other origins and unknown keys, and writes nothing', async () => {
    const { owner, key } = await ownerWithSite('strict.example');
    const origin = 'https://strict.example';
    const badUrl = await postEvent({ s: key, u: 'javascript:alert(1)' }, { origin });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().issues[0].path).toBe('u');
    const badName = await postEvent({ s: key, u: `${origin}/`, n: '<script>' }, { origin });
    expect(badName.json().issues[0].path).toBe('n');
    const tooManyProps = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, i]));
    expect((await postEvent({ s: key, u: `${origin}/`, p: tooManyProps }, { origin })).statusCode).toBe(400);
    expect((await postEvent({ s: 'nope', u: `${origin}/` }, { origin })).json().issues[0].path).toBe('s');
    expect(
      (await postEvent({ s: key, u: `${origin}/` }, { origin: 'https://evil.example' })).statusCode,
    ).toBe(403);
    expect((await postEvent({ s: key, u: `${origin}/` })).statusCode).toBe(403);
    expect((await postEvent({ s: key, u: 'https://other.example/' }, { origin })).json().issues[0].path).toBe(
      'u',
    );
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/event',
      headers: { 'content-type': 'text/plain', origin },
      payload: '{oops',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await rawEvents(owner)).toEqual([]);
  });

  it('rate-limits one visitor address', async () => {
    const { key } = await ownerWithSite('busy.example');
    const event = { s: key, u: 'https://busy.example/' };
    const post = () => postEvent(event, { origin: 'https://busy.example' }, '198.51.100.9');
    // Forty at a time, so the accepted ones share a few group commits; then five more one by one.
    const statuses: number[] = [];
    for (let round = 0; round < 6; round++)
      statuses.push(...(await Promise.all(Array.from({ length: 40 }, post))).map((r) => r.statusCode));
    for (let i = 0; i < 5; i++) statuses.push((await post()).statusCode);
    expect(statuses.slice(0, 240).every((s) => s === 202)).toBe(true);
    expect(statuses.slice(240)).toEqual([429, 429, 429, 429, 429]);
  });

  it('answers 202 only once the event is committed, so an acknowledged event survives a crash', async () => {
    const { owner, key } = await ownerWithSite('durable.example');
    const origin = 'https://durable.example';
    const answers = await Promise.all(
      ['/a', '/b', '/c'].map((path) => postEvent({ s: key, u: `${origin}${path}` }, { origin })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202]);
    // Read at once through another connection, with nothing flushed by hand.
    expect((await rawEvents(owner)).map((e) => e.path).sort()).toEqual(['/a', '/b', '/c']);
  });
});

describe('rollups and reports', () => {
  let owner: SignedUp;
  let siteId: number;
  const now = new Date();
  beforeAll(async () => {
    const made = await ownerWithSite('reports.example', 'Reports Site');
    owner = made.owner;
    siteId = made.siteId;
    const other = (
      await owner.client.post('/api/websites', { name: 'Second', domain: 'second.example' })
    ).json();
    const secondKey = (await owner.client.get(`/api/analytics/sites/${other.id}/snippet`)).json().trackingKey;
    let clock = now;
    const ingest = createIngest(t.database, { now: () => clock });
    const pages = ['/', '/pricing', '/about', '/blog/a'];
    const sources = ['', 'https://www.google.com/search', 'https://news.example.org/x'];
    for (let day = 0; day < 20; day++) {
      for (let i = 0; i < 12; i++) {
        clock = new Date(now.getTime() - day * 86_400_000 - i * 60_000);
        const [k, host] = i % 4 === 0 ? [secondKey, 'second.example'] : [made.key, 'reports.example'];
        const request = {
          ip: `192.0.2.${(i * 7 + day) % 9}`,
          userAgent: i % 3 ? chromeUa : `${chromeUa} Mobile`,
          dnt: undefined,
          origin: `https://${host}`,
          host: 'localhost',
        };
        await ingest.accept(
          {
            s: k,
            n: i % 5 === 0 ? 'purchase' : 'pageview',
            u: `https://${host}${pages[(i + day) % pages.length]}${i === 1 ? '?utm_source=%3DHYPERLINK(%22x%22)' : ''}`,
            r: sources[(i + day) % sources.length],
            w: [390, 800, 1440][i % 3],
          },
          request,
        );
      }
    }
    await ingest.flush();
    await runRollups(t.database);
  });

  it('equal the same report computed from raw events, for every dimension and range', async () => {
    await t.database.withWorkspace(owner.workspaceId, async (tx) => {
      for (const dimension of breakdownDimensions) {
        for (const range of ['7days', '30days', '90days', '1year'] as const) {
          for (const site of [undefined, siteId]) {
            const fromRollup = await getBreakdown(tx, dimension, { range, site }, now);
            const fromRaw = await getBreakdownFromRaw(tx, dimension, { range, site }, now);
            expect(fromRollup.rows.length, `${dimension} ${range}`).toBeGreaterThan(0);
            expect(fromRollup, `${dimension} ${range} ${site}`).toEqual(fromRaw);
          }
        }
      }
      const overview = await getOverview(tx, { range: '30days' }, now);
      const raw = await tx.execute<{ visitors: number; pageviews: number }>(sql`
        select count(distinct (website_id, visitor_id, (occurred_at at time zone 'UTC')::date))::int as visitors,
          (count(*) filter (where name = 'pageview'))::int as pageviews from analytics_events`);
      expect(overview.summary.visitors.current).toBe(raw.rows[0].visitors);
      expect(overview.summary.pageviews.current).toBe(raw.rows[0].pageviews);
    });
  });

  it('gives the same rows when a day is rolled up again (idempotent)', async () => {
    const read = () =>
      t.database.withWorkspace(owner.workspaceId, (tx) =>
        tx.execute(sql`select * from analytics_daily order by day, dimension, website_id, value`),
      );
    const before = (await read()).rows;
    await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.execute(sql`insert into analytics_dirty_days (day) select distinct day from analytics_daily`),
    );
    expect(await runRollups(t.database)).toBeGreaterThan(0);
    expect((await read()).rows).toEqual(before);
  });

  it('lets two rollups of the same days run at once (the cron job beside a manual run, or two workers)', async () => {
    const read = () =>
      t.database.withWorkspace(owner.workspaceId, (tx) =>
        tx.execute(sql`select * from analytics_daily order by day, dimension, website_id, value`),
      );
    const before = (await read()).rows;
    await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.execute(sql`insert into analytics_dirty_days (day) select distinct day from analytics_daily`),
    );
    const runs = await Promise.allSettled([runRollups(t.database), runRollups(t.database)]);
    expect(runs.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect((await read()).rows).toEqual(before);
  });

  it('changes every figure with the range and compares with the previous period', async () => {
    const week = (await owner.client.get('/api/analytics/overview?range=7days')).json();
    const month = (await owner.client.get('/api/analytics/overview')).json();
    expect(month.range).toBe('30days');
    expect(week.timeseries).toHaveLength(7);
    expect(month.timeseries).toHaveLength(30);
    expect(month.summary.visitors.current).toBeGreaterThan(week.summary.visitors.current);
    expect(week.summary.visitors.previous).toBeGreaterThan(0);
    expect(week.insights.map((i: { kind: string }) => i.kind)).toEqual(['trend', 'topSource', 'bestSite']);
    const site = (await owner.client.get(`/api/analytics/overview?site=${siteId}`)).json();
    expect(site.summary.visitors.current).toBeLessThan(month.summary.visitors.current);
    // The per-site cards follow the chosen website as well (issue 30 §2.8).
    expect(month.sites.length).toBeGreaterThan(1);
    expect(site.sites.map((s: { id: number }) => s.id)).toEqual([siteId]);
    expect((await owner.client.get('/api/analytics/overview?range=2weeks')).json().issues[0].path).toBe(
      'range',
    );
  });

  it('counts the funnel from visits, contacts from the site, customers and their payments', async () => {
    await owner.client.post('/api/contacts', {
      firstName: 'L',
      email: 'lead@reports.test',
      source: 'Reports Site',
    });
    await owner.client.post('/api/contacts', {
      firstName: 'C',
      email: 'buyer@reports.test',
      source: 'Reports Site',
      status: 'customer',
    });
    await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.execute(sql`insert into payments (description, amount_cents, one_time_cents, provider, customer_email)
        values ('Course', 12300, 12300, 'offline', 'buyer@reports.test')`),
    );
    const funnel = (await owner.client.get(`/api/analytics/funnel?site=${siteId}`)).json();
    expect(funnel.steps.map((s: { count: number }) => s.count).slice(1)).toEqual([2, 1, 1]);
    expect(funnel.steps[0].count).toBeGreaterThan(2);
    const overview = (await owner.client.get(`/api/analytics/overview?site=${siteId}`)).json();
    expect(overview.summary.revenue.current).toBe(12300);
    expect(overview.summary.conversionRate.current).toBeGreaterThan(0);
  });

  it('exports each report as CSV with formula cells neutralised', async () => {
    for (const report of [
      'summary',
      'sites',
      'timeseries',
      'pages',
      'sources',
      'countries',
      'devices',
      'events',
    ]) {
      const res = await owner.client.get(`/api/analytics/export/${report}?range=30days`);
      expect(res.statusCode, report).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/csv/);
    }
    const sources = (await owner.client.get('/api/analytics/export/sources')).body;
    expect(sources).toContain(`'=HYPERLINK`);
    expect(sources).not.toMatch(/^=|,=/m);
    expect((await owner.client.get('/api/analytics/export/funnel')).statusCode).toBe(400);
    expect((await owner.client.get(`/api/analytics/export/funnel?site=${siteId}`)).body).toContain(
      'payment,1',
    );
  });

  it("shows another workspace none of this workspace's figures, on every report", async () => {
    const intruder = await signUpOwner(t.app);
    const urls = [
      '/api/analytics/overview?range=1year',
      ...breakdownDimensions.map((d) => `/api/analytics/breakdown/${d}?range=1year`),
      '/api/analytics/apps',
      '/api/dashboard/stats',
    ];
    for (const url of urls) {
      const res = await intruder.client.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toMatch(/Reports Site|reports\.example|HYPERLINK|pricing/);
    }
    const overview = (await intruder.client.get('/api/analytics/overview')).json();
    expect(overview).toMatchObject({ hasData: false, sites: [] });
    expect(overview.summary.visitors.current).toBe(0);
    expect((await intruder.client.get(`/api/analytics/breakdown/pages?site=${siteId}`)).json().rows).toEqual(
      [],
    );
    expect((await intruder.client.get(`/api/analytics/funnel?site=${siteId}`)).statusCode).toBe(404);
    expect((await intruder.client.get(`/api/analytics/sites/${siteId}/snippet`)).statusCode).toBe(404);
    for (const report of ['summary', 'sites', 'sources', 'pages']) {
      const csv = (await intruder.client.get(`/api/analytics/export/${report}?range=1year`)).body;
      expect(csv).not.toMatch(/Reports Site|HYPERLINK|pricing/);
    }
    expect((await intruder.client.get('/api/dashboard/stats')).json().traffic).toBeNull();
  });

  it('asks a visitor to sign in for reports', async () => {
    expect((await new ApiClient(t.app).get('/api/analytics/overview')).statusCode).toBe(401);
  });
});

describe('visitor hash', () => {
  it('is stable within a UTC day and rotates at midnight, deleting the old salt', async () => {
    const { owner, key } = await ownerWithSite('rotate.example');
    // A far-future month also proves a missing partition is created on the first insert.
    let clock = new Date('2031-03-31T22:00:00Z');
    const ingest = createIngest(t.database, { now: () => clock });
    const request = {
      ip: '192.0.2.50',
      userAgent: chromeUa,
      dnt: undefined,
      origin: 'https://rotate.example',
      host: 'x',
    };
    const event = { s: key, n: 'pageview', u: 'https://rotate.example/' };
    await ingest.accept(event, request);
    clock = new Date('2031-03-31T23:59:00Z');
    await ingest.accept(event, request);
    clock = new Date('2031-04-01T00:01:00Z');
    await ingest.accept(event, request);
    await ingest.flush();
    const ids = (await rawEvents(owner)).map((e) => e.visitor_id);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).not.toBe(ids[1]);
    const { rows } = await t.database.db.execute<{ day: string }>(
      sql`select day::text as day from analytics_salts`,
    );
    expect(rows.map((r) => r.day)).toEqual(['2031-04-01']);
  });
});
