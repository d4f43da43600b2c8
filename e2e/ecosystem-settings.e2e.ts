import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.js';
import { screenshotDir } from './support/browser.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

const env = withServerAndBrowser();
// As in ecosystem.e2e.ts: on a loaded machine document.fonts.ready was seen not to settle for minutes.
process.env.PW_TEST_SCREENSHOT_NO_FONTS_READY = '1';
const secret = 'Authorization: Bearer e2e-secret-token-42';

/** The screen at 1440 and at 390 px wide, with `element` scrolled into view (a dialog is the screen). */
async function atWidths(page: Page, element: Locator, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await element.evaluate((node) => node.scrollIntoView({ block: 'start' }));
    await page.screenshot({
      path: path.join(screenshotDir, `${name}-${width}.png`),
      animations: 'disabled',
      timeout: 120_000,
    });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

interface ListedApp {
  name: string;
  pricing: { monthly: number | null; annual: number | null; lifetime: number | null; oneTime: number | null };
  endpoints: { name: string; format: string; hasAuthHeader: boolean; fieldMapping: Record<string, string> }[];
}

describe('Settings → Ecosystem apps', () => {
  it('adds an app with its price lines and a data endpoint whose auth header is never shown', async () => {
    const page = await signUpInBrowser(
      env,
      { firstName: 'Sam', lastName: 'Settings', businessName: 'Settings Family' },
      { viewport: { width: 1440, height: 900 } },
    );
    const base = env.server.baseUrl;
    const apps = async () =>
      (await (await page.request.get(`${base}/api/ecosystem/apps`)).json()).apps as ListedApp[];
    await page.goto(`${base}/dashboard?tab=settings`);
    const section = page.locator('#settings-ecosystem-apps');
    await section.getByText('No apps yet.').waitFor();

    // The app, with every price line
    await section.getByRole('button', { name: 'Add app' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Lead Garden');
    await dialog.getByLabel('URL', { exact: true }).fill('https://leadgarden.example/');
    await dialog.getByLabel('Monthly price ($)').fill('29');
    await dialog.getByLabel('Annual price ($)').fill('290');
    await dialog.getByLabel('Lifetime price ($)').fill('599');
    await dialog.getByLabel('One-time price, from ($)').fill('49.50');
    await dialog.getByRole('button', { name: 'Save app' }).click();
    await dialog.waitFor({ state: 'detached' });
    await section.getByText('No data endpoints.').waitFor();
    expect((await apps())[0].pricing).toEqual({
      free: false,
      monthly: 29,
      annual: 290,
      lifetime: 599,
      oneTime: 49.5,
    });

    // An endpoint: the form refuses a bad URL before sending anything
    await section.getByRole('button', { name: 'Add endpoint to Lead Garden' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Newsletter sign-ups');
    await dialog.getByLabel('URL', { exact: true }).fill('ftp://leadgarden.example/feed');
    await dialog.getByRole('button', { name: 'Save endpoint' }).click();
    await dialog.getByText('must be an http(s) URL').waitFor();
    expect((await apps())[0].endpoints).toEqual([]);
    await dialog.getByLabel('URL', { exact: true }).fill('https://leadgarden.example/feed.csv');
    await dialog.getByLabel('Format').selectOption('csv');
    await dialog.getByLabel('Auth header (optional)').fill(secret);
    await dialog.getByText('No auth header is stored. It is kept encrypted and never shown again.').waitFor();
    await dialog.getByLabel('Email').fill('E-mail address');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await atWidths(page, dialog, 'ecosystem-settings-endpoint-dialog');
    await dialog.getByRole('button', { name: 'Save endpoint' }).click();
    await dialog.waitFor({ state: 'detached' });

    const endpoints = section.getByRole('list', { name: 'Data endpoints of Lead Garden' });
    await endpoints.getByText('Newsletter sign-ups').waitFor();
    await endpoints.getByText('Auth header set').waitFor();
    expect((await apps())[0].endpoints).toMatchObject([
      {
        name: 'Newsletter sign-ups',
        format: 'csv',
        hasAuthHeader: true,
        fieldMapping: { email: 'E-mail address' },
      },
    ]);
    // Neither the page nor any answer carries the header.
    expect(await page.content()).not.toContain('e2e-secret-token-42');
    expect(JSON.stringify(await apps())).not.toContain('e2e-secret-token-42');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await atWidths(page, section, 'ecosystem-settings-apps');

    // Editing keeps the stored header unless told otherwise; then it is cleared
    await section.getByRole('button', { name: 'Edit endpoint Newsletter sign-ups of Lead Garden' }).click();
    dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Auth header (optional)').inputValue()).toBe('');
    await dialog
      .getByText('An auth header is stored. Type a new one to replace it; it is never shown again.')
      .waitFor();
    await dialog.getByLabel('Name', { exact: true }).fill('Newsletter');
    await dialog.getByRole('button', { name: 'Save endpoint' }).click();
    await dialog.waitFor({ state: 'detached' });
    await endpoints.getByText('Newsletter', { exact: true }).waitFor();
    expect((await apps())[0].endpoints[0]).toMatchObject({ name: 'Newsletter', hasAuthHeader: true });

    await section.getByRole('button', { name: 'Edit endpoint Newsletter of Lead Garden' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Remove the stored auth header').check();
    await dialog.getByRole('button', { name: 'Save endpoint' }).click();
    await dialog.waitFor({ state: 'detached' });
    await endpoints.getByText('Auth header set').waitFor({ state: 'detached' });
    expect((await apps())[0].endpoints[0].hasAuthHeader).toBe(false);

    // Removing the endpoint
    await section.getByRole('button', { name: 'Remove endpoint Newsletter of Lead Garden' }).click();
    await section.getByText('No data endpoints.').waitFor();
    expect((await apps())[0].endpoints).toEqual([]);
    await page.context().close();
  }, 600_000); // Many steps on a machine shared by several test runs.
});
