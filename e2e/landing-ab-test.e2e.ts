import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.js';
import { pageApi as api, viewportShot as shot } from './support/in-page.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

/** The server's clock, moved by hand past the time-to-submit floor: nothing sleeps. */
let offsetMs = 0;
const env = withServerAndBrowser({ clock: () => new Date(Date.now() + offsetMs) });

async function axeClean(page: Page, where: string) {
  expect(await seriousA11yViolations(page), where).toEqual([]);
}

describe('the hosted page A/B test', () => {
  it('is set up on the form’s screen, splits the hosted page and shows each variant’s figures', async () => {
    const page = await signUpInBrowser(
      env,
      { firstName: 'Abe', lastName: 'Tester', businessName: 'Abe Landing' },
      { viewport: { width: 1440, height: 1000 } },
    );
    const base = env.server.baseUrl;
    const created = await api<{ id: number; hostedUrl: string }>(page, 'POST', '/api/forms', {
      name: 'Book a demo',
      locale: 'en',
      fields: [{ key: 'email', label: 'Email', type: 'email', required: true, target: 'email' }],
      texts: {
        submit: 'Send',
        thankYou: 'Thank you!',
        required: 'Required',
        invalid: 'Invalid',
        failed: 'Failed',
      },
    });
    expect(created.status).toBe(201);

    await page.goto(`${base}/forms`);
    const card = page.getByTestId('landing-ab-test');
    await card.getByRole('button', { name: 'Set up an A/B test' }).click();
    const editor = card.getByTestId('landing-ab-form');
    const a = editor.getByRole('group', { name: 'Variant A' });
    const b = editor.getByRole('group', { name: 'Variant B' });
    expect(await a.getByLabel('Headline').inputValue()).toBe('Book a demo');
    // A variant without a headline is refused under it, before anything is sent.
    await editor.getByRole('button', { name: 'Save A/B test' }).click();
    await b.getByText('Headline is required').waitFor();
    await b.getByLabel('Headline').fill('See it live in 20 minutes');
    await b.getByLabel('Intro').fill('A product expert shows you around.');
    await b.getByLabel('Button label').fill('Book my demo');
    await shot(page, 'landing-ab-editor-1440');
    await axeClean(page, 'A/B editor (en)');
    await editor.getByRole('button', { name: 'Save A/B test' }).click();
    const variants = card.getByTestId('landing-ab-variants');
    await variants.waitFor();
    expect(await card.getByTestId('landing-ab-state').textContent()).toBe('Collecting');

    // Visitors of the hosted page: each sees one variant, and sending counts for it.
    const visitor = await page
      .context()
      .browser()!
      .newContext({ viewport: { width: 390, height: 844 } });
    const hosted = await visitor.newPage();
    await hosted.goto(created.json.hostedUrl);
    const heading = (await hosted.getByRole('heading', { level: 1 }).textContent()) ?? '';
    expect(['Book a demo', 'See it live in 20 minutes']).toContain(heading);
    const button = heading === 'Book a demo' ? 'Send' : 'Book my demo';
    await hosted.getByLabel('Email').fill('ab-visitor@example.com');
    offsetMs += 10_000;
    await hosted.getByRole('button', { name: button, exact: true }).click();
    await hosted.getByRole('status').filter({ hasText: 'Thank you!' }).waitFor();
    await axeClean(hosted, 'hosted page under a test');
    await visitor.close();

    const row = heading === 'Book a demo' ? 'A' : 'B';
    await page.goto(`${base}/forms`);
    const shown = variants.locator(`[data-variant="${row}"]`);
    await expect.poll(() => shown.locator('td').nth(3).textContent()).toBe('1');
    expect(await shown.locator('td').nth(2).textContent()).toBe('1');
    expect(await shown.locator('td').nth(4).textContent()).toBe('100%');
    await card.getByTestId('landing-ab-confidence').waitFor();
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'landing-ab-results-1440');
    await axeClean(page, 'A/B results (en)');
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'landing-ab-results-390');
    await axeClean(page, 'A/B results at 390 px');

    await page.evaluate(async () => {
      localStorage.setItem('hub.locale', 'ar');
      await fetch('/api/auth/user', {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ locale: 'ar' }),
      });
    });
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto(`${base}/forms`);
    await variants.waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'landing-ab-results-ar-1440');
    await axeClean(page, 'A/B results (ar)');
    await page.context().close();
  }, 300_000);
});
