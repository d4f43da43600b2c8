import type { Page } from 'playwright-core';

/**
 * The screens the browser suites walk (issue 10: axe and the pseudo-locale on every page). Keep in step with
 * `src/client/app/route-table.ts`; the dashboard tabs come from `dashboardTabIds`.
 */
export const publicPages = [
  '/',
  '/pricing',
  '/pricing-selector',
  '/pricing/local-business',
  '/pricing/reoss',
  '/pricing/cards',
  '/success?session_id=cs_test_a11y12345',
  '/login',
  '/no-such-page',
  '/scheduler',
  '/ai-demo',
  '/deployment-demo',
  '/marketing-demo',
  '/ecosystem-demo',
  '/superhub-demo',
  '/webhook-demo',
  '/phase3-demo',
];

/** Signed-in screens outside the dashboard (the settings sections are all on its settings tab). */
export const signedInPages = [
  '/techstack',
  '/contacts',
  '/contacts/duplicates',
  '/companies',
  '/tasks',
  '/reports',
  '/reports/dashboards',
  '/forms',
  '/segments',
  '/marketing',
  '/deployment',
  '/ecosystem',
  '/superhub',
  '/webhooks',
  '/phase3',
];

/** Opens a screen and waits until its data has arrived: no request in flight, no loader left. */
export async function settle(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await page.locator('[role="status"][aria-busy="true"], .animate-spin').first().waitFor({ state: 'hidden' });
}

/**
 * Waits until the app has taken over the page (issue 31): a public page arrives prerendered, readable before
 * its scripts have run, and a click before React hydrates it does nothing. React marks each element it
 * owns with a `__reactFiber$…` property; the page's main heading is in the screen's own chunk, the last
 * part hydrated.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const heading = document.querySelector('#root h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber$'));
  });
}
