import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, categoryFilterCounts } from '../src/domain/catalogue/applications.js';
import { placeholderSchedulerUrl } from '../src/server/config.js';
import { uniqueEmail } from '../test/test-app.js';
import { openBrowser, screenshot } from './support/browser.js';
import { hydrated } from './support/pages.js';
import { startTestServer, type TestServer } from './support/server.js';
import { openSignUpLink } from './support/session.js';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({ env: { SALES_EMAIL: 'sales@hub.example.test' } });
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function newPage(viewport = { width: 1366, height: 900 }, hasTouch = false): Promise<Page> {
  const context = await browser.newContext({ viewport, hasTouch });
  // The scheduler widget is a third-party page; answer it locally so tests never leave the machine.
  await context.route('https://calendly.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<html><body><h1>Booking widget</h1></body></html>' }),
  );
  return context.newPage();
}

async function href(page: Page, name: string | RegExp): Promise<string | null> {
  return page
    .getByRole('link', { name, exact: typeof name === 'string' })
    .first()
    .getAttribute('href');
}

async function signUp(page: Page, name = { first: 'Grace', last: 'Hopper' }) {
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('First name').fill(name.first);
  await page.getByLabel('Last name').fill(name.last);
  const email = uniqueEmail('public-site');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct-horse-battery');
  await page.getByLabel('Business name').fill('Hopper Labs');
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await openSignUpLink(server, page, email);
}

describe('landing page', () => {
  it('shows every section with the right targets', async () => {
    const page = await newPage();
    await page.goto(server.baseUrl);
    await hydrated(page);

    for (const text of [
      'Complete Data Isolation',
      'Progressive Pricing',
      'Cross-Selling Automation',
      'Enterprise Security',
      '10,000+',
      'No credit card required',
      'Cancel anytime',
      'Most Popular',
      'Training Hub',
      'Lead Engine',
      'Real Estate Toolkit',
      'Business Process Hub',
    ]) {
      expect(await page.getByText(text).first().isVisible(), text).toBe(true);
    }
    // Plans and add-on prices come from the pricing domain.
    for (const price of ['$49', '$149', '$399', '$89/mo', '$199/mo', '$129/mo', '$169/mo']) {
      expect(await page.getByText(price, { exact: true }).count(), price).toBeGreaterThan(0);
    }

    expect(await href(page, 'Get Started')).toBe('/pricing');
    expect(await href(page, /Start Free 14-Day Trial/)).toBe('/pricing');
    const demo = page.getByRole('link', { name: /See Live Demo/ });
    expect(await demo.getAttribute('href')).toBe('/ecosystem-demo');
    expect(await demo.getAttribute('target')).toBe('_blank');
    expect(await href(page, /Book Strategy Call/)).toBe('/scheduler');
    // The address arrives with the public settings, after the page.
    await expect
      .poll(() => href(page, 'Contact Sales'))
      .toBe('mailto:sales@hub.example.test?subject=Enterprise%20Plan%20Inquiry');
    const addToPlan = page.getByRole('link', { name: 'Add to Plan' });
    expect(await addToPlan.count()).toBe(4);
    for (const link of await addToPlan.all())
      expect(await link.getAttribute('href')).toMatch(/^\/api\/login\?addons=[a-z-]+$/);
    const trials = page.getByRole('link', { name: 'Start Free Trial' });
    expect(await trials.count()).toBe(2);
    expect(await Promise.all((await trials.all()).map((link) => link.getAttribute('href')))).toEqual([
      '/api/login?plan=starter',
      '/api/login?plan=professional',
    ]);

    const flipTargets = {
      'Manage Contacts': '/contacts',
      'Book Meetings': '/scheduler',
      'View Analytics': '/dashboard',
      'Manage Team': '/techstack',
      'Enable Translation': '/techstack',
    };
    for (const [name, target] of Object.entries(flipTargets))
      expect(await href(page, name), name).toBe(target);
    await screenshot(page, 'landing');
    await page.close();
  });

  it('turns a flip card over on hover and on keyboard focus', async () => {
    const page = await newPage();
    await page.goto(server.baseUrl);
    const link = page.getByRole('link', { name: 'Manage Contacts' });
    // Which element is on top at the link's position: the card's front until it turns over.
    const topAtLink = () =>
      link.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return Boolean(top && el.contains(top));
      });
    await link.scrollIntoViewIfNeeded();
    expect(await topAtLink()).toBe(false);
    await page.getByRole('button', { name: 'Contact Management: show details' }).hover();
    await expect.poll(topAtLink).toBe(true);
    await page.mouse.move(0, 0);
    await expect.poll(topAtLink).toBe(false);
    await page.getByRole('button', { name: 'Contact Management: show details' }).focus();
    await expect.poll(topAtLink).toBe(true);
    await page.close();
  });

  it('fits a phone screen without sideways scrolling, and a tap turns a flip card', async () => {
    const page = await newPage({ width: 390, height: 844 }, true);
    await page.goto(server.baseUrl);
    await hydrated(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const front = page.getByRole('button', { name: 'Marketing Automation: show details' });
    await front.scrollIntoViewIfNeeded();
    await front.tap();
    const card = page.locator('[data-flipped="true"]');
    await expect.poll(() => card.count()).toBe(1);
    await page.getByRole('button', { name: 'Marketing Automation: turn back' }).tap();
    await expect.poll(() => card.count()).toBe(0);
    await screenshot(page, 'landing-mobile');
    await page.close();
  });
});

describe('pricing page', () => {
  it('starts with Professional and adds toggled add-ons to the total', async () => {
    const page = await newPage();
    await page.goto(`${server.baseUrl}/pricing`);
    await hydrated(page);
    const total = page.getByTestId('package-total');
    await total.waitFor();
    expect(await page.getByRole('radio', { name: 'Professional' }).isChecked()).toBe(true);
    expect(await total.textContent()).toBe('$149');

    await page.locator('[data-plan="starter"]').click();
    expect(await total.textContent()).toBe('$49');
    await page.locator('[data-plan="professional"]').click();
    expect(await page.getByRole('radio', { name: 'Starter' }).isChecked()).toBe(false);

    await page.getByRole('tab', { name: 'Add-On Apps' }).click();
    await page.getByRole('switch', { name: 'Add Lead Engine' }).click();
    expect(await total.textContent()).toBe('$348');
    await page.getByRole('switch', { name: 'Add Training Hub' }).click();
    expect(await total.textContent()).toBe('$437');
    await page.getByRole('switch', { name: 'Add Lead Engine' }).click();
    expect(await total.textContent()).toBe('$238');
    await page.getByRole('switch', { name: 'Add Real Estate Toolkit' }).click();
    await page.getByRole('switch', { name: 'Add Business Process Hub' }).click();
    expect(await total.textContent()).toBe('$536');
    await screenshot(page, 'pricing');

    await page.getByRole('tab', { name: 'Base Plans' }).click();
    await page.locator('[data-plan="enterprise"]').click();
    expect(await total.textContent()).toBe('$786');
    await page.close();
  });
});

describe('landing -> pricing -> sign up', () => {
  it('takes a visitor from the landing page to a signed-in dashboard', async () => {
    const page = await newPage();
    await page.goto(server.baseUrl);
    await hydrated(page);
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL(`${server.baseUrl}/pricing`);
    await page.getByRole('link', { name: /Start Free 14-Day Trial/ }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await signUp(page);
    const sidebar = page.getByRole('complementary', { name: 'Dashboard navigation' });
    await expect.poll(() => sidebar.getByText('GH', { exact: true }).isVisible()).toBe(true);
    expect(await sidebar.getByText('Administrator', { exact: true }).isVisible()).toBe(true);
    await page.close();
  });
});

describe('technology catalogue (signed in)', () => {
  it('filters with counts, expands one card at a time, and shows measured analytics only', async () => {
    const page = await newPage();
    await page.goto(`${server.baseUrl}/login`);
    await signUp(page, { first: 'Ada', last: 'Lovelace' });
    await page.goto(`${server.baseUrl}/techstack`);
    const toolbar = page.getByRole('toolbar', { name: 'Filter by category' });
    await toolbar.waitFor();

    const expected = categoryFilterCounts(applications);
    expect(expected.find((f) => f.id === 'entertainment')?.count).toBe(2);
    for (const f of expected) {
      const button = toolbar.locator(`[data-filter="${f.id}"]`);
      expect(await button.textContent(), f.id).toBe(`${f.label}${f.count}`);
    }
    expect(await toolbar.locator('[data-filter="all"]').getAttribute('aria-pressed')).toBe('true');
    const cards = page.locator('li[data-app]');
    expect(await cards.count()).toBe(applications.length);

    await toolbar.locator('[data-filter="entertainment"]').click();
    expect(await cards.count()).toBe(2);
    await toolbar.locator('[data-filter="all"]').click();

    await cards.getByRole('button', { name: /^Brand Hub/ }).click();
    await page.getByText('Key features').waitFor();
    expect(await page.locator('li[data-expanded="true"]').count()).toBe(1);
    await cards.getByRole('button', { name: /^AI Assistant/ }).click();
    expect(await page.locator('li[data-expanded="true"]').getAttribute('data-app')).toBe('ai-assistant');
    expect(await page.locator('li[data-expanded="true"]').count()).toBe(1);
    const expanded = page.locator('li[data-expanded="true"]');
    expect(await expanded.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/pricing');
    await expanded.getByRole('button', { name: 'Learn More' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Lifetime licence').waitFor();
    await screenshot(page, 'techstack-details');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await screenshot(page, 'techstack');
    await cards.getByRole('button', { name: /^AI Assistant/ }).click();
    expect(await page.locator('li[data-expanded="true"]').count()).toBe(0);

    await page.getByRole('tab', { name: 'Bundles' }).click();
    await page.getByText('Save $146').waitFor();
    expect(await page.getByText('Save $343').isVisible()).toBe(true);
    expect(await page.getByText('Save $488').isVisible()).toBe(true);
    expect(await page.getByText('$1,497', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'techstack-bundles');

    await page.getByRole('tab', { name: 'Analytics' }).click();
    await expect.poll(() => page.locator('[data-kpi="Total Contacts"]').textContent()).toBe('0');
    expect(await page.locator('[data-kpi="Monthly Revenue"]').textContent()).toBe('$0');
    expect(await page.locator('[data-kpi="Cross-Sell Rate"]').textContent()).toBe('Not measured yet');
    expect(await page.locator('section li[data-app]').count()).toBe(5);
    await screenshot(page, 'techstack-analytics');
    await page.close();
  });
});

describe('scheduling page', () => {
  it('embeds the placeholder widget, says it is not configured, and opens the popup', async () => {
    const page = await newPage();
    await page.goto(`${server.baseUrl}/scheduler`);
    await hydrated(page);
    await page.getByText('Scheduling is not configured yet.').waitFor();
    expect(await href(page, /Back to Home/)).toBe('/');
    for (const text of ['30 minutes', 'Video call', '1-on-1']) {
      expect(await page.getByText(text, { exact: true }).first().isVisible(), text).toBe(true);
    }
    const widget = page.locator('iframe[title="Scheduling widget"]');
    expect(await widget.getAttribute('src')).toBe(placeholderSchedulerUrl);
    await page.frameLocator('iframe[title="Scheduling widget"]').getByText('Booking widget').waitFor();

    await screenshot(page, 'scheduler');
    await page.getByRole('button', { name: 'Open Scheduler' }).click();
    const popup = page.getByRole('dialog').locator('iframe');
    await popup.waitFor();
    expect(await popup.getAttribute('src')).toBe(placeholderSchedulerUrl);
    expect((await popup.boundingBox())?.height).toBe(700);
    await screenshot(page, 'scheduler-popup');
    await page.close();
  });
});
