import { describe, expect, it } from 'vitest';
import { type SignedUp, signUpOwner, useTestApp } from './test-app.js';

// Issue 30 §2.8: the website chosen in the sidebar filters every list and figure that has per-site data.
const t = useTestApp();

/** Two websites, and per website a contact (source = its name), a deal, a content item and a product. */
async function twoSites(owner: SignedUp) {
  const sites: Record<'a' | 'b', number> = { a: 0, b: 0 };
  for (const [key, name, domain] of [
    ['a', 'Coach Site', 'coach.example.test'],
    ['b', 'Housing Site', 'housing.example.test'],
  ] as const) {
    const site = await owner.client.post('/api/websites', { name, domain });
    expect(site.statusCode).toBe(201);
    sites[key] = site.json().id;
    const contact = await owner.client.post('/api/contacts', {
      firstName: key === 'a' ? 'Cora' : 'Hugo',
      email: `${key}-${owner.workspaceId}@filter.test`,
      source: name,
      status: 'qualified',
      valueCents: key === 'a' ? 100_00 : 7_00,
    });
    expect(contact.statusCode).toBe(201);
    const deal = await owner.client.post('/api/deals', {
      name: `${name} deal`,
      contactId: contact.json().id,
      websiteId: sites[key],
      valueCents: key === 'a' ? 5_000_00 : 300_00,
      stage: 'proposal',
    });
    expect(deal.statusCode).toBe(201);
    const item = await owner.client.post('/api/generate-content', {
      topic: `${name} news`,
      type: 'blog',
      websiteId: sites[key],
      seoOptimize: false,
    });
    expect(item.statusCode).toBe(201);
    const product = await owner.client.post('/api/products', {
      websiteId: sites[key],
      name: `${name} product`,
      priceCents: 49_00,
      billing: 'monthly',
    });
    expect(product.statusCode).toBe(201);
  }
  // Written for all websites: each website's content list has it too.
  expect(
    (
      await owner.client.post('/api/generate-content', {
        topic: 'Shared news',
        type: 'blog',
        seoOptimize: false,
      })
    ).statusCode,
  ).toBe(201);
  return sites;
}

/** Each filtered read, and what of site A's it would show. */
const reads: { path: string; holdsSiteA: (body: unknown) => boolean }[] = [
  {
    path: '/api/contacts/stats',
    holdsSiteA: (body) =>
      (body as { pipeline: { qualified: { valueCents: number } } }).pipeline.qualified.valueCents >= 100_00,
  },
  {
    path: '/api/deals/stats',
    holdsSiteA: (body) => (body as { active: { valueCents: number } }).active.valueCents >= 5_000_00,
  },
  {
    path: '/api/content',
    holdsSiteA: (body) => (body as { topic: string }[]).some((item) => item.topic === 'Coach Site news'),
  },
  {
    path: '/api/products',
    holdsSiteA: (body) => (body as { name: string }[]).some((p) => p.name === 'Coach Site product'),
  },
  {
    path: '/api/site-health/seo',
    holdsSiteA: (body) => (body as { sites: { name: string }[] }).sites.some((s) => s.name === 'Coach Site'),
  },
  // The operations screen with per-site data (/deployment): its report and its link health history.
  {
    path: '/api/deployment/link-fixes',
    holdsSiteA: (body) =>
      (body as { domains: { name: string }[] }).domains.some((d) => d.name === 'Coach Site'),
  },
  {
    path: '/api/site-health/history',
    holdsSiteA: (body) => (body as { name: string }[]).some((s) => s.name === 'Coach Site'),
  },
];

describe('?websiteId on the per-site lists and figures', () => {
  it.each(reads)(
    "$path: all websites without it, one website's rows with it",
    async ({ path, holdsSiteA }) => {
      const owner = await signUpOwner(t.app);
      const sites = await twoSites(owner);
      const all = await owner.client.get(path);
      expect(all.statusCode).toBe(200);
      expect(holdsSiteA(all.json())).toBe(true);
      const onlyB = await owner.client.get(`${path}?websiteId=${sites.b}`);
      expect(onlyB.statusCode).toBe(200);
      expect(holdsSiteA(onlyB.json())).toBe(false);
      const onlyA = await owner.client.get(`${path}?websiteId=${sites.a}`);
      expect(holdsSiteA(onlyA.json())).toBe(true);
    },
  );

  it("gives each website its own figures: B's contacts, deals, content and products, and nothing of A's", async () => {
    const owner = await signUpOwner(t.app);
    const { b } = await twoSites(owner);
    const get = async (path: string) => (await owner.client.get(`${path}?websiteId=${b}`)).json();
    expect(await get('/api/contacts/stats')).toMatchObject({
      total: 1,
      qualified: 1,
      pipeline: { qualified: { count: 1, valueCents: 7_00 } },
    });
    const deals = await get('/api/deals/stats');
    expect(deals.active).toEqual({ count: 1, valueCents: 300_00 });
    expect(deals.stages.find((s: { stage: string }) => s.stage === 'proposal')).toMatchObject({
      count: 1,
      valueCents: 300_00,
    });
    expect((await get('/api/content')).map((i: { topic: string }) => i.topic).sort()).toEqual([
      'Housing Site news',
      'Shared news',
    ]);
    expect((await get('/api/products')).map((p: { name: string }) => p.name)).toEqual([
      'Housing Site product',
    ]);
    const seo = await get('/api/site-health/seo');
    expect(seo.sites.map((s: { name: string }) => s.name)).toEqual(['Housing Site']);
    expect(seo.overallScore).toBeNull();
  });

  it.each(reads.map((r) => r.path))(
    '%s: a bad website id is a 400 naming websiteId, changing nothing',
    async (path) => {
      const owner = await signUpOwner(t.app);
      for (const bad of ['0', '-1', 'abc', '1.5', '2147483648']) {
        const res = await owner.client.get(`${path}?websiteId=${bad}`);
        expect(res.statusCode, bad).toBe(400);
        expect(
          res.json().issues.map((i: { path: string }) => i.path),
          bad,
        ).toEqual(['websiteId']);
      }
    },
  );

  it.each(reads)(
    "$path: another workspace's website is not found, and nothing of it shows",
    async ({ path, holdsSiteA }) => {
      const owner = await signUpOwner(t.app);
      const { a } = await twoSites(owner);
      const stranger = await signUpOwner(t.app);
      const res = await stranger.client.get(`${path}?websiteId=${a}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Website not found');
      expect(res.body).not.toMatch(/Coach Site|Housing Site/);
      // Nor does the stranger's unfiltered read, of course.
      expect(holdsSiteA((await stranger.client.get(path)).json())).toBe(false);
    },
  );
});
