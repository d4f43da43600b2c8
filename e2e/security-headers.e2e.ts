import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dashboardTabIds } from '../src/client/features/dashboard/dashboard-tabs.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

const env = withServerAndBrowser();

/** Collects every Content-Security-Policy violation the page reports, as event and as console message. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportCspViolation(t: string): void }).reportCspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI} on ${location.pathname}`,
      ),
    );
  });
  return violations;
}

const publicPaths = [
  '/',
  '/pricing',
  '/pricing-selector',
  '/pricing/local-business',
  '/pricing/reoss',
  '/pricing/cards',
  '/scheduler',
  '/login',
  '/techstack',
  '/api/docs',
];

describe('the Content-Security-Policy', () => {
  it('blocks nothing the app itself needs: public pages, Swagger UI, the test checkout, every dashboard tab', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1366, height: 900 } });
    await context.route('https://calendly.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<html><body><h1>Booking widget</h1></body></html>' }),
    );
    const page = await context.newPage();
    const violations = await watchViolations(page);
    for (const path of publicPaths) {
      await page.goto(`${env.server.baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
    }
    expect(await page.locator('.swagger-ui').count()).toBeGreaterThan(0); // Swagger UI rendered

    // The offline test checkout page, paid with its inline script running.
    const res = await page.request.post(`${env.server.baseUrl}/api/stripe/create-checkout-session`, {
      data: { priceId: 'price_plan_starter_monthly' },
      headers: { origin: env.server.baseUrl },
    });
    await page.goto(`${env.server.baseUrl}${(await res.json()).url}`);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL(/\/success/);
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
    await context.close();

    const dashboard = await signUpInBrowser(env, {
      firstName: 'Cyd',
      lastName: 'Policy',
      businessName: 'CSP Co',
    });
    const dashboardViolations = await watchViolations(dashboard);
    for (const tab of dashboardTabIds) {
      await dashboard.goto(`${env.server.baseUrl}/dashboard?tab=${tab}`);
      await dashboard.waitForLoadState('networkidle');
      await dashboard.getByText('Business Empire Hub').first().waitFor(); // the signed-in shell rendered
    }
    await dashboard.goto(`${env.server.baseUrl}/contacts`);
    await dashboard.waitForLoadState('networkidle');
    expect(dashboardViolations).toEqual([]);
  }, 120_000);
});
