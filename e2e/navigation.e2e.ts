import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

/** The route table's paths, read from its source: the test follows the table as screens are added. */
function tablePaths(table: 'signedInRoutes' | 'signedOutRoutes'): string[] {
  const source = readFileSync(path.resolve('src/client/app/route-table.ts'), 'utf8');
  const body = source.slice(source.indexOf(`export const ${table}`));
  return [...body.slice(0, body.indexOf('];')).matchAll(/path: '([^']+)'/g)].map((m) => m[1]);
}

/** The dashboard's tabs, read from their one list. */
function dashboardTabs(): string[] {
  const source = readFileSync(path.resolve('src/client/components/dashboard-panel-props.ts'), 'utf8');
  const list = source.slice(source.indexOf('dashboardTabIds = ['), source.indexOf('] as const'));
  return [...list.matchAll(/'([a-z-]+)'/g)].map((m) => m[1]);
}

/** Where a location leads: its path, and the dashboard's tab when it is the dashboard. */
function destination(href: string, origin: string): string | null {
  const url = new URL(href, origin);
  if (url.origin !== origin) return null;
  if (url.pathname !== '/dashboard') return url.pathname;
  return `/dashboard?tab=${url.searchParams.get('tab') ?? 'dashboard'}`;
}

async function linksOn(page: Page, origin: string): Promise<string[]> {
  const hrefs = await page.$$eval('a[href]', (anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.map((href) => destination(href, origin)).filter((d): d is string => d !== null);
}

const env = withServerAndBrowser();

describe('one shell: every screen within reach', () => {
  it('reaches every signed-in route and every dashboard tab within two clicks of /dashboard, by real links', async () => {
    const page = await signUpInBrowser(env, {
      firstName: 'Nia',
      lastName: 'Navigator',
      businessName: 'Nav Co',
    });
    const origin = env.server.baseUrl;
    const sidebar = page.getByRole('complementary', { name: 'Dashboard navigation' });
    await sidebar.getByRole('link', { name: 'Webhooks' }).waitFor();
    const firstClick = new Set(await linksOn(page, origin));
    const reached = new Set(['/dashboard?tab=dashboard', ...firstClick]);
    for (const target of firstClick) {
      await page.goto(`${origin}${target}`);
      await sidebar.getByRole('link', { name: 'Webhooks' }).waitFor();
      for (const next of await linksOn(page, origin)) reached.add(next);
    }
    const wanted = [
      ...tablePaths('signedInRoutes'),
      ...dashboardTabs().map((tab) => `/dashboard?tab=${tab}`),
    ];
    expect(wanted.length).toBeGreaterThan(20);
    expect(wanted.filter((target) => !reached.has(target))).toEqual([]);
    await page.context().close();
  });

  it('shows no healthy-looking figure a new workspace has not measured', async () => {
    const page = await signUpInBrowser(env, { firstName: 'Em', lastName: 'Empty', businessName: 'Empty Co' });
    const base = env.server.baseUrl;
    await page.goto(`${base}/deployment`);
    await expect.poll(() => page.getByTestId('stat-rate').textContent()).toContain('Not measured yet');
    await page.goto(`${base}/superhub`);
    const monitoring = page.getByText('Monitoring Status').locator('..');
    await expect.poll(() => monitoring.textContent()).toContain('Not measured yet');
    await page.goto(`${base}/phase3`);
    const health = page.getByText('System Health').locator('..');
    await expect.poll(() => health.textContent()).toContain('Not measured yet');
    await page.context().close();
  });

  it('frames every signed-in screen in the shell: sidebar, header and language menu', async () => {
    const page = await signUpInBrowser(env, {
      firstName: 'Sid',
      lastName: 'Shell',
      businessName: 'Shell Co',
    });
    for (const target of tablePaths('signedInRoutes')) {
      await page.goto(`${env.server.baseUrl}${target}`);
      const sidebar = page.getByRole('complementary', { name: 'Dashboard navigation' });
      await sidebar.getByRole('link', { name: 'Dashboard', exact: true }).waitFor();
      expect(await page.getByRole('combobox', { name: 'Language' }).count(), target).toBe(1);
      const current = sidebar.locator('a[aria-current="page"]');
      if (target !== '/') expect(await current.getAttribute('href'), target).toBe(target);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${env.server.baseUrl}/webhooks`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await screenshot(page, 'shell-webhooks-mobile-menu');
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'shell-webhooks');
    await page.context().close();
  });

  it('gives every public demo page the site header: the brand, the language menu and a way back', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const demos = tablePaths('signedOutRoutes').filter((p) => p.endsWith('-demo'));
    expect(demos.length).toBe(7);
    for (const demo of demos) {
      await page.goto(`${env.server.baseUrl}${demo}`);
      const header = page.getByRole('banner').first();
      await header.getByRole('combobox', { name: 'Language' }).waitFor();
      expect(await header.locator('a[href="/"]').count(), demo).toBeGreaterThan(0);
    }
    await context.close();
  });
});
