import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.js';
import { pageApi as api, viewportShot as shot } from './support/in-page.js';
import { settle } from './support/pages.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

const env = withServerAndBrowser();

describe('reports', () => {
  it('builds a report, previews its chart, saves it and reads its table; en and ar at 1440 and 390 px', async () => {
    const page = await signUpInBrowser(
      env,
      { firstName: 'Rita', lastName: 'Reporter', businessName: 'Rita Reports' },
      { viewport: { width: 1440, height: 1000 } },
    );
    for (const [firstName, status] of [
      ['Ann', 'lead'],
      ['Ben', 'lead'],
      ['Cat', 'customer'],
    ]) {
      const created = await api(page, 'POST', '/api/contacts', {
        firstName,
        email: `${firstName.toLowerCase()}@reports.example`,
        status,
      });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
    }

    // From the sidebar.
    await settle(page, `${env.server.baseUrl}/tasks`);
    await page.getByRole('navigation').getByRole('link', { name: 'Reports' }).click();
    await page.waitForURL(`${env.server.baseUrl}/reports`);
    await page.getByText('No reports yet.').waitFor();

    await page.getByRole('button', { name: 'New report' }).click();
    const builder = page.getByRole('form', { name: 'Report builder' });
    await builder.getByLabel('Report name').fill('Contacts by status');
    await builder.getByLabel('Breakdown').selectOption({ label: 'Status' });
    await builder.getByLabel('Chart').selectOption({ label: 'Bar' });
    await builder.getByRole('button', { name: 'Preview' }).click();
    // The chart is drawn (Recharts' bars), and the same figures are a table.
    await page.locator('[data-chart="bar"] .recharts-bar-rectangle').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'reports-builder-1440');

    await builder.getByRole('button', { name: 'Save report' }).click();
    const view = page.getByTestId('report-view');
    await page.getByRole('heading', { name: 'Contacts by status' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Saved reports' })
      .getByRole('button', { name: 'Contacts by status' })
      .waitFor();
    const table = view.getByRole('table', { name: 'Contacts by status' });
    const cells = async () =>
      table
        .locator('tbody tr')
        .evaluateAll((rows) =>
          rows.map((row) =>
            Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent?.trim()),
          ),
        );
    // Status (in the pipeline's order), count, the previous period's count (the 30 days before: none).
    await expect.poll(cells).toEqual([
      ['lead', '2', '0'],
      ['customer', '1', '0'],
      ['Total', '3', '0'],
    ]);
    await view.locator('[data-chart="bar"] .recharts-bar-rectangle').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'reports-view-1440');

    // The API answers the same figures.
    const reports = await api<{ reports: { id: number }[] }>(page, 'GET', '/api/reports');
    const series = await api<{ current: { totals: number[] } }>(
      page,
      'GET',
      `/api/reports/${reports.json.reports[0].id}/series`,
    );
    expect(series.json.current.totals).toEqual([3]);
    // Its CSV link downloads the same table.
    const href = await page.getByRole('link', { name: 'CSV', exact: true }).getAttribute('href');
    const csv = await page.evaluate((url) => fetch(url as string).then((r) => r.text()), href);
    expect(
      csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/),
    ).toEqual(['Status,Count,Count (previous period)', 'lead,2,0', 'customer,1,0', 'Total,3,0']);

    // Arabic, right to left, on a phone.
    await api(page, 'PATCH', '/api/auth/user', { locale: 'ar' });
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page, `${env.server.baseUrl}/reports`);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByTestId('report-view').locator('table').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'reports-ar-390');
    await page.getByRole('button', { name: 'تقرير جديد' }).click();
    await page.getByRole('form').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'reports-builder-ar-390');
    await api(page, 'PATCH', '/api/auth/user', { locale: 'en' });
    await settle(page, `${env.server.baseUrl}/reports`);
    await page.getByTestId('report-view').locator('table').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'reports-en-390');
    await page.context().close();
  }, 480_000);

  it('downloads the contacts list as CSV from the contacts screen’s Export menu, with axe', async () => {
    const page = await signUpInBrowser(
      env,
      { firstName: 'Evan', lastName: 'Exporter', businessName: 'Evan Exports' },
      { viewport: { width: 1440, height: 1000 } },
    );
    const created = await api(page, 'POST', '/api/contacts', {
      firstName: '=Formula',
      email: 'formula@exports.example',
      status: 'customer',
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    await settle(page, `${env.server.baseUrl}/contacts`);
    // The page's own menu (the deal board below has its own for deals).
    const menu = page.getByRole('button', { name: 'Export', exact: true }).first();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    const csvLink = page.getByRole('link', { name: 'CSV', exact: true }).first();
    await csvLink.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'contacts-export-menu-1440');
    const download = page.waitForEvent('download');
    await csvLink.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await file.path()) as string, 'utf8')).replace(/^\uFEFF/, '').trim();
    const [header, ...rows] = csv.split(/\r?\n/);
    expect(header.split(',').slice(0, 4)).toEqual(['ID', 'First name', 'Last name', 'Email']);
    // The formula-looking name is neutralised in the file too.
    expect(rows.find((row) => row.includes('formula@exports.example'))).toContain("'=Formula");
    // Escape closes the menu and gives the focus back to its button.
    await menu.click();
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.context().close();
  }, 240_000);
});
