import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoEcosystem } from '../src/server/features/ecosystem/demo-data.js';
import { seedDemoWorkspace } from '../src/server/seed/demo-workspace.js';
import { screenshotDir } from './support/browser.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

const env = withServerAndBrowser();
// The client's fonts are its own files; on a loaded machine Chromium's document.fonts.ready was seen not to
// settle within minutes for these tall pages, so screenshots here skip that wait (playwright-core's switch).
process.env.PW_TEST_SCREENSHOT_NO_FONTS_READY = '1';

// A local app: its users and its leads, as the console reads them.
let appServer: Server;
let appBase: string;
beforeAll(async () => {
  appServer = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.url === '/users')
      res.end(JSON.stringify([{ firstName: 'Una', lastName: 'User', email: 'una@local.example' }]));
    else
      res.end(
        JSON.stringify({
          data: Array.from({ length: 12 }, (_, i) => ({
            name: `Lead ${i}`,
            email: `lead${i}@local.example`,
            status: i % 3 === 0 ? 'customer' : 'lead',
          })),
        }),
      );
  });
  await new Promise<void>((resolve) => appServer.listen(0, '127.0.0.1', resolve));
  appBase = `http://127.0.0.1:${(appServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  appServer.closeAllConnections();
  await new Promise((resolve) => appServer.close(resolve));
});

/** Screenshots at 1440 px (full page) and 390 px (the first screen). */
async function atWidths(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  // Toasts are dismissed first: they sit over the content, and the 390 px capture stalled behind one.
  for (const close of await page.locator('[toast-close]').all()) await close.click().catch(() => {});
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: path.join(screenshotDir, `${name}-${width}.png`),
      fullPage: true,
      timeout: 120_000,
    });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('the ecosystem console', () => {
  it('integrates users, collects an app, plans cross-sales and shows the ecosystem page', async () => {
    const page = await signUpInBrowser(env, {
      firstName: 'Eve',
      lastName: 'Eco',
      businessName: 'Eco Family',
    });
    const base = env.server.baseUrl;
    const headers = { origin: base };
    const me = await (await page.request.get(`${base}/api/auth/user`)).json();
    await env.server.testApp.database.withWorkspace(me.workspace.id, (tx) => seedDemoEcosystem(tx));
    const created = await page.request.post(`${base}/api/ecosystem/apps`, {
      headers,
      data: {
        name: 'Local Leads',
        category: 'business',
        url: `${appBase}/`,
        usersUrl: `${appBase}/users`,
        endpoints: [
          { name: 'Lead feed', type: 'replit', category: 'leads', url: `${appBase}/leads`, format: 'json' },
        ],
      },
    });
    expect(created.status()).toBe(201);
    await page.request.post(`${base}/api/cross-sales/matrix`, {
      headers,
      data: {
        sourceApp: 'Local Leads',
        targetApp: 'SoulScan',
        services: ['Assessment'],
        valueRange: [19, 228],
        reasoning: 'Leads want clarity.',
      },
    });

    // User integration
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${base}/dashboard?tab=user-integration`);
    await page.getByRole('button', { name: 'Integrate Users' }).click();
    await page.getByText('User Integration Complete').first().waitFor();
    await page.getByText('Integrated 1 user, skipped 0 existing contacts').first().waitFor();
    const localSource = page.getByRole('region', { name: 'Local Leads' });
    await localSource.getByText('Una User').waitFor();
    expect(await page.getByText('No contacts from this source yet').count()).toBeGreaterThan(0);
    await atWidths(page, 'ecosystem-user-integration');

    // Data collection: real progress, then the report
    await page.goto(`${base}/dashboard?tab=data-collection`);
    await page.getByRole('button', { name: 'Collect from Local Leads' }).click();
    await page.getByText('App Data Collected').first().waitFor({ timeout: 60_000 });
    await page.getByText('12 fetched, 12 created, 0 updated, 0 failed').waitFor();
    await page.getByText('Ecosystem Report').waitFor();
    // The report is read again when the run ends: Una (integrated above) and the 12 leads.
    await page.getByText('Total contacts').locator('xpath=..').getByText('13').waitFor();
    await atWidths(page, 'ecosystem-data-collection');

    // Cross-sales: a plan item moves on, opportunities come from the collected contacts
    await page.goto(`${base}/dashboard?tab=cross-sales`);
    await page.getByRole('button', { name: /Buyer-to-agent handoff/ }).click();
    await page.getByRole('button', { name: 'Mark as Started' }).click();
    await page.getByRole('button', { name: 'Mark as Completed' }).waitFor();
    await page.getByText('10%').first().waitFor();
    await page.getByRole('button', { name: 'Close Details' }).click();
    await page.getByRole('tab', { name: 'Opportunities' }).click();
    await page.getByRole('tabpanel').getByRole('button').first().waitFor();
    expect(await page.getByRole('tabpanel').getByRole('button').count()).toBe(10);
    await page.getByRole('tabpanel').getByRole('button').first().click();
    await page.getByText(/Offer Assessment from SoulScan to Lead/).waitFor();
    await atWidths(page, 'ecosystem-cross-sales');
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await page.getByText('Conversion funnel').waitFor();

    // The ecosystem page
    await page.goto(`${base}/ecosystem`);
    await page.getByRole('heading', { name: 'Ecosystem Integration' }).waitFor();
    await page.getByText('$997/month').waitFor();
    await page.getByRole('button', { name: 'SoulScan' }).click();
    await page.getByText('Cross-sell opportunities for SoulScan').waitFor();
    await page.getByText('Healing Journey').first().waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Integration Package' }).click();
    expect((await download).suggestedFilename()).toBe('ecosystem-integration-package.json');
    await atWidths(page, 'ecosystem-page');
    await page.context().close();
  });

  it('shows the demo workspace on /ecosystem-demo to a visitor', async () => {
    await seedDemoWorkspace(env.server.testApp.app.deps);
    const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${env.server.baseUrl}/ecosystem-demo`);
    await page.getByRole('heading', { name: 'Ecosystem Integration' }).waitFor();
    await page.getByText('Live demo').waitFor();
    await page.getByRole('tab', { name: 'Healing' }).click();
    await page.getByRole('button', { name: 'Healing Journey' }).waitFor();
    expect(await page.getByText('Charitable Impact').count()).toBe(1);
    await atWidths(page, 'ecosystem-demo');
    await context.close();
  });
});
