import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.js';
import { pageApi as api, viewportShot as shot } from './support/in-page.js';
import { settle } from './support/pages.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

const env = withServerAndBrowser();

describe('scheduled reports', () => {
  it('adds a weekly schedule to a report and shows the next send; en and ar at 1440 and 390 px', async () => {
    const page = await signUpInBrowser(
      env,
      { firstName: 'Sam', lastName: 'Scheduler', businessName: 'Sam Schedules' },
      { viewport: { width: 1440, height: 1000 } },
    );
    const saved = await api(page, 'POST', '/api/reports', {
      name: 'Weekly contacts',
      source: 'contacts',
      measures: [{ fn: 'count' }],
      range: { from: '2026-01-01', to: '2026-01-31' },
      chart: 'number',
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(201);

    await settle(page, `${env.server.baseUrl}/reports`);
    const section = page.getByRole('region', { name: 'Schedule', exact: true });
    await section.getByText('Not sent by email yet.').waitFor();
    await section.getByRole('button', { name: 'Add schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule by email' });
    await dialog.getByLabel('How often').selectOption('weekly');
    await dialog.getByLabel('Weekday').selectOption({ label: 'Monday' });
    await dialog.getByLabel('Time of day').fill('08:00');
    await dialog.getByRole('checkbox', { name: 'Sam Scheduler' }).check();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'scheduled-reports-dialog-1440');
    await dialog.getByRole('button', { name: 'Save schedule' }).click();
    await dialog.waitFor({ state: 'detached' });
    await section.getByText('Weekly · Monday · 08:00').waitFor();
    await section.getByText(/^Next: /).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'scheduled-reports-1440');

    const listed = await api<{ schedules: { recipients: { nextSendAt: string }[] }[] }>(
      page,
      'GET',
      '/api/reports/schedules',
    );
    // The browser's zone (the test browser's, UTC here or not) decided the instant: a Monday at 08:00 there.
    expect(listed.json.schedules[0].recipients).toHaveLength(1);

    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page, `${env.server.baseUrl}/reports`);
    await section.getByText(/^Next: /).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'scheduled-reports-390');

    // Arabic, right to left, on a phone and on a desktop, the dialog open.
    await api(page, 'PATCH', '/api/auth/user', { locale: 'ar' });
    await settle(page, `${env.server.baseUrl}/reports`);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('button', { name: 'إضافة جدول' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'scheduled-reports-ar-390');
    await page.setViewportSize({ width: 1440, height: 1000 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'scheduled-reports-ar-1440');
    await api(page, 'PATCH', '/api/auth/user', { locale: 'en' });
    await page.context().close();
  }, 480_000);
});
