import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../test/test-app.js';
import { seriousA11yViolations } from './support/axe.js';
import { pageApi as api, viewportShot as shot } from './support/in-page.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

/**
 * The installable app (issue 30 §1, docs/areas/mobile-app.md): its manifest and service worker, reading the
 * contacts and deals viewed recently offline, writes refused offline, and nothing left behind on sign-out.
 */
const env = withServerAndBrowser();

const offlineBanner =
  "You are offline. Showing contacts and deals you viewed recently; changes can't be saved until you reconnect.";
const offlineWrite = 'You are offline, so this change was not saved. Try again when you are back online.';

/** Waits until the service worker is active, then until it controls this page (a load after activation). */
async function controlledBySw(page: Page): Promise<string | undefined> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
}

/** Every entry of every cache of the origin whose address is an API route, as "<cache> <path>". */
function cachedApiEntries(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const found: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        const { pathname } = new URL(request.url);
        if (pathname.startsWith('/api/')) found.push(`${name} ${pathname}`);
      }
    }
    return found.sort();
  });
}

/**
 * No network for the page and its service worker. Chromium's offline emulation (`setOffline`) fails the page's
 * requests but not the service worker's own, so those are aborted as a disconnected network aborts them.
 */
async function goOffline(page: Page): Promise<void> {
  await page.context().route('**/*', (route) => route.abort('internetdisconnected'));
  await page.context().setOffline(true);
}

/**
 * Under the emulation a reloaded document starts with `navigator.onLine` true (a browser without network
 * says false from the start): going offline again tells it, as the `offline` event tells a running page.
 */
async function tellReloadedPageItIsOffline(page: Page): Promise<void> {
  await page.context().setOffline(false);
  await page.context().setOffline(true);
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
}

async function seedContactWithDeal(page: Page) {
  const contact = await api<{ id: number }>(page, 'POST', '/api/contacts', {
    firstName: 'Quinn',
    lastName: 'Buyer',
    email: uniqueEmail('quinn'),
    company: 'Quinn Holdings',
  });
  expect(contact.status).toBe(201);
  const deal = await api<{ id: number }>(page, 'POST', '/api/deals', {
    name: 'Annual retainer',
    stage: 'qualified',
    valueCents: 120_000,
    contactId: contact.json.id,
    expectedCloseDate: new Date().toISOString().slice(0, 10),
  });
  expect(deal.status).toBe(201);
  return { contactId: contact.json.id, dealId: deal.json.id };
}

describe('the installable app', () => {
  it("is installable: the manifest carries the workspace's name and icons, a service worker controls the page", async () => {
    const page = await signUpInBrowser(
      env,
      { firstName: 'Hana', lastName: 'Harbour', businessName: 'Harbour Bakery' },
      { viewport: { width: 1440, height: 1000 }, serviceWorkers: 'allow' },
    );
    expect(await controlledBySw(page)).toBe(`${env.server.baseUrl}/sw.js`);

    // The manifest the page links to, read as the browser reads it (with the session cookie).
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      if (!link) return null;
      const response = await fetch(link.href, {
        credentials: link.crossOrigin === 'use-credentials' ? 'include' : 'omit',
      });
      return { type: response.headers.get('content-type'), body: await response.json() };
    });
    expect(manifest?.type).toBe('application/manifest+json; charset=utf-8');
    expect(manifest?.body).toMatchObject({
      name: 'Harbour Bakery',
      start_url: '/dashboard',
      display: 'standalone',
      theme_color: '#1d4ed8',
      lang: 'en',
    });
    const icons = manifest?.body.icons as { src: string; sizes: string; purpose: string }[];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of icons) {
      const loaded = await page.evaluate(async (src) => {
        const response = await fetch(src);
        const bitmap = await createImageBitmap(await response.blob());
        return { type: response.headers.get('content-type'), size: `${bitmap.width}x${bitmap.height}` };
      }, icon.src);
      expect(loaded, icon.src).toEqual({ type: 'image/png', size: icon.sizes });
    }

    // Chromium's own verdict, the one its install prompt and Lighthouse use.
    const cdp = await page.context().newCDPSession(page);
    const parsed = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(parsed.url).toContain('/manifest.webmanifest');
    expect(parsed.errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
    await page.context().close();
  }, 180_000);

  it('reads the contacts and deals viewed recently offline, refuses writes with a message and queues none', async () => {
    const page = await signUpInBrowser(
      env,
      { firstName: 'Olive', lastName: 'Offline', businessName: 'Offline Outfitters' },
      { viewport: { width: 1440, height: 1000 }, serviceWorkers: 'allow' },
    );
    const { contactId, dealId } = await seedContactWithDeal(page);
    await controlledBySw(page);

    // Online: the contact and the deal board are viewed.
    await page.goto(`${env.server.baseUrl}/contacts`);
    await page.getByTestId(`deal-card-${dealId}`).getByText('Annual retainer').waitFor();
    await page.getByRole('button', { name: 'View Quinn Buyer' }).click();
    await page.getByRole('dialog').getByText('Quinn Holdings', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await expect
      .poll(() => cachedApiEntries(page))
      .toEqual(
        expect.arrayContaining([
          'offline-reads /api/auth/session',
          'offline-reads /api/contacts',
          `offline-reads /api/contacts/${contactId}`,
          'offline-reads /api/deals/board',
        ]),
      );
    // Only the reads of contacts and deals, and the session naming whose they are: nothing else.
    for (const entry of await cachedApiEntries(page)) {
      expect(entry).toMatch(/^offline-reads \/api\/(auth\/session|contacts(\/\d+)?|deals(\/board|\/\d+)?)$/);
    }

    // Every write leaving the page or its service worker from here on (a queued one would show up here).
    const context = page.context();
    const writes: string[] = [];
    context.on('request', (request) => {
      if (request.method() !== 'GET') writes.push(`${request.method()} ${request.url()}`);
    });
    await goOffline(page);
    // Meanwhile the deal is renamed (through the server, not this browser): offline, the page shows what it kept.
    const renamed = await page.request.patch(`${env.server.baseUrl}/api/deals/${dealId}`, {
      data: { name: 'Annual retainer, renewed' },
      headers: { origin: env.server.baseUrl },
    });
    expect(renamed.status()).toBe(200);

    await page.reload();
    await tellReloadedPageItIsOffline(page);
    await page.getByRole('status').getByText(offlineBanner).waitFor();
    await page.getByTestId(`deal-card-${dealId}`).getByText('Annual retainer', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'View Quinn Buyer' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Quinn Holdings', { exact: true }).waitFor();
    await shot(page, 'pwa-offline-contact-1440');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A note offline: refused with the reason, the text kept in the box.
    await dialog.getByLabel('New note').fill('Call back about the renewal');
    await dialog.getByRole('button', { name: 'Add Note' }).click();
    await page.getByText('Note not saved', { exact: true }).waitFor();
    await page.getByText(offlineWrite, { exact: true }).waitFor();
    expect(await dialog.getByLabel('New note').inputValue()).toBe('Call back about the renewal');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // An edit offline: the same, the form keeps its values.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Edit Quinn Buyer' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Company').fill('Quinn Holdings International');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Could not save contact', { exact: true }).waitFor();
    await page.getByText(offlineWrite, { exact: true }).waitFor();
    expect(await form.getByLabel('Company').inputValue()).toBe('Quinn Holdings International');
    await form.getByRole('button', { name: 'Close' }).click();
    await form.waitFor({ state: 'hidden' });

    // A phone, started offline.
    await page.setViewportSize({ width: 390, height: 900 });
    await page.reload();
    await tellReloadedPageItIsOffline(page);
    await page.getByRole('status').getByText(offlineBanner).waitFor();
    await page.getByText('Quinn Buyer').first().waitFor();
    await shot(page, 'pwa-offline-contacts-390');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Back online: nothing was sent, and the server has neither change; the page reads the network again.
    await context.unroute('**/*');
    await context.setOffline(false);
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.reload();
    await page.waitForLoadState('networkidle');
    await page.getByTestId(`deal-card-${dealId}`).getByText('Annual retainer, renewed').waitFor();
    expect(await page.getByText(offlineBanner).count()).toBe(0);
    expect(writes).toEqual([]);
    const stored = await api<{ contact: { company: string | null }; timeline: { body?: string }[] }>(
      page,
      'GET',
      `/api/contacts/${contactId}`,
    );
    expect(stored.json.contact.company).toBe('Quinn Holdings');
    expect(JSON.stringify(stored.json.timeline)).not.toContain('Call back about the renewal');
    await page.context().close();
  }, 240_000);

  it('leaves no contact or deal in the offline cache after signing out', async () => {
    const page = await signUpInBrowser(
      env,
      { firstName: 'Sid', lastName: 'Signout', businessName: 'Signout Supplies' },
      { viewport: { width: 1440, height: 1000 }, serviceWorkers: 'allow' },
    );
    const { contactId } = await seedContactWithDeal(page);
    await controlledBySw(page);
    await page.goto(`${env.server.baseUrl}/contacts`);
    await page.getByRole('button', { name: 'View Quinn Buyer' }).click();
    await page.getByRole('dialog').getByText('Quinn Holdings', { exact: true }).waitFor();
    await expect.poll(() => cachedApiEntries(page)).toContain(`offline-reads /api/contacts/${contactId}`);
    await page.keyboard.press('Escape');

    await page.goto(`${env.server.baseUrl}/dashboard`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${env.server.baseUrl}/`);
    await page
      .getByRole('link', { name: /sign in/i })
      .first()
      .waitFor();
    expect(await cachedApiEntries(page)).toEqual([]);
    // Signed out, a public page tells an offline visitor too.
    await goOffline(page);
    await page
      .getByRole('status')
      .getByText('You are offline. Pages you have not opened before may not load until you reconnect.')
      .waitFor();
    await shot(page, 'pwa-offline-landing-1440');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The worker's bookkeeping of the cache (addresses, which hold search text) goes too.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          // Opening a database that does not exist would create an empty one that workbox then cannot upgrade.
          if (!(await indexedDB.databases()).some((known) => known.name === 'workbox-expiration')) return 0;
          return new Promise<number>((resolve, reject) => {
            const open = indexedDB.open('workbox-expiration');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const expiration = open.result;
              if (!expiration.objectStoreNames.contains('cache-entries')) return resolve(0);
              const all = expiration.transaction('cache-entries').objectStore('cache-entries').getAll();
              all.onsuccess = () =>
                resolve(all.result.filter((entry) => entry.cacheName === 'offline-reads').length);
            };
          });
        }),
      )
      .toBe(0);
    await page.context().close();
  }, 180_000);
});
