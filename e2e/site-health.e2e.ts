import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPageViews, type FixtureSite, startFixtureSite } from '../test/site-health-fixture.js';
import { uniqueEmail } from '../test/test-app.js';
import { seriousA11yViolations } from './support/axe.js';
import { screenshot } from './support/browser.js';
import { pageApi as api } from './support/in-page.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

const env = withServerAndBrowser();
let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site?.close());

describe('site health tied to revenue (issue 33 §2)', () => {
  it('lists the findings by impact, shows a held campaign with its failing link, and the owner sends it anyway', async () => {
    const page = await signUpInBrowser(
      env,
      { firstName: 'Sia', lastName: 'Health', businessName: 'Fixture Shop' },
      { viewport: { width: 1440, height: 1000 } },
    );
    page.setDefaultTimeout(120_000);
    const base = env.server.baseUrl;
    const me = await api<{ workspace: { id: number } }>(page, 'GET', '/api/auth/user');
    const website = await api<{ id: number }>(page, 'POST', '/api/websites', {
      name: 'Fixture',
      domain: 'fixture.example.com',
    });
    const websiteId = website.json.id;
    await api(page, 'PATCH', `/api/site-health/websites/${websiteId}/settings`, { startUrl: `${site.url}/` });
    await api(page, 'POST', '/api/contacts', {
      firstName: 'Nia',
      email: uniqueEmail('nia'),
      tags: ['story'],
    });
    const target = { workspaceId: me.json.workspace.id, websiteId };
    await addPageViews(env.server.testApp.database, target, { path: '/pricing', views: 500, daysAgo: 2 });
    await addPageViews(env.server.testApp.database, target, { path: '/blog', views: 50, daysAgo: 2 });
    await addPageViews(env.server.testApp.database, target, { path: '/contact', views: 5, daysAgo: 2 });
    await api(page, 'POST', `/api/site-health/websites/${websiteId}/crawls`);
    await expect
      .poll(
        async () =>
          (await api<{ status: string }>(page, 'GET', `/api/site-health/websites/${websiteId}/crawls/latest`))
            .json.status,
        { timeout: 120_000, interval: 200 },
      )
      .toBe('done');

    await page.goto(`${base}/deployment`);
    await page.getByRole('tab', { name: 'Impact' }).click();
    const list = page.getByTestId('impact-list');
    await list.waitFor();
    const items = list.getByTestId('impact-finding');
    expect(await items.count()).toBe(3);
    expect(await items.nth(0).textContent()).toContain(`${site.url}/old-pricing`);
    expect(await items.nth(0).getByTestId('impact-score').textContent()).toBe('Impact 501');
    expect(await items.nth(0).textContent()).toContain('Page views (30 days): 500');
    expect(await items.nth(0).textContent()).toContain('Last year’s prices');
    expect(await items.nth(1).textContent()).toContain(`${site.url}/missing-post`);
    expect(await items.nth(2).textContent()).toContain(`${site.url}/gone-form`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'site-health-impact-1440');

    const campaign = await api<{ id: number; status: string }>(page, 'POST', '/api/campaigns', {
      name: 'Our story',
      subject: 'Read our story',
      body: `<a href="${site.url}/missing-post">Read our story</a>`,
      audience: { tag: 'story' },
    });
    const sent = await api<{ status: string }>(page, 'POST', `/api/campaigns/${campaign.json.id}/send`);
    expect(sent.json.status).toBe('held');

    await page.goto(`${base}/marketing`);
    const held = page.getByTestId(`held-${campaign.json.id}`);
    await held.waitFor();
    expect(await held.textContent()).toContain(`${site.url}/missing-post`);
    expect(await held.textContent()).toContain('HTTP 404');
    expect(await page.getByTestId(`campaign-status-${campaign.json.id}`).textContent()).toBe(
      'Held: failing links',
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'site-health-held-campaign-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'site-health-held-campaign-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1440, height: 1000 });

    await held.getByRole('button', { name: 'Send anyway' }).click();
    await page.getByTestId('held-campaigns').waitFor({ state: 'detached' });

    // A workflow's email linking to the same page is held before delivery, and listed with its link.
    await api(page, 'POST', '/api/workflows', {
      name: 'Welcome',
      description: '',
      status: 'active',
      trigger: { type: 'contact_created' },
      steps: [{ type: 'send_email', subject: 'Welcome', body: `Start at ${site.url}/missing-post` }],
    });
    const newcomer = uniqueEmail('new');
    await api(page, 'POST', '/api/contacts', { firstName: 'Neo', email: newcomer });
    await expect
      .poll(async () => (await api<unknown[]>(page, 'GET', '/api/workflow-emails/held')).json.length, {
        timeout: 120_000,
        interval: 200,
      })
      .toBe(1);
    await page.reload();
    const heldEmails = page.getByTestId('held-workflow-emails');
    await heldEmails.waitFor();
    expect(await heldEmails.textContent()).toContain(`To ${newcomer}: Welcome`);
    expect(await heldEmails.textContent()).toContain(`${site.url}/missing-post`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'site-health-held-workflow-email-1440');
    await expect
      .poll(
        async () =>
          (await api<{ status: string }>(page, 'GET', `/api/campaigns/${campaign.json.id}`)).json.status,
        { timeout: 120_000, interval: 200 },
      )
      .toBe('sent');
    await page.context().close();
  }, 420_000);
});
