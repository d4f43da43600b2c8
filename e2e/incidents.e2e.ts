import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProbeTick } from '../src/server/features/monitoring/probe.js';
import { seriousA11yViolations } from './support/axe.js';
import { screenshotDir } from './support/browser.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

const env = withServerAndBrowser();
process.env.PW_TEST_SCREENSHOT_NO_FONTS_READY = '1';

// The apps' local service: answers until the test takes it down (503), as a shared backend failing.
let service: Server;
let serviceBase: string;
let serviceDown = false;
beforeAll(async () => {
  service = createServer((_req, res) => {
    res.writeHead(serviceDown ? 503 : 200, { 'content-type': 'text/plain' });
    res.end(serviceDown ? 'unavailable' : 'ok');
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  serviceBase = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
});
afterAll(async () => {
  service.closeAllConnections();
  await new Promise((resolve) => service.close(resolve));
});

describe('incidents', () => {
  it('shows an incident with its suppressed children and the customers it affects', async () => {
    const page = await signUpInBrowser(env, {
      firstName: 'Ida',
      lastName: 'Incident',
      businessName: 'Incident Family',
    });
    const base = env.server.baseUrl;
    const post = async (url: string, data: unknown, method: 'post' | 'put' = 'post') => {
      const res = await page.request[method](`${base}${url}`, { headers: { origin: base }, data });
      expect(res.status(), await res.text()).toBeLessThan(300);
      return res.json();
    };
    const addApp = async (name: string, slug: string) =>
      (
        await post('/api/ecosystem/apps', {
          name,
          category: 'business',
          url: `${serviceBase}/${slug}`,
          type: 'B2C',
          pricing: { free: true },
          features: [],
        })
      ).id as number;
    const core = await addApp('Core API', 'core');
    for (const name of ['Booking', 'Billing', 'Reports']) {
      const child = await addApp(name, name.toLowerCase());
      await post(`/api/monitors/apps/${child}/dependencies`, { dependsOn: [core] }, 'put');
    }
    await post('/api/contacts', {
      firstName: 'Ann',
      lastName: 'User',
      source: 'Core API',
      company: 'Acme Corp',
    });

    // Probe rounds on a clock of their own, ahead of the server's minute tick.
    let at = new Date(Date.now() + 86_400_000);
    const deps = { ...env.server.testApp.app.deps, clock: () => at };
    const tick = async () => {
      at = new Date(at.getTime() + 60_000);
      await runProbeTick(deps);
    };
    await tick();
    serviceDown = true;
    await tick();
    await tick();

    await page.goto(`${base}/superhub`);
    const card = page.locator('[data-incidents-card]');
    await card.getByRole('heading', { name: 'Incidents' }).waitFor();
    const coreRow = card.locator('[data-incident="Core API"]');
    await coreRow.getByText('Open').waitFor();
    expect(await coreRow.getByText('Suppressed').count()).toBe(0);
    for (const name of ['Booking', 'Billing', 'Reports']) {
      const row = card.locator(`[data-incident="${name}"]`);
      await row.getByText('Suppressed').waitFor();
      await row.getByText('Depends on Core API').waitFor();
    }
    await page.locator('[data-availability-card]').getByText('Core API').waitFor();

    await coreRow.getByRole('button', { name: /Details/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Incident: Core API' });
    await dialog.getByText('Team notified').waitFor();
    const children = dialog.locator('[data-incident-children]');
    for (const name of ['Booking', 'Billing', 'Reports']) await children.getByText(name).waitFor();
    await dialog.getByText('Suppressed incidents of dependent apps (3)').waitFor();
    const affected = dialog.locator('[data-incident-affected]');
    await affected.getByRole('link', { name: 'Ann User' }).waitFor();
    await affected.getByText('Acme Corp').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    mkdirSync(screenshotDir, { recursive: true });
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(screenshotDir, `incident-dialog-${width}.png`) });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.keyboard.press('Escape');

    // A child's incident says why nobody was told.
    await card
      .locator('[data-incident="Booking"]')
      .getByRole('button', { name: /Details/ })
      .click();
    const child = page.getByRole('dialog', { name: 'Incident: Booking' });
    await child.getByText('Suppressed: Core API is down').waitFor();
    expect(await child.getByText('Team notified').count()).toBe(0);
    await page.keyboard.press('Escape');

    // Back up: every incident resolves.
    serviceDown = false;
    await tick();
    await page.reload();
    await card.locator('[data-incident="Core API"]').getByText('Resolved').waitFor();
    expect(await card.getByText('Open', { exact: true }).count()).toBe(0);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(screenshotDir, `incidents-card-${width}.png`) });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }

    // The owner publishes the status page; anyone then reads the apps' states there.
    await page.setViewportSize({ width: 1440, height: 900 });
    const statusCard = page.locator('[data-status-page-card]');
    await statusCard.getByLabel('Address').fill('incident-family');
    await statusCard.getByRole('switch', { name: 'Published' }).click();
    await statusCard.getByRole('button', { name: 'Save' }).click();
    await statusCard.getByRole('link', { name: 'Open the status page' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const publicPage = await env.browser.newPage();
    await publicPage.goto(`${base}/status/incident-family`);
    await publicPage.getByRole('heading', { name: 'Incident Family status' }).waitFor();
    await publicPage.getByRole('rowheader', { name: 'Core API' }).waitFor();
    expect(await seriousA11yViolations(publicPage)).toEqual([]);
    await publicPage.close();
  });
});
