import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.js';
import { pageApi as api, viewportShot as shot } from './support/in-page.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

/** The server's clock, moved by hand past the time-to-submit floor: nothing sleeps. */
let offsetMs = 0;
const env = withServerAndBrowser({ clock: () => new Date(Date.now() + offsetMs) });
const waitOutFloor = () => {
  offsetMs += 10_000;
};

async function axeClean(page: Page, where: string) {
  expect(await seriousA11yViolations(page), where).toEqual([]);
}

/** Sets the signed-in user's language as the profile setting does. */
async function useLanguage(page: Page, locale: string) {
  await page.evaluate(async (chosen) => {
    localStorage.setItem('hub.locale', chosen);
    await fetch('/api/auth/user', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ locale: chosen }),
    });
  }, locale);
}

describe('lead forms', () => {
  it('builds a form in the builder, takes an answer on its hosted page, and shows the contact, its timeline and the counts', async () => {
    const page = await signUpInBrowser(
      env,
      { firstName: 'Fern', lastName: 'Forms', businessName: 'Fern Forms' },
      { viewport: { width: 1440, height: 1000 } },
    );
    const base = env.server.baseUrl;

    // Reached from the sidebar, under Marketing.
    await page
      .getByRole('complementary', { name: 'Dashboard navigation' })
      .getByRole('link', { name: 'Lead forms' })
      .click();
    await page.waitForURL(`${base}/forms`);
    await page.getByTestId('forms-empty').waitFor();
    await axeClean(page, '/forms empty');

    // The builder starts with first name, a required email and a message, in the reader's language.
    await page.getByTestId('button-new-form').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('form-builder').waitFor();
    await dialog.getByLabel('Name', { exact: true }).fill('Contact us');
    await dialog.getByRole('button', { name: 'Add field' }).click();
    const phone = dialog.getByTestId('form-field-3');
    await phone.getByLabel('Label').fill('Phone');
    await phone.getByLabel('Fills').selectOption('phone');
    expect(await phone.getByLabel('Type').inputValue()).toBe('tel');
    await dialog.getByLabel('Ask for consent with a checkbox (its text is stored with each answer)').check();
    expect(await dialog.getByLabel('Consent text').inputValue()).toBe(
      'I agree to be contacted about my request.',
    );
    expect(await dialog.getByLabel('Button').inputValue()).toBe('Send');
    // A field without a label is refused under it, before anything is sent.
    await dialog.getByRole('button', { name: 'Add field' }).click();
    await dialog.getByRole('button', { name: 'Save form' }).click();
    await dialog.getByTestId('form-field-4').getByText('Label is required').waitFor();
    expect((await api(page, 'GET', '/api/forms')).json).toEqual([]);
    await dialog.getByRole('button', { name: 'Remove Field 5' }).click();
    await shot(page, 'forms-builder-1440');
    await axeClean(page, 'builder (en)');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'forms-builder-390');
    await axeClean(page, 'builder at 390 px');
    await page.setViewportSize({ width: 1440, height: 1000 });
    await dialog.getByRole('button', { name: 'Save form' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('forms-table').getByText('Contact us').waitFor();
    const panel = page.getByTestId('form-panel');
    expect(await panel.locator('[data-figure="views"] dd').first().textContent()).toBe('0');
    const hostedUrl = await page.getByTestId('form-hosted-link').getAttribute('href');
    expect(hostedUrl).toMatch(/\/f\/[0-9a-f]{24}$/);

    // The hosted page: the form in its language, checked before sending, then sent.
    const visitor = await page
      .context()
      .browser()!
      .newContext({ viewport: { width: 390, height: 844 } });
    const hosted = await visitor.newPage();
    await hosted.goto(hostedUrl as string);
    await hosted.getByRole('heading', { name: 'Contact us' }).waitFor();
    await hosted.getByLabel('Email').waitFor();
    expect(
      await hosted.evaluate(() => [document.documentElement.lang, document.documentElement.dir]),
    ).toEqual(['en', 'ltr']);
    await hosted.getByRole('button', { name: 'Send' }).click();
    await hosted.getByText('This field is required').first().waitFor();
    expect(await hosted.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    await shot(hosted, 'forms-hosted-errors-390');
    await axeClean(hosted, 'hosted page with errors (en)');
    await hosted.getByLabel('First name').fill('Mira');
    await hosted.getByLabel('Email').fill('mira@example.com');
    await hosted.getByLabel('Phone').fill('(512) 555-0147');
    await hosted.getByLabel('Message').fill('Please call me about a keynote.');
    await hosted.getByLabel('I agree to be contacted about my request.').check();
    waitOutFloor();
    await hosted.getByRole('button', { name: 'Send' }).click();
    await hosted.getByRole('status').filter({ hasText: 'Thank you!' }).waitFor();
    await shot(hosted, 'forms-hosted-thanks-390');
    await hosted.setViewportSize({ width: 1440, height: 900 });
    await hosted.goto(hostedUrl as string);
    await hosted.getByLabel('Email').waitFor();
    await shot(hosted, 'forms-hosted-1440');
    await axeClean(hosted, 'hosted page (en)');

    // The contact, created through the ingestion port, with the answers on its timeline.
    await page.goto(`${base}/contacts`);
    await page.getByRole('button', { name: 'View Mira' }).click();
    const details = page.getByRole('dialog');
    const timeline = details.getByTestId('contact-timeline');
    await timeline.getByText('Form “Contact us” submitted').waitFor();
    await timeline.getByText('Contact created from a form').waitFor();
    await timeline.getByText(/Message: Please call me about a keynote\./).waitFor();
    await timeline.getByText(/☑ I agree to be contacted about my request\./).waitFor();
    await details.getByRole('link', { name: 'mira@example.com' }).waitFor();
    // The phone as typed, stored in E.164 and shown in the national format.
    expect(await details.getByRole('link', { name: '(512) 555-0147' }).getAttribute('href')).toBe(
      'tel:+15125550147',
    );
    await shot(page, 'forms-contact-timeline-1440');
    await page.keyboard.press('Escape');

    // The counts on the form: two views (the answer's and the second look), one submission.
    await page.goto(`${base}/forms`);
    const figures = page.getByTestId('form-figures');
    await expect
      .poll(() => figures.locator('[data-figure="submissions"] dd').first().textContent())
      .toBe('1');
    expect(await figures.locator('[data-figure="views"] dd').first().textContent()).toBe('2');
    expect(await figures.locator('[data-figure="conversion"] dd').first().textContent()).toBe('50%');
    await page.getByTestId('form-submissions').getByText('Please call me about a keynote.').waitFor();
    await shot(page, 'forms-screen-1440');
    await axeClean(page, '/forms with a form (en)');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${base}/forms`);
    await page.getByTestId('form-figures').waitFor();
    await shot(page, 'forms-screen-390');
    await axeClean(page, '/forms at 390 px');
    await page.setViewportSize({ width: 1440, height: 1000 });

    // The analytics tab's card.
    await page.goto(`${base}/dashboard?tab=analytics`);
    const card = page.getByTestId('forms-analytics');
    await card.getByText('Contact us').waitFor();
    expect(await card.locator('tbody tr').first().textContent()).toContain('50%');
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'forms-analytics-card-1440');

    // In Arabic: the builder in the reader's language, the form switched to Arabic, its hosted page right to left.
    await useLanguage(page, 'ar');
    await page.goto(`${base}/forms`);
    await page.getByTestId('form-panel').getByRole('button', { name: 'تعديل' }).click();
    const arDialog = page.getByRole('dialog');
    await arDialog.getByTestId('form-builder').waitFor();
    await arDialog.getByLabel('لغة النموذج').selectOption('ar');
    await expect.poll(() => arDialog.getByLabel('الزر').inputValue()).toBe('إرسال');
    // Labels still as the builder filled them follow the language; the one the owner typed stays.
    expect(await arDialog.getByTestId('form-field-1').getByLabel('التسمية').inputValue()).toBe(
      'البريد الإلكتروني',
    );
    expect(await arDialog.getByTestId('form-field-3').getByLabel('التسمية').inputValue()).toBe('Phone');
    await shot(page, 'forms-builder-ar-1440');
    await axeClean(page, 'builder (ar)');
    await arDialog.getByRole('button', { name: 'حفظ النموذج' }).click();
    await arDialog.waitFor({ state: 'detached' });
    await hosted.setViewportSize({ width: 390, height: 844 });
    await hosted.goto(hostedUrl as string);
    await hosted.getByRole('button', { name: 'إرسال' }).waitFor();
    expect(
      await hosted.evaluate(() => [document.documentElement.lang, document.documentElement.dir]),
    ).toEqual(['ar', 'rtl']);
    await hosted.getByRole('button', { name: 'إرسال' }).click();
    await hosted.getByText('هذا الحقل مطلوب').first().waitFor();
    expect(await hosted.getByLabel('البريد الإلكتروني').getAttribute('aria-invalid')).toBe('true');
    await shot(hosted, 'forms-hosted-ar-390');
    await axeClean(hosted, 'hosted page (ar)');
    await visitor.close();
    await page.context().close();
  }, 300_000);
});
