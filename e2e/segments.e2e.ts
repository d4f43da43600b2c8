import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.js';
import { pageApi as api, viewportShot as shot } from './support/in-page.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

const env = withServerAndBrowser();

async function axeClean(page: Page, where: string) {
  expect(await seriousA11yViolations(page), where).toEqual([]);
}

describe('live segments', () => {
  it('builds a segment, shows its count and members, and a changed contact entering it', async () => {
    const page = await signUpInBrowser(
      env,
      { firstName: 'Sia', lastName: 'Segments', businessName: 'Sia Segments' },
      { viewport: { width: 1440, height: 1000 } },
    );
    const base = env.server.baseUrl;
    const ann = await api<{ id: number }>(page, 'POST', '/api/contacts', {
      firstName: 'Ann',
      lastName: 'Vip',
      email: 'ann.vip@example.test',
      tags: ['vip'],
    });
    const bob = await api<{ id: number }>(page, 'POST', '/api/contacts', {
      firstName: 'Bob',
      lastName: 'Plain',
      email: 'bob.plain@example.test',
    });
    expect([ann.status, bob.status]).toEqual([201, 201]);

    // Reached from the sidebar, under Marketing.
    await page
      .getByRole('complementary', { name: 'Dashboard navigation' })
      .getByRole('link', { name: 'Segments', exact: true })
      .click();
    await page.waitForURL(`${base}/segments`);
    await page.getByTestId('segments-empty').waitFor();
    await axeClean(page, '/segments empty');

    await page.getByTestId('button-new-segment').click();
    const builder = page.getByTestId('segment-builder');
    await builder.getByTestId('input-segment-name').fill('VIPs');
    const first = builder.getByRole('group', { name: 'Condition 1' });
    await first.getByLabel('Condition', { exact: true }).selectOption('tag');
    await first.getByLabel('Tag').fill('vip');
    await axeClean(page, 'builder');
    await shot(page, 'segments-builder-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'segments-builder-390');
    await axeClean(page, 'builder at 390 px');
    await page.setViewportSize({ width: 1440, height: 1000 });
    await builder.getByTestId('button-save-segment').click();
    await builder.waitFor({ state: 'detached' });

    const table = page.getByTestId('segments-table');
    await table.getByText('VIPs').waitFor();
    const count = table.locator('[data-testid^="segment-count-"]').first();
    await expect.poll(() => count.textContent(), { timeout: 15_000 }).toBe('1');
    const members = page.getByTestId('segment-members');
    await members.getByText('Ann Vip').waitFor();
    expect(await members.getByText('Bob Plain').count()).toBe(0);

    // Bob gets the tag: he enters, the count follows, the history says so.
    expect((await api(page, 'PATCH', `/api/contacts/${bob.json.id}`, { tags: ['vip'] })).status).toBe(200);
    await members.getByText('Bob Plain').waitFor({ timeout: 15_000 });
    await expect.poll(() => count.textContent(), { timeout: 15_000 }).toBe('2');
    await page.getByTestId('segment-history').getByText('Bob Plain entered').waitFor({ timeout: 15_000 });
    await shot(page, 'segments-members-1440');
    await axeClean(page, 'segment with members');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'segments-members-390');
    await axeClean(page, 'segment at 390 px');

    // The contacts screen links here.
    await page.goto(`${base}/contacts`);
    await page.getByTestId('link-segments').click();
    await page.waitForURL(`${base}/segments`);
  });
});
