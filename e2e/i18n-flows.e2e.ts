import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import spanishZod from 'zod/v4/locales/es.js';
import { trialDays } from '../src/domain/auth/trial.js';
import { textDirection } from '../src/domain/locales.js';
import { serverMessages } from '../src/domain/messages.js';
import { uniqueEmail } from '../test/test-app.js';
import { screenshotDir } from './support/browser.js';
import { type Translate, translatorFor } from './support/catalog.js';
import { openSignUpLink, withServerAndBrowser } from './support/session.js';

/**
 * Issue 10, "done when": the main flow — landing → pricing → sign up → dashboard → CRM add contact →
 * import — in English, Arabic (right to left) and German, each step asserting the compiled catalog's words
 * for that language and screenshotted at 1440 and 390 px (test-output/screenshots/flow-<locale>-*.png).
 */
const env = withServerAndBrowser();

const csv = [
  'First Name,Last Name,Email',
  'Ada,Lovelace,ada@example.com',
  'Grace,Hopper,grace@example.com',
].join('\r\n');

/**
 * Both widths of a step, the first screen of each (the pages' full length is `e2e/a11y.e2e.ts`'s): on the
 * shared 2-core machine a full-length capture of a long page with a dialog open outlasted 150 s. The page
 * returns to the desktop width the flow runs at.
 */
async function shoot(page: Page, locale: string, step: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: path.join(screenshotDir, `flow-${locale}-${step}-${width}.png`),
      // The 2-core machine is shared: a capture can wait long for a frame.
      timeout: 150_000,
    });
    // Nothing spills sideways, in either direction.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${step} at ${width}`,
    ).toBeLessThanOrEqual(width);
  }
}

/** The `dir` Radix wrote on the element or its nearest ancestor that has one. */
function radixDirection(page: Page, selector: string): Promise<string | null | undefined> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => element.closest('[dir]')?.getAttribute('dir'));
}

async function expectLanguage(page: Page, locale: string): Promise<void> {
  expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
    locale,
    locale === 'ar' ? 'rtl' : 'ltr',
  ]);
}

async function mainFlow(locale: string, browserLanguage: string, t: Translate): Promise<void> {
  const context = await env.browser.newContext({
    locale: browserLanguage,
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  const scripts: string[] = [];
  // Every response of the landing page, to weigh what crossed the network (compressed) before a click.
  const landingResponses: Response[] = [];
  page.on('response', (response) => {
    landingResponses.push(response);
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });

  // Landing, in the browser's language.
  await page.goto(`${env.server.baseUrl}/`);
  await page
    .getByRole('heading', { level: 1, name: t('One CRM for every site, app and customer') })
    .waitFor();
  await page.waitForLoadState('networkidle');
  await expectLanguage(page, locale);
  // Issue 10's budget: at most 150 KB for all the landing page runs before a click (entry, shell
  // libraries, route chunk, the first part of the catalog), in every language (README "Benchmarks"),
  // counted as the browser received it: the compressed bytes the server sent (ADR 0010).
  const seen = [...landingResponses];
  const transferred = async (responses: Response[]) => {
    const sizes = await Promise.all(responses.map(async (r) => (await r.request().sizes()).responseBodySize));
    return sizes.reduce((sum, size) => sum + size, 0);
  };
  const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
  const scriptResponses = seen.filter((r) => r.request().resourceType() === 'script');
  const landingKb = kb(await transferred(scriptResponses));
  const bodies = await Promise.all(scriptResponses.map(async (r) => await r.body()));
  const rawKb = kb(bodies.reduce((sum, body) => sum + body.length, 0));
  const pageKb = kb(await transferred(seen));
  const pageRawKb = kb(
    (await Promise.all(seen.map(async (r) => (await r.body().catch(() => Buffer.alloc(0))).length))).reduce(
      (a, b) => a + b,
      0,
    ),
  );
  console.log(
    `landing page, ${locale}: JavaScript ${scripts.length} files, ${landingKb} KB transferred (${rawKb} KB uncompressed); ` +
      `all ${seen.length} responses ${pageKb} KB transferred (${pageRawKb} KB uncompressed)`,
  );
  expect(landingKb, 'landing page JavaScript, KB transferred').toBeLessThanOrEqual(150);
  // Zod is not among it: answers are checked in development only (ADR 0010).
  expect(bodies.filter((body) => body.includes('$ZodObject'))).toHaveLength(0);
  await shoot(page, locale, '1-landing');

  // Pricing, through the header's call to action.
  await page.getByRole('link', { name: t('Get Started'), exact: true }).click();
  await page.getByRole('heading', { level: 1, name: t('Build your package') }).waitFor();
  await expectLanguage(page, locale);
  await shoot(page, locale, '2-pricing');
  // Radix lays its primitives out by the direction it is given (DirectionProvider at the root), tabs here.
  expect(await radixDirection(page, '[role="tablist"]')).toBe(textDirection(locale));

  // Sign up: the package link opens the form on "Create account".
  await page.getByRole('link', { name: t('Start Free {trialDays}-Day Trial', { trialDays }) }).click();
  await page.getByLabel(t('First name')).fill('Nora');
  await page.getByLabel(t('Last name')).fill('Flow');
  const email = uniqueEmail(`flow-${locale}`);
  await page.getByLabel(t('Email')).fill(email);
  await page.getByLabel(t('Password'), { exact: true }).fill('correct-horse-battery');
  await page.getByLabel(t('Business name')).fill(`Flow ${locale}`);
  // …and a select's list, which opens in a portal outside the page's own <html dir> inheritance chain.
  await page.getByRole('combobox', { name: t('Plan') }).click();
  expect(await radixDirection(page, '[role="listbox"]')).toBe(textDirection(locale));
  await page.keyboard.press('Escape');
  await shoot(page, locale, '3-sign-up');
  await page.getByRole('button', { name: t('Start free trial') }).click();
  await openSignUpLink(env.server, page, email);

  // Dashboard, still in the language chosen before signing up.
  await page.locator('aside nav').getByText(t('CRM'), { exact: true }).waitFor();
  await expectLanguage(page, locale);
  await shoot(page, locale, '4-dashboard');

  // CRM: add a contact.
  await page.locator('aside nav').getByText(t('CRM'), { exact: true }).click();
  await page.getByText(t('No contacts found')).waitFor();
  await page.getByRole('button', { name: t('Add Contact') }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel(t('First name')).fill('Maria');
  await dialog.getByLabel(t('Last name')).fill('Lopez');
  await dialog.getByLabel(t('Email')).fill('maria@example.com');
  await shoot(page, locale, '5-add-contact');
  await dialog.getByRole('button', { name: t('Add Contact') }).click();
  await dialog.waitFor({ state: 'hidden' });
  const rows = page.getByTestId('contact-row');
  await rows.filter({ hasText: 'Maria Lopez' }).waitFor();
  // The built-in source and the status read in the language too.
  await rows.filter({ hasText: 'Maria Lopez' }).getByText(t('Unknown'), { exact: true }).waitFor();
  await rows.filter({ hasText: 'Maria Lopez' }).getByText(t('Lead'), { exact: true }).waitFor();
  // Activity lines keep their message and values, so Recent Activity reads in the language as well.
  await page
    .getByText(t(serverMessages['activity.contactAdded'], { via: 'manual', name: 'Maria Lopez' }), {
      exact: true,
    })
    .waitFor();
  await shoot(page, locale, '6-crm');
  // So does the contact's timeline: its lines keep their message id and values too.
  await page.getByRole('button', { name: t('View {name}', { name: 'Maria Lopez' }) }).click();
  dialog = page.getByRole('dialog');
  await dialog
    .getByTestId('contact-timeline')
    .getByText(t(serverMessages['timeline.contactCreated'], { via: 'manual' }), { exact: true })
    .waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });

  // Import a small CSV.
  await page.getByRole('button', { name: t('Import CSV') }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByText(t('Import Contacts from CSV')).waitFor();
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'people.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await dialog.getByRole('button', { name: t('Import Contacts') }).click();
  await dialog.getByText(t('Completed'), { exact: true }).waitFor({ timeout: 60_000 });
  const stat = (label: string) =>
    dialog.locator('dt', { hasText: t(label) }).locator('xpath=following-sibling::dd');
  expect(await stat('Imported').textContent()).toBe('2');
  await shoot(page, locale, '7-import');
  await dialog.getByRole('button', { name: t('Done') }).click();
  await rows.filter({ hasText: 'Grace Hopper' }).first().waitFor();
  await expectLanguage(page, locale);
  await context.close();
}

describe('the main flow in three languages', () => {
  for (const [locale, browserLanguage] of [
    ['en', 'en-US'],
    ['ar', 'ar-EG'],
    ['de', 'de-DE'],
  ]) {
    it(`landing → pricing → sign up → dashboard → CRM → import, ${locale}`, async () => {
      const t = await translatorFor(locale);
      if (locale !== 'en') expect(t('Build your package')).not.toBe('Build your package');
      await mainFlow(locale, browserLanguage, t);
    }, 900_000);
  }
});

describe('validation messages in the language', () => {
  it("shows a sign-up form refused in Spanish: the schema messages and zod's own", async () => {
    const t = await translatorFor('es');
    const context = await env.browser.newContext({ locale: 'es-ES', viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${env.server.baseUrl}/login`);
    await page.getByRole('tab', { name: t('Create account') }).click();
    const lastName = 'x'.repeat(81);
    await page.getByLabel(t('Last name')).fill(lastName);
    await page.getByLabel(t('Email')).fill('not-an-email');
    await page.getByLabel(t('Password'), { exact: true }).fill('short');
    await page.getByRole('button', { name: t('Start free trial') }).click();

    // The schema's own messages (src/domain/auth), one of them built with a value.
    const expected = [
      t('First name is required'),
      t('Enter a valid email address'),
      t('Password must be at least {min} characters', { min: 8 }),
      // zod's own message for the too-long last name, as zod's Spanish locale writes it.
      z.string().max(80).safeParse(lastName, { error: spanishZod().localeError }).error?.issues[0].message,
    ];
    for (const text of expected) {
      expect(text).toBeTruthy();
      await page.getByText(text as string, { exact: true }).waitFor();
    }
    expect(expected).not.toContain('First name is required');
    expect(expected[3]).not.toMatch(/Too big/);
    await shoot(page, 'es', 'sign-up-refused');
    await context.close();
  }, 300_000);
});
