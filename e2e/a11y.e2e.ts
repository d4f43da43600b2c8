import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dashboardTabIds } from '../src/client/features/dashboard/dashboard-tabs.js';
import { createIngest } from '../src/server/features/analytics/ingest.js';
import { runRollups } from '../src/server/features/analytics/jobs.js';
import { uniqueEmail } from '../test/test-app.js';
import { seriousA11yViolations } from './support/axe.js';
import { screenshot } from './support/browser.js';
import { hydrated, publicPages, settle, signedInPages } from './support/pages.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

/**
 * Accessibility (issue 10): axe on every public page (the browser's language picks it), every dashboard tab
 * and every signed-in page, in English and in Arabic, with no serious or critical finding; the notification
 * area on F8; right-to-left layout. `knownFindings` would name a public page's finding left with its reason
 * (README "Accessibility"); it is empty.
 */
// The public pages include the -demo screens, shown with the demo workspace's data.
const env = withServerAndBrowser({ demoWorkspace: true });

async function openAs(locale: string, path: string, viewport = { width: 1366, height: 900 }): Promise<Page> {
  const context = await env.browser.newContext({ locale, viewport });
  await context.route('https://calendly.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<html lang="en"><body><h1>Booking</h1></body></html>' }),
  );
  const page = await context.newPage();
  await page.goto(`${env.server.baseUrl}${path}`);
  await page.locator('#root *').first().waitFor();
  return page;
}

/**
 * Rules still broken on screens other features own (README "Accessibility"); the later round fixes them and
 * empties this. Any other serious or critical finding fails.
 */
const knownFindings: Record<string, string[]> = {};
const ruleOf = (line: string) => line.split(' ')[1];

describe('axe on the public pages', () => {
  for (const locale of ['en-US', 'ar']) {
    it(`reports the serious and critical findings per page (${locale})`, async () => {
      const report: Record<string, string[]> = {};
      for (const path of publicPages) {
        const page = await openAs(locale, path);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale === 'ar' ? 'ar' : 'en');
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr');
        await page.waitForLoadState('load');
        const found = await seriousA11yViolations(page);
        if (found.length > 0) report[path] = found;
        await page.context().close();
      }
      console.log(`axe ${locale}:\n${JSON.stringify(report, null, 2)}`);
      // The components this round owns (site header, language menu, ui primitives, 404) have none.
      const inOwnedParts = Object.values(report)
        .flat()
        .filter((line) => /header|locale|language|toast/i.test(line));
      expect(inOwnedParts).toEqual([]);
      expect(report['/no-such-page'] ?? []).toEqual([]);
      for (const [path, lines] of Object.entries(report)) {
        expect(
          lines.filter((line) => !(knownFindings[path] ?? []).includes(ruleOf(line))),
          path,
        ).toEqual([]);
      }
    });
  }

  it('every dashboard tab and signed-in page after signing up, in English and in Arabic', async () => {
    const page = await signUpInBrowser(env, { firstName: 'Ada', lastName: 'Axe', businessName: 'Axe Labs' });
    const paths = [...dashboardTabIds.map((tab) => `/dashboard?tab=${tab}`), ...signedInPages];
    for (const [locale, dir] of [
      ['en', 'ltr'],
      ['ar', 'rtl'],
    ]) {
      // The signed-in user's language (profile setting) decides, as it does after any sign-in.
      await page.evaluate(async (chosen) => {
        localStorage.setItem('hub.locale', chosen);
        await fetch('/api/auth/user', {
          method: 'PATCH',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ locale: chosen }),
        });
      }, locale);
      const report: Record<string, string[]> = {};
      for (const path of paths) {
        await settle(page, `${env.server.baseUrl}${path}`);
        const found = await seriousA11yViolations(page);
        if (found.length > 0) report[path] = found;
      }
      console.log(`axe signed in ${locale}:\n${JSON.stringify(report, null, 2)}`);
      expect(
        await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]),
      ).toEqual([locale, dir]);
      expect(report).toEqual({});
    }
  }, 600_000);
});

describe('axe on the signed-in screens with data', () => {
  it('every dashboard tab and signed-in screen, with a website, a contact and a deal, has no serious or critical finding', async () => {
    const page = await signUpInBrowser(env, {
      firstName: 'Dana',
      lastName: 'Data',
      businessName: 'Data Axe',
    });
    const base = env.server.baseUrl;
    const headers = { origin: base };
    const post = async (path: string, data: unknown) => {
      const res = await page.request.post(`${base}${path}`, { data, headers });
      expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
      return (await res.json()) as { id: number };
    };
    const site = await post('/api/websites', { name: 'Axe Coaching', domain: 'axe-coaching.example' });
    // A few visits, rolled up, so the analytics tab shows its lists rather than the install tag.
    const { trackingKey } = (await (
      await page.request.get(`${base}/api/analytics/sites/${site.id}/snippet`)
    ).json()) as {
      trackingKey: string;
    };
    const ingest = createIngest(env.server.testApp.database);
    for (const [i, referrer] of ['https://www.google.com/', 'https://news.example/', ''].entries()) {
      await ingest.accept(
        { s: trackingKey, n: 'pageview', u: `https://axe-coaching.example/p${i}`, w: 1200, r: referrer },
        {
          ip: `192.0.2.${i + 1}`,
          userAgent:
            'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/147.0.0.0 Safari/537.36',
          dnt: undefined,
          origin: 'https://axe-coaching.example',
          host: 'x',
        },
      );
    }
    await ingest.flush();
    await runRollups(env.server.testApp.database);
    const contact = await post('/api/contacts', {
      firstName: 'Quinn',
      lastName: 'Buyer',
      email: uniqueEmail('axe-quinn'),
      company: 'Quinn Holdings',
    });
    await post('/api/deals', {
      name: 'Annual retainer',
      stage: 'qualified',
      valueCents: 120_000,
      contactId: contact.id,
      expectedCloseDate: new Date().toISOString().slice(0, 10),
    });
    for (const locale of ['en', 'ar']) {
      await page.evaluate(async (chosen) => {
        localStorage.setItem('hub.locale', chosen);
        await fetch('/api/auth/user', {
          method: 'PATCH',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ locale: chosen }),
        });
      }, locale);
      const report: Record<string, string[]> = {};
      for (const path of [...dashboardTabIds.map((tab) => `/dashboard?tab=${tab}`), ...signedInPages]) {
        await settle(page, `${base}${path}`);
        const found = await seriousA11yViolations(page);
        if (found.length > 0) report[path] = found;
      }
      // Each finding reads "<impact> <rule id> (<help>): <target>".
      console.log(`axe signed in with data (${locale}):\n${JSON.stringify(report, null, 2)}`);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
      expect(report, locale).toEqual({});
    }
    await page.context().close();
  }, 600_000);
});

describe('language and layout', () => {
  it('Arabic reads right to left, the menu names each language in itself, and the choice survives reload', async () => {
    const page = await openAs('en-US', '/no-such-page');
    await page.getByText('404 Page Not Found').waitFor();
    await page.goto(`${env.server.baseUrl}/pricing`);
    await hydrated(page);
    await page.getByRole('combobox', { name: 'Language' }).click();
    // The menu loads Radix's Select when first opened (ADR 0010), so its options arrive a moment later.
    await page.getByRole('option').first().waitFor();
    const names = await page.getByRole('option').allTextContents();
    expect(names).toEqual(expect.arrayContaining(['English', 'Español', 'العربية', '日本語', '简体中文']));
    await page.getByRole('option', { name: 'العربية' }).click();
    await page.getByRole('link', { name: 'العودة إلى الصفحة الرئيسية' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.reload();
    await page.getByRole('combobox', { name: 'اللغة' }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'ar',
      'rtl',
    ]);
    await page.goto(`${env.server.baseUrl}/no-such-page`);
    await page.getByText('404 الصفحة غير موجودة').waitFor();
    await page.context().close();
  });

  it('F8 moves focus to the notification area', async () => {
    const page = await openAs('en-US', '/no-such-page');
    await page.getByText('404 Page Not Found').waitFor();
    // The notification area arrives once the page is idle (src/client/app/app-root.tsx).
    await page.getByRole('region', { name: 'Notifications (F8)' }).waitFor({ state: 'attached' });
    await page.keyboard.press('F8');
    const focused = await page.evaluate(() =>
      document.activeElement?.closest('[role="region"]')?.getAttribute('aria-label'),
    );
    expect(focused).toBe('Notifications (F8)');
    await page.context().close();
  });

  for (const [name, path] of [
    ['landing', '/'],
    ['pricing', '/pricing'],
  ]) {
    for (const locale of ['en-US', 'ar']) {
      for (const width of [1440, 390]) {
        it(`${name} page screenshot, ${locale}, ${width} px`, async () => {
          const page = await openAs(locale, path, { width, height: 900 });
          await page.getByRole('heading', { level: 1 }).waitFor();
          await screenshot(page, `a11y-${name}-${locale}-${width}`);
          // Nothing spills sideways in either direction.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          await page.context().close();
        });
      }
    }
  }
});
