import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeTestServer, startStripeTestServer } from '../test/stripe-test-server.js';
import { lastMailTo, signUpLinkToken, uniqueEmail } from '../test/test-app.js';
import { seriousA11yViolations } from './support/axe.js';
import { openBrowser, screenshot, screenshotDir } from './support/browser.js';
import { hydrated } from './support/pages.js';
import { startTestServer, type TestServer } from './support/server.js';

const stripeKey = 'sk_test_51E2eFullSecretKeyThatMustNeverShow9876';

let server: TestServer;
let stripeServer: StripeTestServer;
let stripeApp: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  stripeServer = await startStripeTestServer();
  stripeApp = await startTestServer({
    env: {
      STRIPE_TEST_SECRET_KEY: stripeKey,
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
      STRIPE_API_URL: stripeServer.url,
    },
  });
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await stripeApp?.close();
  await stripeServer?.close();
});

async function newPage(width = 1366): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
}

/** 390 px wide, once the dashboard's drawer has slid out of view (it animates when the width changes). */
async function toPhoneWidth(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  const drawer = page.getByRole('complementary', { name: 'Dashboard navigation' });
  await expect.poll(() => drawer.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(0);
}

/** Signs up through the API inside the page's context, so the browser holds the session cookie. */
async function signUp(page: Page, target: TestServer = server) {
  const { baseUrl } = target;
  const email = uniqueEmail('pricing-e2e');
  const res = await page.request.post(`${baseUrl}/api/auth/signup`, {
    data: {
      firstName: 'Paula',
      lastName: 'Payer',
      email,
      password: 'correct-horse-battery',
      businessName: 'Payer Bakery',
      plan: 'starter',
    },
  });
  expect(res.status()).toBe(201);
  // The account exists once the mailed link is confirmed, as its page does.
  const token = signUpLinkToken(await lastMailTo({ app: target.testApp.app }, email));
  const confirmed = await page.request.post(`${baseUrl}/api/auth/signup/confirm`, { data: { token } });
  expect(confirmed.status()).toBe(200);
}

describe('pricing and checkout in the browser', () => {
  it('local business: selector -> Calculate -> offline checkout (decline, then 4242) -> /success', async () => {
    const page = await newPage();
    await page.goto(`${server.baseUrl}/pricing-selector`);
    // Prerendered: a choice clicked before hydration is lost.
    await hydrated(page);
    const cont = page.getByRole('button', { name: 'Select a business type to continue' });
    expect(await cont.isDisabled()).toBe(true);
    await page.getByRole('radio', { name: /Local Business or Vendor/ }).click();
    await screenshot(page, 'pricing-selector');
    await page.getByRole('button', { name: 'Get Pricing for Local Business or Vendor' }).click();
    await page.waitForURL(`${server.baseUrl}/pricing/local-business`);

    await page.getByRole('button', { name: 'Calculate' }).click();
    await page.getByText('Please select business type and exposure level').first().waitFor();
    expect(await page.getByText('Missing Information').first().isVisible()).toBe(true);

    await page.getByRole('combobox', { name: 'Business type' }).click();
    await page.getByRole('option', { name: 'Bakery' }).click();
    await page.getByText('AI Recommended', { exact: true }).click();
    // More ZIP text than checkout takes: the checkout schema's message under the field, no price.
    await page.getByLabel('ZIP codes you serve').fill('9'.repeat(2001));
    await page.getByRole('button', { name: 'Calculate' }).click();
    await page.getByText('ZIP codes must be at most 2000 characters').waitFor();
    expect(await page.getByTestId('local-result').count()).toBe(0);
    await page.getByLabel('ZIP codes you serve').fill('90210, 10001');
    await page.getByLabel('Auto-Match CRM').click();
    await page.getByRole('button', { name: 'Calculate' }).click();
    const total = page.getByTestId('local-total');
    // 114 base + 59 Auto-Match CRM + 19 for 2 ZIP codes
    await expect.poll(() => total.textContent()).toBe('$192/mo');
    expect(await page.getByTestId('local-annual').textContent()).toBe('$2,074'); // 192 x 10.8 = 2073.6

    // The result is a snapshot: later input changes do not refresh it.
    await page.getByLabel('ZIP codes you serve').fill('1,2,3,4,5,6,7,8,9,10,11,12');
    expect(await total.textContent()).toBe('$192/mo');
    await screenshot(page, 'pricing-local-business');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'pricing-local-business-mobile');
    await page.setViewportSize({ width: 1366, height: 900 });

    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(/\/api\/checkout\/test\/cs_offline_/);
    const sessionId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.getByText('Offline test checkout').first().waitFor();
    expect(await page.getByTestId('due-today').textContent()).toBe('$192.00');
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay $192.00' }).click();
    await page.getByRole('alert').getByText('Your card was declined.').waitFor();
    await screenshot(page, 'pricing-test-checkout-declined');

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $192.00' }).click();
    await page.waitForURL((url) => url.pathname === '/success');
    expect(new URL(page.url()).searchParams.get('session_id')).toBe(sessionId);
    expect(await page.getByTestId('session-reference').textContent()).toBe(sessionId.slice(-8));
    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    // Spec 001: Access Dashboard (/superhub).
    expect(await page.getByRole('link', { name: 'Access Dashboard' }).getAttribute('href')).toBe('/superhub');
    await screenshot(page, 'pricing-success');
    await page.context().close();
  });

  it('REOSS totals follow the tier and the add-ons', async () => {
    const page = await newPage();
    await page.goto(`${server.baseUrl}/pricing/reoss`);
    await hydrated(page);
    const monthly = page.getByTestId('reoss-monthly');
    const annual = page.getByTestId('reoss-annual');
    await expect.poll(() => monthly.textContent()).toBe('$299');
    expect(await annual.textContent()).toBe('$3,229');
    await page.getByRole('radio', { name: 'Team' }).check({ force: true });
    await expect.poll(() => monthly.textContent()).toBe('$599');
    expect(await annual.textContent()).toBe('$6,469');
    await page.getByLabel('kvCORE Setup').click();
    await expect.poll(() => annual.textContent()).toBe('$6,819'); // setup added after the discount
    expect(await monthly.textContent()).toBe('$599');
    await page.getByLabel('Lead Bundle').click();
    await expect.poll(() => monthly.textContent()).toBe('$798');
    expect(await annual.textContent()).toBe('$8,968'); // 798 x 10.8 = 8618.4 -> 8618, + 350
    await screenshot(page, 'pricing-reoss');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'pricing-reoss-mobile');
    await page.context().close();
  });

  it('card pricing guide lists the provider products with comparison and charity figures', async () => {
    const page = await newPage();
    await page.goto(`${server.baseUrl}/pricing/cards`);
    await page.getByText('Professional Plan').waitFor();
    expect(await page.getByText('Most Popular').count()).toBe(1);
    for (const claim of [
      '10% below industry average',
      '30-day money-back guarantee',
      '99.9% uptime SLA',
      '24/7 support',
    ]) {
      expect(await page.getByText(claim, { exact: true }).isVisible()).toBe(true);
    }
    expect(await page.getByText('Save $16 (10% off)').isVisible()).toBe(true); // 149 vs 165
    await screenshot(page, 'pricing-cards');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'pricing-cards-mobile');
    await page.context().close();
  });

  it('dashboard pricing tab buys a package; the payments panel shows the revenue', async () => {
    const page = await newPage();
    await signUp(page);
    await page.goto(`${server.baseUrl}/dashboard?tab=pricing`);
    // The workspace's own plan (Starter, $49, on trial) is marked current; subscribing to it ends the trial.
    await page.locator('[data-plan="starter"]').getByTestId('current-plan-badge').waitFor();
    expect(await page.getByTestId('current-plan-badge').count()).toBe(1);
    expect(
      await page.getByRole('button', { name: 'End the trial and subscribe for $49/month' }).isDisabled(),
    ).toBe(false);
    await page.getByText('Select Professional').click();
    await screenshot(page, 'pricing-dashboard-tab');
    await page.getByRole('button', { name: 'Subscribe for $149/month' }).click();
    await page.waitForURL(/\/api\/checkout\/test\//);
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByRole('button', { name: 'Pay $149.00' }).click();
    await page.waitForURL((url) => url.pathname === '/success');

    // Paid: the package the workspace has is shown as current and never offered as a new subscription.
    await page.goto(`${server.baseUrl}/dashboard?tab=pricing`);
    const current = page.getByRole('button', { name: 'Current plan' });
    await current.waitFor();
    expect(await current.isDisabled()).toBe(true);
    expect(
      await page.locator('[data-plan="professional"]').getByTestId('current-plan-badge').isVisible(),
    ).toBe(true);
    expect(await page.getByRole('button', { name: /^Subscribe for/ }).count()).toBe(0);

    const site = await page.request.post(`${server.baseUrl}/api/websites`, {
      data: { name: 'Payer Bakery Shop', domain: 'shop.payer.example' },
      headers: { origin: server.baseUrl },
    });
    expect(site.status()).toBe(201);
    await page.goto(`${server.baseUrl}/dashboard?tab=payments`);
    await page.getByTestId('revenue-tiles').waitFor();
    await page.getByRole('button', { name: 'Add product' }).click();
    await page.getByLabel('Name').fill('Sourdough subscription');
    await page.getByLabel('Price (USD)').fill('24.50');
    await page.getByRole('dialog').getByRole('button', { name: 'Add product' }).click();
    await page.getByText('$24.50/month').waitFor();
    expect(await page.getByTestId('revenue-tiles').textContent()).toContain('$149.00');
    expect(await page.getByText('Offline test mode').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Test Connection' }).click();
    await page.getByTestId('connection-result').getByText('Offline test checkout is healthy').waitFor();
    await screenshot(page, 'payments-panel-offline');
    await page.context().close();
  });

  it('pricing tab: a trial is the current plan, says "Free trial" and its end, and offers to start paying', async () => {
    const page = await newPage(1440);
    const base = server.baseUrl;
    await signUp(page);
    const plan = await (await page.request.get(`${base}/api/billing/subscription`)).json();
    expect(plan.subscriptionStatus).toBe('trialing');
    // The end date as the page's date module writes it in English (e.g. "Dec 12, 2026").
    const end = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(plan.trialEndsAt));
    await page.goto(`${base}/dashboard?tab=pricing`);
    const starter = page.locator('[data-plan="starter"]');
    await starter.getByTestId('current-plan-badge').waitFor();
    expect(await starter.getByTestId('current-plan-note').textContent()).toBe(`Free trial until ${end}`);
    expect(await page.getByTestId('current-plan-note').count()).toBe(1);
    expect(await page.getByTestId('trial-status').textContent()).toBe(
      `Current plan · Free trial until ${end}`,
    );
    expect(await page.getByRole('button', { name: /^Subscribe for/ }).count()).toBe(0);
    const startPaying = page.getByRole('button', { name: 'End the trial and subscribe for $49/month' });
    expect(await startPaying.isEnabled()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'pricing-trial');

    // Another plan is offered as before; the trial's line stays on the card of the plan the workspace has.
    await page.getByText('Select Professional').click();
    await page.getByRole('button', { name: 'Subscribe for $149/month' }).waitFor();
    expect(await page.getByTestId('trial-status').count()).toBe(0);
    expect(await starter.getByTestId('current-plan-note').isVisible()).toBe(true);
    await page.getByText('Select Starter').click();
    await startPaying.waitFor();

    await toPhoneWidth(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'pricing-trial-390');

    // Arabic, right to left: the same marks, the date in Arabic.
    const arabic = await page.request.patch(`${base}/api/auth/user`, {
      data: { locale: 'ar' },
      headers: { origin: base },
    });
    expect(arabic.status()).toBe(200);
    await page.goto(`${base}/dashboard?tab=pricing`);
    await starter.getByTestId('current-plan-badge').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const arabicEnd = new Intl.DateTimeFormat('ar', { dateStyle: 'medium' }).format(
      new Date(plan.trialEndsAt),
    );
    expect(await starter.getByTestId('current-plan-note').textContent()).toContain(arabicEnd);
    expect(await page.getByTestId('trial-status').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'pricing-trial-ar-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('pricing tab: the current plan is current, a paid plan upgrades in place, each subscription on its own', async () => {
    const page = await newPage(1440);
    const base = server.baseUrl;
    await signUp(page);
    /** Buys through the API and pays the offline test checkout as its form does. */
    const buy = async (url: string, body: object) => {
      const res = await page.request.post(`${base}${url}`, { data: body, headers: { origin: base } });
      expect(res.status()).toBe(200);
      const answer = await res.json();
      const paid = await page.request.post(`${base}${answer.url ?? answer.checkout_url}`, {
        form: { cardNumber: '4242424242424242', email: '' },
        headers: { origin: base },
        maxRedirects: 0,
      });
      expect(paid.status()).toBe(303);
    };
    await buy('/api/billing/checkout', { planId: 'starter', addonIds: [], totalCents: 4900 });
    await buy('/api/reoss/checkout', {
      tier: 'pro',
      addons: [],
      pricing: {
        monthlyBase: 29900,
        annualBase: 322900,
        addons: 0,
        total: 29900,
        annualTotal: 322900,
        seats: 3,
      },
    });

    await page.goto(`${base}/dashboard?tab=pricing`);
    const cards = page.getByTestId('subscription');
    await cards.nth(1).waitFor();
    expect(await cards.count()).toBe(2);
    const platform = page.locator('[data-testid="subscription"][data-kind="platform"]');
    const reoss = page.locator('[data-testid="subscription"][data-kind="reoss"]');
    expect(await platform.getByRole('heading').textContent()).toBe('Starter');
    expect(await platform.getByTestId('subscription-price').textContent()).toBe('$49/month');
    expect(await platform.textContent()).toContain('2 seats');
    expect(await platform.getByTestId('subscription-renewal').textContent()).toMatch(
      /^Renews \w{3} \d{1,2}, \d{4}$/,
    );
    // The membership's 3 seats are its own: the plan keeps Starter's 2.
    expect(await reoss.getByRole('heading').textContent()).toBe('Pro');
    expect(await reoss.getByTestId('subscription-price').textContent()).toBe('$299/month');
    expect(await reoss.textContent()).toContain('3 seats');

    // The plan the workspace pays for is current: no subscribe button for it, nor for anything else.
    expect(await page.locator('[data-plan="starter"]').getByTestId('current-plan-badge').isVisible()).toBe(
      true,
    );
    expect(await page.getByRole('button', { name: 'Current plan' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: /^Subscribe for/ }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'pricing-subscriptions');

    await page.getByText('Select Professional').click();
    await page.getByRole('button', { name: 'Upgrade for $149/month' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Upgrade to Professional?').waitFor();
    expect(await dialog.textContent()).toContain('is prorated');
    await screenshot(page, 'pricing-upgrade-dialog');
    await dialog.getByRole('button', { name: 'Upgrade' }).click();
    await page.getByText('You are on Professional now.').first().waitFor();
    await expect.poll(() => platform.getByRole('heading').textContent()).toBe('Professional');
    expect(await platform.getByTestId('subscription-price').textContent()).toBe('$149/month');
    expect(await platform.textContent()).toContain('10 seats');
    expect(await reoss.textContent()).toContain('3 seats');
    expect(
      await page.locator('[data-plan="professional"]').getByTestId('current-plan-badge').isVisible(),
    ).toBe(true);
    await page.getByText('Select Starter').click();
    expect(await page.getByRole('button', { name: 'Downgrade for $49/month' }).isEnabled()).toBe(true);

    // Cancel the membership at its period's end, then keep it after all.
    await reoss.getByRole('button', { name: 'Cancel at period end' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel at period end' }).click();
    await reoss.getByRole('button', { name: 'Keep subscription' }).waitFor();
    expect(await reoss.textContent()).toContain('Ending');
    expect(await reoss.getByTestId('subscription-renewal').textContent()).toMatch(/^Ends .*, not renewed$/);
    expect(await platform.textContent()).not.toContain('Ending');
    await screenshot(page, 'pricing-subscriptions-cancelling');
    await toPhoneWidth(page);
    await screenshot(page, 'pricing-subscriptions-mobile');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await reoss.getByRole('button', { name: 'Keep subscription' }).click();
    await reoss.getByRole('button', { name: 'Cancel at period end' }).waitFor();
    expect(await reoss.getByTestId('subscription-renewal').textContent()).toMatch(/^Renews /);

    // Settings lists the same two subscriptions, and the limits of the plan alone.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${base}/dashboard?tab=settings`);
    await page.getByTestId('limit-users').waitFor();
    expect(await page.getByTestId('limit-users').textContent()).toBe('10 users');
    expect(await page.getByTestId('subscription').count()).toBe(2);
    const billing = page.locator('#settings-billing');
    await billing.screenshot({ path: path.join(screenshotDir, 'billing-settings.png') });
    await toPhoneWidth(page);
    await billing.screenshot({ path: path.join(screenshotDir, 'billing-settings-mobile.png') });
    await page.context().close();
  });

  it('payments panel with Stripe never shows a full key and really tests the connection', async () => {
    const page = await newPage();
    await signUp(page, stripeApp);
    await page.goto(`${stripeApp.baseUrl}/dashboard?tab=payments`);
    await page.getByText('Stripe Payment Management').waitFor();
    await page.getByTestId('revenue-empty').waitFor();
    await page.getByRole('button', { name: 'Show Test Secret Key' }).click();
    expect(await page.getByTestId('key-test-secret-key').inputValue()).toBe('sk_test_••••••••9876');
    expect(await page.getByText('API Connection Active').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Test Connection' }).click();
    await page
      .getByTestId('connection-result')
      .getByText(/Connected to Stripe/)
      .waitFor();
    expect(await page.content()).not.toContain(stripeKey);
    await screenshot(page, 'payments-panel-stripe');
    await page.context().close();
  });
});
