import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotDir } from './support/browser.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

const env = withServerAndBrowser();

function signedInPage(): Promise<Page> {
  return signUpInBrowser(
    env,
    { firstName: 'Ivy', lastName: 'Importer', businessName: 'Ivy Imports' },
    { viewport: { width: 1440, height: 1100 } },
  );
}

const csv = [
  'First Name,Last Name,Email,Company,Phone',
  'Ada,Lovelace,ada@example.com,"Engines, Ltd",(415) 555-0101',
  'Grace,Hopper,grace@example.com,Navy,',
  'Bad,Row,not-an-email,,',
].join('\r\n');

describe('CSV import dialog', () => {
  it('imports a file from the CRM tab and shows the contacts in the table', async () => {
    const page = await signedInPage();
    await page.goto(`${env.server.baseUrl}/dashboard?tab=crm`);
    await page.getByText('No contacts found').waitFor();
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Import Contacts from CSV').waitFor();
    const importButton = dialog.getByRole('button', { name: 'Import Contacts' });
    expect(await importButton.isDisabled()).toBe(true);
    expect(await dialog.locator('input[type=file]').getAttribute('accept')).toBe('.csv,text/csv');

    // Not a CSV: refused with the spec's toast, and the button stays disabled.
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await page.getByText('Invalid File', { exact: true }).waitFor();
    await page.getByText('Please select a CSV file.', { exact: true }).waitFor();
    expect(await importButton.isDisabled()).toBe(true);

    await dialog.locator('input[type=file]').setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await dialog.getByText('people.csv').waitFor();
    await dialog.getByText(`${(Buffer.byteLength(csv) / 1024).toFixed(1)} KB`).waitFor();
    await importButton.click();
    await page.getByText('Import Started', { exact: true }).waitFor();

    await dialog.getByText('Completed', { exact: true }).waitFor({ timeout: 30_000 });
    const stat = (label: string) =>
      dialog.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
    expect(await stat('Processed').textContent()).toBe('3');
    expect(await stat('Imported').textContent()).toBe('2');
    expect(await stat('Failed').textContent()).toBe('1');
    await dialog.getByText('Ada Lovelace').waitFor();
    const report = dialog.getByRole('link', { name: /Download error report/ });
    const href = await report.getAttribute('href');
    const reportText = await page.evaluate(async (url) => (await fetch(url ?? '')).text(), href);
    expect(reportText).toContain('Email ""not-an-email"" is not a valid email address');

    mkdirSync(screenshotDir, { recursive: true });
    await page.screenshot({ path: path.join(screenshotDir, 'import-dialog.png'), timeout: 60_000 });

    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByRole('cell', { name: /Ada Lovelace/ })
      .first()
      .waitFor();
    await page
      .getByRole('cell', { name: /Grace Hopper/ })
      .first()
      .waitFor();

    // Reopening starts fresh: no file, no job, no preview.
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await dialog.getByText('Choose a CSV file').waitFor();
    expect(await dialog.getByRole('button', { name: 'Import Contacts' }).isDisabled()).toBe(true);
    expect(await dialog.getByText('Ada Lovelace').count()).toBe(0);
  });
});
