import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type SignedUp, signUpOwner, useTestApp } from '../../../../test/test-app.js';
import { seedDemoWorkspace } from '../../seed/demo-workspace.js';
import { simulatedUsers } from './demo-app-simulator.js';
import { demoApps } from './demo-catalogue.js';
import { seedDemoEcosystem } from './demo-data.js';

// The apps' own routes are tested with data collection (data-collection.api.test.ts), whose runs read them.
let owner: SignedUp;
const t = useTestApp();
beforeAll(async () => {
  owner = await signUpOwner(t.app);
  await t.database.withWorkspace(owner.workspaceId, (tx) => seedDemoEcosystem(tx));
});

describe('the demo apps simulator', () => {
  it('serves sites, a sitemap, users and leads as JSON pages and CSV, the same every time', async () => {
    const demo = demoApps[0];
    const page1 = await t.app.inject({ url: `/demo-apps/${demo.slug}/api/leads` });
    expect(page1.json().data).toHaveLength(Math.min(25, demo.leads));
    const again = await t.app.inject({ url: `/demo-apps/${demo.slug}/api/leads` });
    expect(again.body).toBe(page1.body);
    const csv = await t.app.inject({ url: `/demo-apps/${demo.slug}/api/leads.csv` });
    expect(csv.body.trim().split('\n')).toHaveLength(demo.leads + 1);
    expect((await t.app.inject({ url: `/demo-apps/${demo.slug}/sitemap.xml` })).body).toContain('<urlset');
    expect((await t.app.inject({ url: `/demo-apps/${demo.slug}/blog/launch-week` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/demo-apps/${demo.slug}/api/users` })).json()).toEqual(
      simulatedUsers(demo),
    );
    expect((await t.app.inject({ url: '/demo-apps/nope/' })).statusCode).toBe(404);
  });
});

describe('the ecosystem page', () => {
  it('serves cross-sell offers, charity figures and the integration package', async () => {
    const { apps } = (await owner.client.get('/api/ecosystem/apps')).json();
    const soulscan = apps.find((a: { name: string }) => a.name === 'SoulScan');
    const cross = (await owner.client.get(`/api/ecosystem/cross-sell/${soulscan.id}`)).json();
    expect(cross.app).toEqual({ name: 'SoulScan' });
    expect(cross.crossSellOpportunities[0]).toMatchObject({
      targetApp: 'Healing Journey',
      priority: 'medium',
    });
    // No payments recorded in this workspace: every charity figure is zero, not invented.
    expect((await owner.client.get('/api/ecosystem/pricing-table')).json()).toEqual({
      charitableGiving: { grossRevenue: 0, netProfit: 0, charitableDonation: 0 },
    });
    const pkg = (await owner.client.get('/api/ecosystem/integration-package')).json();
    expect(pkg.ecosystem.apps).toHaveLength(demoApps.length);
    expect(pkg.ecosystem.crossSellSnippets.SoulScan).toContain('Healing Journey');
    expect(JSON.stringify(pkg)).not.toContain('authHeader');
    expect(pkg.deployment).toEqual({ linkFixes: { totalFixes: 0 } });
    const other = await signUpOwner(t.app);
    expect((await other.client.get(`/api/ecosystem/cross-sell/${soulscan.id}`)).statusCode).toBe(404);
  });

  it('shows the demo workspace read-only to anyone under /api/demo/ecosystem/', async () => {
    await seedDemoWorkspace(t.app.deps);
    const visitor = new ApiClient(t.app);
    const apps = await visitor.get('/api/demo/ecosystem/apps');
    expect(apps.statusCode, apps.body).toBe(200);
    expect(apps.json().apps).toHaveLength(demoApps.length);
    expect(apps.json().totalEcosystemValue).toBeGreaterThan(997);
    const first = apps.json().apps[0];
    expect((await visitor.get(`/api/demo/ecosystem/cross-sell/${first.id}`)).statusCode).toBe(200);
    expect((await visitor.get('/api/demo/ecosystem/pricing-table')).statusCode).toBe(200);
    expect((await visitor.get('/api/demo/ecosystem/integration-package')).statusCode).toBe(200);
    expect((await visitor.get('/api/ecosystem/apps')).statusCode).toBe(401);
  });
});
