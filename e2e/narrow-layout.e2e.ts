import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dashboardTabIds } from '../src/client/features/dashboard/dashboard-tabs.js';
import { publicPages, settle, signedInPages } from './support/pages.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

/**
 * Every screen at phone width in German, the shipped language with the longest words ("Anwendungsintegration"
 * once pushed Phase 3 to 423 px): nothing may widen the page sideways. The main flow checks this in three
 * languages (i18n-flows); this walks the rest.
 */
// The public pages include the -demo screens, shown with the demo workspace's data.
const env = withServerAndBrowser({ demoWorkspace: true });
const width = 390;

/** The page's width beyond the viewport and the elements that stick out furthest, to name the culprit. */
function overflow(page: Page): Promise<{ scrollWidth: number; widest: string[] }> {
  return page.evaluate((limit) => {
    const widest: { right: number; what: string }[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const { right } = element.getBoundingClientRect();
      if (right <= limit + 0.5 || element.closest('[data-radix-popper-content-wrapper]')) continue;
      const text = (element.textContent ?? '').trim().slice(0, 40);
      widest.push({ right, what: `${element.tagName.toLowerCase()}.${element.className} "${text}"` });
    }
    widest.sort((a, b) => b.right - a.right);
    return {
      scrollWidth: document.documentElement.scrollWidth,
      widest: widest.slice(0, 3).map((w) => `${Math.round(w.right)}px ${w.what}`),
    };
  }, width);
}

describe('narrow layout', () => {
  it('keeps every screen within a 390 px phone in German', async () => {
    const report: Record<string, string[]> = {};
    const check = async (page: Page, path: string) => {
      await settle(page, `${env.server.baseUrl}${path}`);
      const { scrollWidth, widest } = await overflow(page);
      if (scrollWidth > width) report[path] = [`${scrollWidth}px wide`, ...widest];
    };
    const context = await env.browser.newContext({ viewport: { width, height: 844 } });
    await context.addInitScript(() => localStorage.setItem('hub.locale', 'de'));
    const visitor = await context.newPage();
    for (const path of publicPages) await check(visitor, path);
    await context.close();

    const page = await signUpInBrowser(
      env,
      { firstName: 'Nora', lastName: 'Narrow', businessName: 'Schmale Werkstatt' },
      { viewport: { width, height: 844 } },
    );
    await page.evaluate(() => localStorage.setItem('hub.locale', 'de'));
    for (const path of [...dashboardTabIds.map((tab) => `/dashboard?tab=${tab}`), ...signedInPages])
      await check(page, path);
    console.log(JSON.stringify(report, null, 2));
    expect(report).toEqual({});
    await page.context().close();
  }, 600_000);
});
