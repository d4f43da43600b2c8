import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../test/test-app.js';
import { screenshotDir } from './support/browser.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

const env = withServerAndBrowser();

async function signedInPage(): Promise<Page> {
  const page = await signUpInBrowser(
    env,
    { firstName: 'Carla', lastName: 'Crm', businessName: 'Carla Coaching' },
    { viewport: { width: 1440, height: 1200 } },
  );
  // Two websites to be sources, added through the API from the page (same origin, same session).
  for (const site of [
    { name: 'Speaker Site', domain: 'speaker.example' },
    { name: 'Housing Site', domain: 'housing.example' },
  ]) {
    const status = await page.evaluate(
      async (body) =>
        (
          await fetch('/api/websites', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).status,
      site,
    );
    expect(status).toBe(201);
  }
  return page;
}

/**
 * A viewport capture (the viewport is tall enough for the whole panel): full-page captures stalled
 * Chromium on a loaded machine here, and a stalled capture blocks every later page of the browser.
 */
async function viewportShot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), timeout: 60_000 });
}

async function choose(page: Page, trigger: Locator, option: string) {
  await trigger.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function addContact(
  page: Page,
  fields: { first: string; last: string; email: string; phone?: string; company?: string; value?: string },
  options: { source?: string; status?: string } = {},
) {
  await page.getByRole('button', { name: 'Add Contact' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First name').fill(fields.first);
  await dialog.getByLabel('Last name').fill(fields.last);
  await dialog.getByLabel('Email').fill(fields.email);
  if (fields.phone) await dialog.getByLabel('Phone').fill(fields.phone);
  if (fields.company) await dialog.getByLabel('Company').fill(fields.company);
  if (fields.value) await dialog.getByLabel('Value ($)').fill(fields.value);
  if (options.source) await choose(page, dialog.getByLabel('Source'), options.source);
  if (options.status) await choose(page, dialog.getByLabel('Status'), options.status);
  await dialog.getByRole('button', { name: 'Add Contact' }).click();
  return dialog;
}

const rows = (page: Page) => page.getByTestId('contact-row');

describe('CRM tab', () => {
  it('adds, searches, filters, edits and deletes contacts', async () => {
    const page = await signedInPage();
    await page.goto(`${env.server.baseUrl}/dashboard?tab=crm`);
    await page.getByText('No contacts found').waitFor();
    for (const title of ['Total Contacts', 'Qualified Leads', 'Active Deals', 'Conversion Rate']) {
      expect(await page.getByTestId(`crm-stat-${title}`).isVisible()).toBe(true);
    }
    expect(
      await page
        .getByRole('heading', { name: 'Sales Pipeline' })
        .or(page.getByText('Sales Pipeline'))
        .first()
        .isVisible(),
    ).toBe(true);

    // The form checks input in the browser first: a bad email is named on its field and nothing is sent.
    await page.getByRole('button', { name: 'Add Contact' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('First name').fill('Bad');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await dialog.getByText('Enter a valid email address').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const maria = uniqueEmail('maria');
    dialog = await addContact(
      page,
      {
        first: 'Maria',
        last: 'Lopez',
        email: maria,
        phone: '(512) 555-0150',
        company: 'Lopez Realty',
        value: '2,500',
      },
      { source: 'Speaker Site', status: 'Qualified' },
    );
    await dialog.waitFor({ state: 'hidden' });
    await rows(page).filter({ hasText: 'Maria Lopez' }).waitFor();
    await addContact(page, { first: 'Tom', last: 'Baker', email: uniqueEmail('tom') });
    await rows(page).filter({ hasText: 'Tom Baker' }).waitFor();
    await addContact(
      page,
      { first: 'Ana', last: 'Silva', email: uniqueEmail('ana'), value: '900' },
      { source: 'Housing Site', status: 'Customer' },
    );
    await rows(page).filter({ hasText: 'Ana Silva' }).waitFor();

    // The same email in capitals is refused by the server, shown on the email field, with a merge offer.
    dialog = await addContact(page, { first: 'M', last: 'L', email: maria.toUpperCase() });
    await dialog.getByText(/Maria Lopez already has this email address/).waitFor();
    expect(await dialog.getByRole('button', { name: 'Merge into existing contact' }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await rows(page).count()).toBe(3);

    const mariaRow = rows(page).filter({ hasText: 'Maria Lopez' });
    expect(await mariaRow.getByText('Speaker Site').isVisible()).toBe(true);
    expect(await mariaRow.getByText('Qualified').isVisible()).toBe(true);
    expect(await mariaRow.getByText('$2,500').isVisible()).toBe(true);
    expect(await mariaRow.getByText('Never').isVisible()).toBe(true);
    expect(
      await page.getByTestId('crm-stat-Total Contacts').getByText('3', { exact: true }).isVisible(),
    ).toBe(true);
    await viewportShot(page, 'crm');

    // Search (debounced) over name, email and company.
    await page.getByLabel('Search contacts').fill('lopez real');
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain('Maria Lopez');
    await page.getByLabel('Search contacts').fill('zzz-nobody');
    await page.getByText('No contacts found').waitFor();
    await page.getByLabel('Search contacts').fill('');
    await expect.poll(() => rows(page).count()).toBe(3);

    // Source filter: all plus the workspace's websites.
    await choose(page, page.getByLabel('Filter by source'), 'Housing Site');
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain('Ana Silva');
    await choose(page, page.getByLabel('Filter by source'), 'All Sources');
    await expect.poll(() => rows(page).count()).toBe(3);

    // Edit: Maria becomes a customer; the timeline records the status change.
    await page.getByRole('button', { name: 'Edit Maria Lopez' }).click();
    dialog = page.getByRole('dialog');
    await choose(page, dialog.getByLabel('Status'), 'Customer');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await mariaRow.getByText('Customer').waitFor();
    await page.getByRole('button', { name: 'View Maria Lopez' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByText('Status changed from Qualified to Customer').waitFor();
    await dialog.getByLabel('New note').fill('Signed the listing agreement');
    await dialog.getByRole('button', { name: 'Add Note' }).click();
    await dialog.getByTestId('contact-timeline').getByText('Signed the listing agreement').waitFor();
    await viewportShot(page, 'crm-contact-details');
    await page.keyboard.press('Escape');

    // Delete asks first.
    await page.getByRole('button', { name: 'Delete Tom Baker' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Delete Tom Baker?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => rows(page).count()).toBe(2);
    expect(await rows(page).filter({ hasText: 'Tom Baker' }).count()).toBe(0);

    // Tiles follow: 2 contacts left (conversion is counted from deals now: e2e/deals.e2e.ts).
    await page.getByTestId('crm-stat-Total Contacts').getByText('2', { exact: true }).waitFor();
    await page.context().close();
  }, 240_000); // screenshots alone take 20-30 s each in a software-rendered Chromium on a busy machine

  it('shows the same contact management on /contacts', async () => {
    const page = await signedInPage();
    await page.goto(`${env.server.baseUrl}/contacts`);
    await page.getByRole('heading', { name: 'Contacts' }).waitFor();
    await page.getByText('No contacts found').waitFor();
    await addContact(page, { first: 'Page', last: 'Person', email: uniqueEmail('page') });
    await rows(page).filter({ hasText: 'Page Person' }).waitFor();
    await viewportShot(page, 'contacts-page');
    await page.context().close();
  }, 120_000);

  it('turns each contact into a card with its status, value and actions on a 390 px phone', async () => {
    const page = await signedInPage();
    const status = await page.evaluate(
      async (body) =>
        (
          await fetch('/api/contacts', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).status,
      {
        firstName: 'Nora',
        lastName: 'Narrow',
        email: uniqueEmail('nora'),
        status: 'qualified',
        valueCents: 420_000,
      },
    );
    expect(status).toBe(201);
    await page.goto(`${env.server.baseUrl}/dashboard?tab=crm`);

    // Wide: the table, every column in its row; the cards are not shown (display:none, not read twice).
    const row = rows(page).filter({ hasText: 'Nora Narrow' });
    await row.waitFor();
    expect(await row.getByText('Qualified').isVisible()).toBe(true);
    expect(await row.getByText('$4,200').isVisible()).toBe(true);
    expect(await page.getByTestId('contact-card').count()).toBe(1);
    expect(await page.getByTestId('contact-card').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Edit Nora Narrow' }).count()).toBe(1);
    await viewportShot(page, 'crm-contacts-1440');

    // Narrow: the table is hidden and the card shows status, value and the actions, all within the phone.
    await page.setViewportSize({ width: 390, height: 1200 });
    const card = page.getByTestId('contact-card').filter({ hasText: 'Nora Narrow' });
    await card.waitFor();
    expect(await row.isVisible()).toBe(false);
    for (const text of ['Qualified', '$4,200', 'Value', 'Never'])
      expect(await card.getByText(text, { exact: true }).isVisible()).toBe(true);
    const edit = page.getByRole('button', { name: 'Edit Nora Narrow' });
    expect(await edit.count()).toBe(1);
    for (const action of ['View', 'Edit', 'Delete']) {
      const button = card.getByRole('button', { name: `${action} Nora Narrow` });
      expect(await button.isVisible()).toBe(true);
      const box = await button.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await card.scrollIntoViewIfNeeded();
    await viewportShot(page, 'crm-contacts-390');

    // The card's actions work: Edit opens the contact's form.
    await edit.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).waitFor();
    await page.context().close();
  }, 180_000);
});
