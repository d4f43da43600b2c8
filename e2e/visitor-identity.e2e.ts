import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitorLinkNotice } from '../src/domain/forms/visitor-link-notice.js';
import { queueMessage } from '../src/server/features/marketing/index.js';
import { signLink } from '../src/server/features/marketing/outbox.js';
import { seriousA11yViolations } from './support/axe.js';
import { openBrowser } from './support/browser.js';
import { pageApi as api, viewportShot as shot } from './support/in-page.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

/** The server's clock, moved by hand past the forms' time-to-submit floor: nothing sleeps. */
let offsetMs = 0;
const env = withServerAndBrowser({ clock: () => new Date(Date.now() + offsetMs) });

const siteDomain = 'visit-shop.example';
const consentText = 'I agree to be contacted about my request.';
/** A browser's user agent (the ingest leaves out headless Chromium's, as a bot's). */
const chromeUa =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/147.0.0.0 Safari/537.36';

/** The workspace's website, served locally: every page carries the tracker, /contact the form too. */
let site: Server;
let sitePort = 0;
let trackingKey = '';
let formKey = '';
let visitorBrowser: Browser;

beforeAll(async () => {
  site = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const base = env.server.baseUrl;
    response.setHeader('content-type', 'text/html');
    response.end(`<!doctype html><html lang="en"><head><title>Shop ${path}</title>
      <script defer data-site="${trackingKey}" src="${base}/api/analytics/script.js"></script></head>
      <body><main><h1>Shop: ${path}</h1><a href="/contact">Contact</a>
      ${path === '/contact' ? `<script async data-form="${formKey}" src="${base}/api/forms/embed.js"></script>` : ''}
      </main></body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  sitePort = (site.address() as AddressInfo).port;
  visitorBrowser = await openBrowser([`--host-resolver-rules=MAP ${siteDomain} 127.0.0.1`]);
});

afterAll(async () => {
  await visitorBrowser?.close();
  site?.close();
});

/** Opens a page of the site and waits until the tracker's page view is recorded (the ingest answers then). */
async function visit(page: Page, url: string) {
  const recorded = page.waitForResponse((r) => r.url().endsWith('/api/analytics/event'));
  await page.goto(url);
  expect((await recorded).status()).toBe(202);
}

describe('visitors become contacts, cookie-less', () => {
  it('shows on the contact’s timeline the pages its visitor viewed that day before sending the form, in order', async () => {
    const page = await signUpInBrowser(
      env,
      { firstName: 'Vera', lastName: 'Visits', businessName: 'Vera Visits' },
      { viewport: { width: 1440, height: 1000 } },
    );
    const base = env.server.baseUrl;
    const website = await api<{ id: number }>(page, 'POST', '/api/websites', {
      name: 'Visit shop',
      domain: siteDomain,
    });
    expect(website.status).toBe(201);
    trackingKey = (
      await api<{ trackingKey: string }>(page, 'GET', `/api/analytics/sites/${website.json.id}/snippet`)
    ).json.trackingKey;
    const form = await api<{ key: string }>(page, 'POST', '/api/forms', {
      name: 'Talk to us',
      locale: 'en',
      websiteId: website.json.id,
      fields: [
        { key: 'first_name', label: 'First name', type: 'text', target: 'firstName' },
        { key: 'email', label: 'Email', type: 'email', required: true, target: 'email' },
      ],
      consent: { text: consentText, required: true },
      texts: {
        submit: 'Send',
        thankYou: 'Thank you!',
        required: 'Required',
        invalid: 'Invalid',
        failed: 'Failed',
      },
    });
    expect(form.status).toBe(201);
    formKey = form.json.key;

    // A visitor reads two pages, then sends the form on the second; no cookie, nothing stored in the browser.
    const visitorContext = await visitorBrowser.newContext({
      viewport: { width: 390, height: 844 },
      userAgent: chromeUa,
    });
    const visitor = await visitorContext.newPage();
    const siteUrl = `http://${siteDomain}:${sitePort}`;
    await visit(visitor, `${siteUrl}/pricing`);
    await visit(visitor, `${siteUrl}/contact`);
    // The same browser's view of yesterday, under today's very hash: the day alone keeps it out.
    const workspaceId = await workspaceOf(page);
    await env.server.testApp.database.withWorkspace(workspaceId, async (tx) => {
      const yesterday = new Date(Date.now() - 86_400_000);
      await tx.execute(
        sql`select app_analytics_ensure_partition(${`${yesterday.toISOString().slice(0, 7)}-01`}::date)`,
      );
      await tx.execute(sql`
        insert into analytics_events (website_id, occurred_at, visitor_id, name, path, device)
        select website_id, ${yesterday.toISOString()}::timestamptz, visitor_id, 'pageview', '/yesterday', device
        from analytics_events where path = '/pricing'`);
    });
    const consent = visitor.getByLabel(`${consentText} ${visitorLinkNotice.en}`);
    await consent.waitFor();
    await visitor.getByLabel('First name').fill('Noor');
    await visitor.getByLabel('Email').fill('noor@visit-shop.example');
    await consent.check();
    await shot(visitor, 'visitor-identity-form-390');
    offsetMs += 10_000;
    await visitor.getByRole('button', { name: 'Send' }).click();
    await visitor.getByRole('status').filter({ hasText: 'Thank you!' }).waitFor();
    expect(await visitorContext.cookies()).toEqual([]);
    expect(await visitor.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);

    await page.goto(`${base}/contacts`);
    await page.getByRole('button', { name: 'View Noor' }).click();
    const timeline = page.getByRole('dialog').getByTestId('contact-timeline');
    await timeline.locator('[data-page-view="/pricing"]').waitFor();
    const entries = await timeline.locator(':scope > li').allTextContents();
    const at = (text: string) => entries.findIndex((entry) => entry.includes(text));
    // Newest first: the form, then the two pages, the later one above, both marked.
    expect(at('Form “Talk to us” submitted')).toBeLessThan(at('Viewed /contact on Visit shop'));
    expect(at('Viewed /contact on Visit shop')).toBeLessThan(at('Viewed /pricing on Visit shop'));
    expect(entries[at('Viewed /contact')]).toContain('Before identification');
    expect(entries[at('Viewed /pricing')]).toContain('Before identification');
    expect(await timeline.locator('[data-page-view="/yesterday"]').count()).toBe(0);
    await timeline.locator('[data-page-view="/pricing"]').scrollIntoViewIfNeeded();
    await shot(page, 'visitor-identity-timeline-1440');
    expect(await seriousA11yViolations(page), 'timeline with page views').toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await timeline.locator('[data-page-view="/pricing"]').scrollIntoViewIfNeeded();
    await shot(page, 'visitor-identity-timeline-390');
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.keyboard.press('Escape');

    // A campaign email's link: the tracker sends the token and takes it out of the address bar, nothing else.
    const reader = await api<{ id: number }>(page, 'POST', '/api/contacts', {
      firstName: 'Rafa',
      email: 'rafa@visit-shop.example',
    });
    const messageToken = await env.server.testApp.database.withWorkspace(workspaceId, async (tx) => {
      const id = await queueMessage(tx, {
        key: 'visitor-link-e2e',
        contactId: reader.json.id,
        toEmail: 'rafa@visit-shop.example',
        subject: 'Offer',
        body: 'Offer',
      });
      const { rows } = await tx.execute<{ token: string }>(
        sql`select token from marketing_messages where id = ${id}`,
      );
      return rows[0].token;
    });
    const destination = `${siteUrl}/offer?x=1&y=a+b#top`;
    const signature = signLink(env.server.testApp.config.secretKey, messageToken, destination);
    const readerContext = await visitorBrowser.newContext({
      userAgent: chromeUa.replace('147.0.0.0', '146.0.0.0'),
    });
    const readerPage = await readerContext.newPage();
    await visit(
      readerPage,
      `${base}/api/m/c/${messageToken}?u=${encodeURIComponent(destination)}&s=${signature}`,
    );
    expect(readerPage.url()).toBe(destination);
    await page.goto(`${base}/contacts`);
    await page.getByRole('button', { name: 'View Rafa' }).click();
    const readerTimeline = page.getByRole('dialog').getByTestId('contact-timeline');
    await readerTimeline.locator('[data-page-view="/offer"]').waitFor();
    expect(await readerTimeline.locator('[data-page-view="/offer"]').textContent()).not.toContain(
      'Before identification',
    );
    await readerContext.close();
    await visitorContext.close();
    await page.context().close();
  }, 300_000);
});

async function workspaceOf(page: Page): Promise<number> {
  const me = await api<{ workspace: { id: number } }>(page, 'GET', '/api/auth/user');
  return me.json.workspace.id;
}
