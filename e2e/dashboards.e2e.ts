import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.js';
import { pageApi as api, viewportShot as shot } from './support/in-page.js';
import { settle } from './support/pages.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

const env = withServerAndBrowser();

describe('dashboards', () => {
  it('places a report on a dashboard, resizes it with the keyboard, reads its table and shows it on home; en and ar at 1440 and 390 px', async () => {
    const page = await signUpInBrowser(
      env,
      { firstName: 'Dana', lastName: 'Board', businessName: 'Dana Boards' },
      { viewport: { width: 1440, height: 1000 } },
    );
    for (const [firstName, status] of [
      ['Ann', 'lead'],
      ['Ben', 'lead'],
      ['Cat', 'customer'],
    ]) {
      const created = await api(page, 'POST', '/api/contacts', {
        firstName,
        email: `${firstName.toLowerCase()}@boards.example`,
        status,
      });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
    }
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const report = await api<{ id: number }>(page, 'POST', '/api/reports', {
      name: 'Contacts by status',
      source: 'contacts',
      measures: [{ fn: 'count' }],
      breakdown: { by: 'field', field: 'status' },
      range: { from: day(-30), to: day(1) },
      chart: 'bar',
    });
    expect(report.status, JSON.stringify(report.json)).toBe(201);

    // From the reports screen.
    await settle(page, `${env.server.baseUrl}/reports`);
    await page.getByRole('main').getByRole('link', { name: 'Dashboards' }).click();
    await page.waitForURL(`${env.server.baseUrl}/reports/dashboards`);
    await page.getByText('No dashboards yet.').waitFor();
    const form = page.getByRole('form', { name: 'New dashboard' });
    await form.getByLabel('Dashboard name').fill('Team board');
    await form.getByRole('button', { name: 'Create dashboard' }).click();
    await page.getByRole('heading', { name: 'Team board' }).waitFor();
    const dashboardId = Number(new URL(page.url()).searchParams.get('id'));
    expect(dashboardId).toBeGreaterThan(0);

    await page.getByLabel('Report to add').selectOption({ label: 'Contacts by status' });
    await page.getByRole('button', { name: 'Add to dashboard' }).click();
    const tile = page.getByRole('group', { name: 'Contacts by status' });
    await expect.poll(() => tile.getAttribute('data-place')).toBe('0,0,6,2');

    // Resized and moved with the keyboard, each step said aloud.
    const announcer = page.getByTestId('dashboard-announcer');
    await tile.focus();
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(() => tile.getAttribute('data-place')).toBe('0,0,8,3');
    await expect.poll(() => announcer.textContent()).toBe('Contacts by status: 8 columns wide, 3 rows high.');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tile.getAttribute('data-place')).toBe('1,0,8,3');
    await expect.poll(() => announcer.textContent()).toBe('Contacts by status: column 2, row 1.');
    // Off the grid is refused: the tile stays.
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => tile.getAttribute('data-place')).toBe('4,0,8,3');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => announcer.textContent()).toBe('Contacts by status cannot move there.');
    await expect.poll(() => tile.getAttribute('data-place')).toBe('4,0,8,3');

    await page.getByRole('button', { name: 'Save layout' }).click();
    await page.getByText('Layout saved.').waitFor();
    const saved = await api<{ tiles: unknown[] }>(page, 'GET', `/api/reports/dashboards/${dashboardId}`);
    expect(saved.json.tiles).toEqual([{ reportId: report.json.id, x: 4, y: 0, w: 8, h: 3 }]);

    // The tile's table: the same figures as the report.
    const cells = () =>
      tile
        .getByRole('table')
        .locator('tbody tr')
        .evaluateAll((rows) =>
          rows.map((row) =>
            Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent?.trim()),
          ),
        );
    await expect.poll(cells).toEqual([
      ['lead', '2'],
      ['customer', '1'],
      ['Total', '3'],
    ]);
    await tile.locator('[data-chart="bar"] .recharts-bar-rectangle').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'dashboards-1440');

    // On the dashboard tab instead of the four stat cards, once chosen.
    await settle(page, `${env.server.baseUrl}/dashboard`);
    await page.getByText('Total Revenue').waitFor();
    await settle(page, `${env.server.baseUrl}/reports/dashboards?id=${dashboardId}`);
    await page.getByRole('button', { name: 'Show on my home' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Show on my home' }).getAttribute('aria-pressed'))
      .toBe('true');
    await settle(page, `${env.server.baseUrl}/dashboard`);
    await page.getByRole('heading', { name: 'Team board' }).waitFor();
    await expect.poll(cells).toEqual([
      ['lead', '2'],
      ['customer', '1'],
      ['Total', '3'],
    ]);
    expect(await page.getByText('Total Revenue').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Arabic, right to left, on a phone: the tiles stack.
    await api(page, 'PATCH', '/api/auth/user', { locale: 'ar' });
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page, `${env.server.baseUrl}/reports/dashboards?id=${dashboardId}`);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByTestId('dashboard-tile').locator('table').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'dashboards-ar-390');
    await api(page, 'PATCH', '/api/auth/user', { locale: 'en' });
    await settle(page, `${env.server.baseUrl}/reports/dashboards?id=${dashboardId}`);
    await page.getByTestId('dashboard-tile').locator('table').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'dashboards-en-390');
    await page.context().close();
  }, 480_000);
});
