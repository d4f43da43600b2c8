import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { dashboardTabIds } from '../src/client/features/dashboard/dashboard-tabs.js';
import { addMember, signUpOwner, uniqueEmail } from '../test/test-app.js';
import { screenshot } from './support/browser.js';
import { hydrated } from './support/pages.js';
import { type E2eEnvironment, openSignUpLink, withServerAndBrowser } from './support/session.js';

// Issue 8 items 18-27: what a new user tripped over in the UI.
const env: E2eEnvironment = withServerAndBrowser();
// Walking every screen at two widths is long on a shared, loaded machine; nothing here is timed.
vi.setConfig({ testTimeout: 900_000 });
const poll = { timeout: 90_000 };
const password = 'correct-horse-battery';
const desktop = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };

async function newContext(
  viewport = desktop,
  options: { scheduler?: 'answer' | 'hang'; geolocation?: { latitude: number; longitude: number } } = {},
): Promise<BrowserContext> {
  const context = await env.browser.newContext({
    viewport,
    geolocation: options.geolocation,
    permissions: options.geolocation ? ['geolocation'] : [],
  });
  // Generous waits: the shared test machine can take tens of seconds to render a page under load.
  context.setDefaultTimeout(90_000);
  // The scheduling widget is a third-party page: answer it locally, or never, so tests stay on this machine.
  await context.route('https://calendly.com/**', (route) =>
    options.scheduler === 'hang'
      ? undefined
      : route.fulfill({
          contentType: 'text/html',
          body: '<html><body><h1>Booking widget</h1></body></html>',
        }),
  );
  return context;
}

/** Signs in through the real /login page. */
async function signInInBrowser(page: Page, email: string, nextPath = '') {
  await page.goto(`${env.server.baseUrl}/login${nextPath ? `?next=${encodeURIComponent(nextPath)}` : ''}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signedInOwnerPage(viewport = desktop, options: Parameters<typeof newContext>[1] = {}) {
  const owner = await signUpOwner(env.server.testApp.app, { firstName: 'Nell', lastName: 'Newuser' });
  const page = await (await newContext(viewport, options)).newPage();
  await signInInBrowser(page, owner.email);
  await page.waitForURL(`${env.server.baseUrl}/dashboard`);
  return { page, owner };
}

/** A write through the signed-in page's own session (same-origin, as the browser would send it). */
async function post(page: Page, path: string, data: unknown) {
  const res = await page.request.post(`${env.server.baseUrl}${path}`, {
    headers: { origin: env.server.baseUrl },
    data,
  });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

/** Waits until nothing on the page is a loading placeholder (skeletons, spinners) any more. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.animate-pulse, .animate-spin'), undefined, {
    timeout: 60_000,
  });
}

/** The lucide icon a brand mark draws (its size may differ by place; the icon may not). */
function iconName(mark: Locator): Promise<string> {
  return mark
    .locator('svg')
    .evaluate((svg) => [...svg.classList].filter((c) => c.startsWith('lucide-')).join(' '));
}

/** How much wider than the viewport the page is (0 when nothing overflows sideways). */
function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

const publicScreens = [
  ['landing', '/'],
  ['pricing', '/pricing'],
  ['pricing-selector', '/pricing-selector'],
  ['local-business', '/pricing/local-business'],
  ['reoss', '/pricing/reoss'],
  ['pricing-cards', '/pricing/cards'],
  ['success', '/success?session_id=cs_test_abcdefgh12345678'],
  ['scheduler', '/scheduler'],
  ['login', '/login'],
  ['not-found', '/no-such-page'],
] as const;

describe('every screen at 1440 and 390 px (screenshots in test-output/screenshots/ux-*)', () => {
  it('signed out: no sideways overflow and no console error, not even a logged 401', async () => {
    for (const viewport of [desktop, phone]) {
      const context = await newContext(viewport);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
      for (const [name, path] of publicScreens) {
        await page.goto(`${env.server.baseUrl}${path}`);
        await page.locator('main:visible, h1:visible').first().waitFor();
        // The scheduler's widget has its own loading state; everything else must settle.
        if (name !== 'scheduler') await settled(page);
        await screenshot(page, `ux-${name}-${viewport.width}`);
        expect(await horizontalOverflow(page), `${name} at ${viewport.width}`).toBeLessThanOrEqual(0);
      }
      // An unknown path answers 404 (not a soft 200), which the browser logs for that document; nothing else may.
      const notFound = `${env.server.baseUrl}/no-such-page: Failed to load resource: the server responded with a status of 404 (Not Found)`;
      expect(errors.filter((e) => e !== notFound)).toEqual([]);
      await context.close();
    }
  });

  for (const viewport of [desktop, phone]) {
    it(`signed in at ${viewport.width} px: the dashboard, each tab, /contacts and /techstack`, async () => {
      const { page } = await signedInOwnerPage(viewport);
      // Content that makes tables and cards wide: a website and a contact with long values.
      await post(page, '/api/websites', { name: 'Speaker & Coaching Site', domain: 'coaching.example.test' });
      await post(page, '/api/contacts', {
        firstName: 'Bartholomew',
        lastName: 'Featherstonehaugh',
        email: 'bartholomew.featherstonehaugh@example.test',
        source: 'Speaker & Coaching Site',
      });
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
      const screens = [
        ...dashboardTabIds.map((tab) => [
          `dashboard-${tab}`,
          tab === 'dashboard' ? '/dashboard' : `/dashboard?tab=${tab}`,
        ]),
        ['contacts', '/contacts'],
        ['techstack', '/techstack'],
      ];
      for (const [name, path] of screens) {
        await page.goto(`${env.server.baseUrl}${path}`);
        await page.locator('h1').first().waitFor();
        await settled(page);
        await screenshot(page, `ux-${name}-${viewport.width}`);
        expect(await horizontalOverflow(page), `${name} at ${viewport.width}`).toBeLessThanOrEqual(0);
      }
      expect(pageErrors).toEqual([]);
      await page.context().close();
    });
  }
});

describe('no dead ends', () => {
  it('no link on the landing or success page leads to a 404', async () => {
    const page = await (await newContext()).newPage();
    for (const path of ['/', '/success?session_id=cs_test_12345678']) {
      await page.goto(`${env.server.baseUrl}${path}`);
      await page.locator('h1').first().waitFor();
      const hrefs = await page
        .locator('a[href^="/"]')
        .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href') ?? ''))]);
      expect(hrefs.length).toBeGreaterThan(1);
      for (const href of hrefs) {
        const target = await (await newContext()).newPage();
        const response = await target.goto(`${env.server.baseUrl}${href}`);
        expect(response?.status(), href).toBeLessThan(400);
        await target.locator('main:visible, h1:visible').first().waitFor();
        expect(await target.getByText('Page Not Found').count(), `${path} -> ${href}`).toBe(0);
        await target.context().close();
      }
    }
    await page.goto(`${env.server.baseUrl}/`);
    expect(await page.getByRole('link', { name: /See Live Demo/ }).getAttribute('href')).toBe(
      '/ecosystem-demo',
    );
    // 'Launch Campaigns' leads a visitor to sign in first: /marketing is a signed-in screen.
    expect(await page.getByRole('link', { name: 'Launch Campaigns' }).getAttribute('href')).toBe('/login');
    await page.goto(`${env.server.baseUrl}/success?session_id=cs_test_12345678`);
    // Spec 001: Access Dashboard (/superhub).
    expect(await page.getByRole('link', { name: 'Access Dashboard' }).getAttribute('href')).toBe('/superhub');
    await page.context().close();
  });

  it('every quick action has its screen now: none is disabled or "coming later", and the informational ones inform', async () => {
    const { page } = await signedInOwnerPage();
    // Generate Content opens the content form (e2e/content.e2e.ts); Backup Now runs a real backup
    // (e2e/backups.e2e.ts).
    for (const name of ['Generate Content', 'Payments Integration', 'CRM System', 'Backup Now'])
      expect(await page.getByRole('button', { name }).isDisabled(), name).toBe(false);
    expect(await page.locator('[data-coming-later]').count()).toBe(0);
    await page.getByRole('button', { name: 'CRM System' }).click();
    await page.getByText('Contacts, companies and imports are managed in the CRM tab.').first().waitFor();
    await page.context().close();
  });
});

describe('sign-up and sign-in', () => {
  it('carries the plan and add-ons picked on /pricing into sign-up and the trial', async () => {
    const page = await (await newContext()).newPage();
    await page.goto(`${env.server.baseUrl}/pricing`);
    await hydrated(page);
    await page.locator('[data-plan="starter"]').click();
    expect(await page.getByRole('radio', { name: 'Starter' }).isChecked()).toBe(true);
    await page.getByRole('tab', { name: 'Add-On Apps' }).click();
    await page.getByRole('switch', { name: 'Add Lead Engine' }).click();
    await page.getByRole('link', { name: 'Start Free 14-Day Trial' }).click();
    await page.waitForURL(`${env.server.baseUrl}/login?plan=starter&addons=lead-engine`);
    expect(await page.getByRole('tab', { name: 'Create account' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await page.getByRole('combobox', { name: 'Plan' }).textContent()).toContain('Starter');
    expect(await page.getByRole('checkbox', { name: 'Lead Engine' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(await page.getByRole('checkbox', { name: 'Training Hub' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    await page.getByLabel('First name').fill('Paco');
    await page.getByLabel('Last name').fill('Package');
    const email = uniqueEmail('e2e-package');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Business name').fill('Package Bakery');
    await page.getByRole('button', { name: 'Start free trial' }).click();
    await openSignUpLink(env.server, page, email);
    await page.goto(`${env.server.baseUrl}/dashboard?tab=settings`);
    // $49 Starter + $199 Lead Engine, one platform subscription.
    const platform = page.locator('[data-testid="subscription"][data-kind="platform"]');
    expect(await platform.getByTestId('subscription-price').textContent()).toBe('$248/month');
    expect(await platform.textContent()).toContain('Lead Engine · $199/month');
    await page.context().close();
  });

  it('answers a sign-up with a registered email by saying it sent an email, signing nobody in', async () => {
    const owner = await signUpOwner(env.server.testApp.app);
    const page = await (await newContext()).newPage();
    await page.goto(`${env.server.baseUrl}/login`);
    await page.getByRole('tab', { name: 'Create account' }).click();
    await page.getByLabel('First name').fill('Ivy');
    await page.getByLabel('Last name').fill('Intruder');
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Business name').fill('Intruder Co');
    await page.getByRole('button', { name: 'Start free trial' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'We sent an email to' });
    await notice.waitFor();
    expect(await notice.textContent()).toBe(
      `Check your emailWe sent an email to ${owner.email}. Open the link in it within 24 hours to finish creating your account. If you already have an account, sign in instead.`,
    );
    expect(new URL(page.url()).pathname).toBe('/login');
    const session = await page.request.get(`${env.server.baseUrl}/api/auth/session`);
    expect((await session.json()).user).toBeNull();
    await page.context().close();
  });

  it('says "$149/month" and lists no add-on when there are none', async () => {
    const { page } = await signedInOwnerPage();
    await page.goto(`${env.server.baseUrl}/dashboard?tab=settings`);
    const platform = page.locator('[data-testid="subscription"][data-kind="platform"]');
    expect(await platform.getByTestId('subscription-price').textContent()).toBe('$149/month');
    expect(await platform.getByRole('listitem').count()).toBe(2); // seats and the trial's end
    await page.context().close();
  });

  it('signing in with ?next= goes straight there, without another trip through /api/login', async () => {
    const owner = await signUpOwner(env.server.testApp.app);
    const page = await (await newContext()).newPage();
    await page.goto(`${env.server.baseUrl}/contacts`);
    await page.waitForURL(`${env.server.baseUrl}/login?next=%2Fcontacts`);
    // Every page the browser opens or moves to after signing in (client-side moves included).
    const afterSignIn: string[] = [];
    page.on('request', (request) => afterSignIn.push(new URL(request.url()).pathname));
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) afterSignIn.push(new URL(frame.url()).pathname);
    });
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Contacts' }).waitFor();
    await page.getByRole('button', { name: 'Add Contact' }).waitFor();
    expect(page.url()).toBe(`${env.server.baseUrl}/contacts`);
    expect(afterSignIn.filter((path) => path === '/api/login' || path === '/login')).toEqual([]);
    await page.context().close();
  });
});

describe('dashboard of a new workspace', () => {
  it("starts the iPhone Sync tab with the workspace's test token: the three Test buttons work at once", async () => {
    const { page } = await signedInOwnerPage();
    await page.goto(`${env.server.baseUrl}/dashboard?tab=iphone-sync`);
    const field = page.getByLabel('Auth token');
    await expect.poll(() => field.inputValue(), poll).toMatch(/^hubsync_/);
    const hint = page.getByTestId('token-hint');
    await hint.getByText('For testing', { exact: true }).waitFor();
    await hint.getByText('Pre-filled with this workspace’s test token (for testing only).').waitFor();
    const records = page.getByTestId('sync-records');
    for (const [button, line] of [
      ['Test Contacts Sync', 'Contacts · 2 items'],
      ['Test Calls Sync', 'Calls · 2 items'],
      ['Test Messages Sync', 'Messages · 2 items'],
    ]) {
      const test = page.getByRole('button', { name: button });
      expect(await test.isEnabled(), button).toBe(true);
      await test.click();
      await records.getByText(line).waitFor();
    }
    await expect.poll(() => records.getByText('Processed', { exact: true }).count(), poll).toBe(3);
    expect(await records.getByText('Test sync', { exact: true }).count()).toBe(3);
    await page.getByText('Sync Successful', { exact: true }).first().waitFor();
    await screenshot(page, 'iphone-sync-test-token');
    await page.context().close();
  });

  it('keeps the iPhone Sync token field empty once the user clears it', async () => {
    const { page } = await signedInOwnerPage();
    await page.goto(`${env.server.baseUrl}/dashboard?tab=iphone-sync`);
    const field = page.getByLabel('Auth token');
    await expect.poll(() => field.inputValue(), poll).toMatch(/^hubsync_/);
    await page.getByText('Pre-filled with this workspace’s test token (for testing only).').waitFor();
    await field.fill('');
    await page.getByText('Create a token under Settings → Sync tokens and paste it here.').waitFor();
    expect(await field.inputValue()).toBe('');
    await page.context().close();
  });

  it('a selected website filters the figures and the CRM, survives a reload and clears on a second click', async () => {
    const { page } = await signedInOwnerPage();
    const coach = await post(page, '/api/websites', { name: 'Coach Site', domain: 'coach.example.test' });
    await post(page, '/api/websites', { name: 'Housing Site', domain: 'housing.example.test' });
    for (const [firstName, source] of [
      ['Cora', 'Coach Site'],
      ['Cole', 'Coach Site'],
      ['Hugo', 'Housing Site'],
    ])
      await post(page, '/api/contacts', {
        firstName,
        lastName: 'Test',
        email: uniqueEmail(firstName),
        source,
      });
    await page.reload();
    const sidebar = page.getByRole('complementary', { name: 'Dashboard navigation' });
    const subscribers = page.getByTestId('stat-Subscribers');
    await expect.poll(() => subscribers.textContent(), poll).toContain('3');

    await sidebar.getByRole('button', { name: 'Coach Site' }).click();
    await page.waitForURL(`${env.server.baseUrl}/dashboard?site=${coach.id}`);
    await expect.poll(() => subscribers.textContent(), poll).toContain('2');
    await page.getByTestId('selected-site-note').getByText('Coach Site').waitFor();
    expect(await page.getByTestId('stat-Total Revenue').textContent()).toContain(
      'Payments are not recorded per website',
    );

    await page.reload();
    await expect
      .poll(() => sidebar.getByRole('button', { name: 'Coach Site' }).getAttribute('aria-pressed'), poll)
      .toBe('true');
    await expect.poll(() => subscribers.textContent(), poll).toContain('2');

    await sidebar.getByRole('link', { name: 'CRM' }).click();
    await page.waitForURL(`${env.server.baseUrl}/dashboard?tab=crm&site=${coach.id}`);
    await expect.poll(() => page.getByLabel('Filter by source').textContent(), poll).toBe('Coach Site');
    const table = page.getByRole('table');
    await table.getByText('Cora Test', { exact: true }).waitFor();
    await table.getByText('Cole Test', { exact: true }).waitFor();
    expect(await table.getByText('Hugo Test', { exact: true }).count()).toBe(0);

    // Spec 000 §2.3: clicking the active site again deselects it.
    await sidebar.getByRole('button', { name: 'Coach Site' }).click();
    await page.waitForURL(`${env.server.baseUrl}/dashboard?tab=crm`);
    await expect.poll(() => page.getByLabel('Filter by source').textContent(), poll).toBe('All Sources');
    await table.getByText('Hugo Test', { exact: true }).waitFor();
    await page.context().close();
  });

  it('a selected website filters every tab with per-site data: CRM figures and board, content, products', async () => {
    const { page, owner } = await signedInOwnerPage();
    const coach = await post(page, '/api/websites', { name: 'Coach Site', domain: 'coach.example.test' });
    const housing = await post(page, '/api/websites', {
      name: 'Housing Site',
      domain: 'housing.example.test',
    });
    for (const [site, name, topic, product] of [
      [coach, 'Cora', 'Keynote tips', 'Keynote Booking'],
      [housing, 'Hugo', 'Housing grants', 'Advocate Course'],
    ] as const) {
      const contact = await post(page, '/api/contacts', {
        firstName: name,
        lastName: 'Test',
        email: uniqueEmail(name),
        source: site.name,
      });
      await post(page, '/api/deals', {
        name: `${name}'s deal`,
        contactId: contact.id,
        websiteId: site.id,
        valueCents: 250_000,
        stage: 'proposal',
      });
      await post(page, '/api/generate-content', {
        topic,
        type: 'blog',
        websiteId: site.id,
        seoOptimize: false,
      });
      await post(page, '/api/products', {
        websiteId: site.id,
        name: product,
        priceCents: 9900,
        billing: 'monthly',
      });
    }
    const sidebar = page.getByRole('complementary', { name: 'Dashboard navigation' });
    const note = page.getByTestId('selected-site-note');
    const board = page.getByTestId('deal-board');
    const totalContacts = page.getByTestId('crm-stat-Total Contacts');
    const proposals = page.getByTestId('pipeline-proposal');

    // All websites first: both sites' figures and rows.
    await page.goto(`${env.server.baseUrl}/dashboard?tab=crm`);
    await expect.poll(() => totalContacts.textContent(), poll).toContain('2');
    await expect.poll(() => proposals.textContent(), poll).toContain('2');
    await board.getByText("Hugo's deal").waitFor();

    await sidebar.getByRole('button', { name: 'Coach Site' }).click();
    await page.waitForURL(`${env.server.baseUrl}/dashboard?tab=crm&site=${coach.id}`);
    await note.getByText('Coach Site').waitFor();
    await expect.poll(() => totalContacts.textContent(), poll).toContain('1');
    await expect.poll(() => proposals.textContent(), poll).toContain('1');
    await board.getByText("Cora's deal").waitFor();
    await expect.poll(() => board.getByText("Hugo's deal").count(), poll).toBe(0);
    await expect.poll(() => board.getByLabel('Filter by website').textContent(), poll).toBe('Coach Site');
    await settled(page);
    await screenshot(page, 'site-filter-crm-1440');

    await sidebar.getByRole('link', { name: 'Content & SEO' }).click();
    await page.waitForURL(`${env.server.baseUrl}/dashboard?tab=content&site=${coach.id}`);
    const calendar = page.getByTestId('content-calendar');
    await calendar.getByText(/Keynote Tips/).waitFor();
    expect(await calendar.getByText(/Housing Grants/).count()).toBe(0);
    await note.getByText('Coach Site').waitFor();
    const seo = page.getByTestId('seo-performance');
    await seo.getByText('Coach Site', { exact: true }).waitFor();
    expect(await seo.getByText('Housing Site', { exact: true }).count()).toBe(0);
    await settled(page);
    await screenshot(page, 'site-filter-content-1440');

    await sidebar.getByRole('link', { name: 'Payments' }).click();
    await page.waitForURL(`${env.server.baseUrl}/dashboard?tab=payments&site=${coach.id}`);
    const products = page.getByRole('region', { name: 'Coach Site products' });
    await products.getByText('Keynote Booking').waitFor();
    expect(await page.getByText('Advocate Course').count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Housing Site products' }).count()).toBe(0);
    await note.getByText('Coach Site').waitFor();
    await settled(page);
    await screenshot(page, 'site-filter-payments-1440');

    // Another site switches every figure over; a second click shows every website again.
    await sidebar.getByRole('button', { name: 'Housing Site' }).click();
    await page.waitForURL(`${env.server.baseUrl}/dashboard?tab=payments&site=${housing.id}`);
    await page.getByText('Advocate Course').waitFor();
    expect(await page.getByText('Keynote Booking').count()).toBe(0);
    await sidebar.getByRole('button', { name: 'Housing Site' }).click();
    await page.waitForURL(`${env.server.baseUrl}/dashboard?tab=payments`);
    await page.getByText('Keynote Booking').waitFor();
    expect(await note.count()).toBe(0);

    // The operations screen with per-site data (link fixes) keeps the selection and narrows to it; choosing
    // another website stays there; screens without per-site data (Central Monitoring) say nothing of it.
    await sidebar.getByRole('button', { name: 'Coach Site' }).click();
    await page.waitForURL(`${env.server.baseUrl}/dashboard?tab=payments&site=${coach.id}`);
    await sidebar.getByRole('link', { name: 'Link Fixes' }).click();
    await page.waitForURL(`${env.server.baseUrl}/deployment?site=${coach.id}`);
    await note.getByText('Coach Site').waitFor();
    await page.getByRole('tab', { name: 'Deployment', exact: true }).click();
    await page.getByTestId('domain-coach.example.test').waitFor();
    expect(await page.getByTestId('domain-housing.example.test').count()).toBe(0);
    await settled(page);
    await screenshot(page, 'site-filter-link-fixes-1440');
    await sidebar.getByRole('button', { name: 'Housing Site' }).click();
    await page.waitForURL(`${env.server.baseUrl}/deployment?site=${housing.id}`);
    await page.getByRole('tab', { name: 'Deployment', exact: true }).click();
    await page.getByTestId('domain-housing.example.test').waitFor();
    expect(await page.getByTestId('domain-coach.example.test').count()).toBe(0);
    await note.getByText('Housing Site').waitFor();
    await sidebar.getByRole('link', { name: 'Central Monitoring' }).click();
    await page.waitForURL(`${env.server.baseUrl}/superhub`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await note.count()).toBe(0);

    // The same filtered tabs on a phone.
    const phonePage = await (await newContext(phone)).newPage();
    await signInInBrowser(phonePage, owner.email);
    await phonePage.waitForURL(`${env.server.baseUrl}/dashboard`);
    for (const tab of ['crm', 'content', 'payments', 'analytics']) {
      await phonePage.goto(`${env.server.baseUrl}/dashboard?tab=${tab}&site=${coach.id}`);
      await phonePage.getByTestId('selected-site-note').getByText('Coach Site').waitFor();
      await settled(phonePage);
      expect(
        await phonePage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        tab,
      ).toBe(true);
      await screenshot(phonePage, `site-filter-${tab}-390`);
    }
    await phonePage.context().close();
    await page.context().close();
  });

  it("'Add a website' on a new dashboard opens the add dialog", async () => {
    const { page } = await signedInOwnerPage();
    await page.getByRole('button', { name: 'Add a website' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Add website' }).waitFor();
    await page.waitForURL(`${env.server.baseUrl}/dashboard?tab=settings`);
    await dialog.getByLabel('Name').fill('Coach Site');
    await dialog.getByLabel('Domain').fill('coach.example.test');
    await dialog
      .getByRole('button', { name: /Add|Save/ })
      .last()
      .click();
    await page.getByRole('cell', { name: 'coach.example.test' }).waitFor();
    await page.context().close();
  });

  it('labels a viewer by their role and an owner Administrator', async () => {
    const owner = await signUpOwner(env.server.testApp.app);
    const viewer = await addMember(env.server.testApp.app, owner, 'viewer');
    const page = await (await newContext()).newPage();
    await signInInBrowser(page, viewer.email);
    await page.waitForURL(`${env.server.baseUrl}/dashboard`);
    expect(await page.getByTestId('sidebar-user-role').textContent()).toBe('Viewer');
    await page.context().close();
    const { page: ownerPage } = await signedInOwnerPage();
    expect(await ownerPage.getByTestId('sidebar-user-role').textContent()).toBe('Administrator');
    await ownerPage.context().close();
  });

  it("says 'just now' for what happened this minute", async () => {
    const { page } = await signedInOwnerPage();
    await page.getByText('just now').first().waitFor();
    expect(await page.getByText('0 minutes ago').count()).toBe(0);
    await page.context().close();
  });
});

describe("Enterprise's call to action is 'Contact Sales'", () => {
  async function expectContactSales(page: Page) {
    const card = page.locator('[data-plan="enterprise"]');
    expect(await card.getByText('Contact Sales').count()).toBe(1);
    expect(await page.getByText('Select Enterprise').count()).toBe(0);
    await card.click();
    expect(await page.getByRole('radio', { name: 'Enterprise' }).isChecked()).toBe(true);
    const link = page.getByRole('complementary', { name: 'Your custom package' }).getByRole('link', {
      name: 'Contact Sales',
    });
    expect(await link.getAttribute('href')).toMatch(/^mailto:.*\?subject=Enterprise%20Plan%20Inquiry$/);
    expect(await page.getByRole('button', { name: /Subscribe for/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /Start Free/ }).count()).toBe(0);
  }

  it('on /pricing and on the dashboard Pricing tab', async () => {
    const page = await (await newContext()).newPage();
    await page.goto(`${env.server.baseUrl}/pricing`);
    await hydrated(page);
    await expectContactSales(page);
    await page.context().close();

    const { page: owner } = await signedInOwnerPage();
    await owner.goto(`${env.server.baseUrl}/dashboard?tab=pricing`);
    await owner.getByRole('tab', { name: 'Base Plans' }).waitFor();
    await expectContactSales(owner);
    await owner.context().close();
  });
});

describe('wording and visual details', () => {
  it('the card-pricing banner and every card state the same percentage below the industry', async () => {
    const page = await (await newContext()).newPage();
    await page.goto(`${env.server.baseUrl}/pricing/cards`);
    await page.getByText('10% below industry average').waitFor();
    await page
      .getByText(/% off\)/)
      .first()
      .waitFor();
    const offers = await page.getByText(/% off\)/).allTextContents();
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) expect(offer).toContain('(10% off)');
    await page.context().close();
  });

  it("keeps 'Most Popular' on one line above the Professional title from 1024 to 1440 px", async () => {
    const page = await (await newContext()).newPage();
    for (const path of ['/', '/pricing']) {
      for (const width of [1024, 1280, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${env.server.baseUrl}${path}`);
        const card = page.locator('[data-plan="professional"]').first();
        const badge = card.getByText('Most Popular');
        const title = card.getByRole('heading', { name: 'Professional' });
        const badgeBox = await badge.boundingBox();
        const titleBox = await title.boundingBox();
        if (!badgeBox || !titleBox) throw new Error('badge or title not shown');
        const lineHeight = await badge.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
        expect(badgeBox.height, `${path} ${width}`).toBeLessThan(lineHeight * 2);
        expect(badgeBox.y + badgeBox.height, `${path} ${width}`).toBeLessThanOrEqual(titleBox.y);
      }
    }
    await page.context().close();
  });

  it('uses one logo on public pages, sign-in and the dashboard', async () => {
    const { page } = await signedInOwnerPage();
    const marks = new Set<string>();
    for (const path of ['/dashboard', '/techstack', '/pricing']) {
      await page.goto(`${env.server.baseUrl}${path}`);
      const mark = page.getByTestId('brand-mark').first();
      await mark.waitFor();
      marks.add(await iconName(mark));
    }
    const visitor = await (await newContext()).newPage();
    for (const path of ['/', '/login', '/scheduler']) {
      await visitor.goto(`${env.server.baseUrl}${path}`);
      const mark = visitor.getByTestId('brand-mark').first();
      await mark.waitFor();
      marks.add(await iconName(mark));
    }
    expect(marks.size).toBe(1);
    await page.context().close();
    await visitor.context().close();
  });

  it('expands a catalogue card where it stands', async () => {
    const { page } = await signedInOwnerPage();
    await page.goto(`${env.server.baseUrl}/techstack`);
    const card = page.locator('li[data-app]').nth(4);
    await card.waitFor();
    // Where the card sits on the page (not in the viewport: clicking may scroll).
    const position = () =>
      card.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return { x: box.x + window.scrollX, y: box.y + window.scrollY };
      });
    const before = await position();
    await card.locator('button[aria-expanded]').click();
    await expect.poll(() => card.getAttribute('data-expanded'), poll).toBe('true');
    expect(await position()).toEqual(before);
    await screenshot(page, 'ux-techstack-expanded-1440');
    await page.context().close();
  });

  it('shows loading, then a fallback with the booking link when the scheduling widget does not load', async () => {
    const page = await (await newContext(desktop, { scheduler: 'hang' })).newPage();
    await page.goto(`${env.server.baseUrl}/scheduler`);
    await page.getByRole('status').getByText('Loading the booking calendar...').waitFor();
    const fallback = page
      .getByRole('alert')
      .filter({ hasText: 'The booking calendar could not be loaded here.' });
    await fallback.waitFor({ timeout: 30_000 });
    expect(await fallback.getByRole('link', { name: /Open the booking page/ }).getAttribute('href')).toBe(
      'https://calendly.com/your-scheduling-link/30min',
    );
    await screenshot(page, 'ux-scheduler-fallback-1440');
    await page.context().close();
  });

  it('draws the "1 mi" ring label above a contact dot on the geofence map', async () => {
    const here = { latitude: 30.2711, longitude: -97.7437 };
    const { page } = await signedInOwnerPage(desktop, { geolocation: here });
    // A contact right where the 1-mile label sits: about 1.1 mi east and 0.95 mi south.
    await post(page, '/api/contacts', {
      firstName: 'Dot',
      lastName: 'Under',
      email: uniqueEmail('dot'),
      contactType: 'buyer',
      latitude: here.latitude - 0.95 / 69.09,
      longitude: here.longitude + 1.1 / (69.09 * Math.cos((here.latitude * Math.PI) / 180)),
    });
    await page.goto(`${env.server.baseUrl}/dashboard?tab=crm`);
    const card = page.getByTestId('geofence-card');
    await card.getByRole('button', { name: 'Start Tracking' }).click();
    await card.getByTestId('nearby-map-contact').waitFor();
    const label = card.getByTestId('nearby-map-ring-label').filter({ hasText: '1 mi' });
    const isOnTop = await label.evaluate((text) => {
      const box = text.getBoundingClientRect();
      return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) === text;
    });
    expect(isOnTop).toBe(true);
    await page.context().close();
  });

  it('offers Sign In and the sections through a menu on a phone', async () => {
    const page = await (await newContext(phone)).newPage();
    await page.goto(`${env.server.baseUrl}/`);
    await hydrated(page);
    // The header's own Sign In is hidden on a phone (the footer's is not).
    expect(await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    for (const name of ['Features', 'Add-ons', 'Pricing', 'Sign In'])
      expect(await menu.getByRole('link', { name }).isVisible(), name).toBe(true);
    await screenshot(page, 'ux-landing-menu-390');
    await menu.getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL(`${env.server.baseUrl}/login`);
    await page.context().close();
  });
});
