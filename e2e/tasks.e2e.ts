import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.js';
import { pageApi as api, viewportShot as shot } from './support/in-page.js';
import { settle } from './support/pages.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

const env = withServerAndBrowser();

/** The shell's count beside Tasks, or null when it shows none. */
const shellCount = async (page: Page) => {
  const badge = page.getByTestId('task-count');
  return (await badge.count()) === 0 ? null : await badge.locator('[aria-hidden="true"]').textContent();
};

/** A datetime-local value in the page's own time zone, `hours` from now. */
const localInput = (page: Page, hours: number) =>
  page.evaluate((h) => {
    const at = new Date(Date.now() + h * 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
  }, hours);

describe('tasks', () => {
  it('adds a task from a contact, shows it in My tasks and the shell count, takes a comment and is marked done', async () => {
    const page = await signUpInBrowser(
      env,
      { firstName: 'Tara', lastName: 'Tasker', businessName: 'Tara Tasks' },
      { viewport: { width: 1440, height: 1000 } },
    );
    const contact = await api<{ id: number }>(page, 'POST', '/api/contacts', {
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann.lee@tasks.example',
    });
    expect(contact.status).toBe(201);
    // Another of mine, due in two days: listed, not counted.
    const later = await api(page, 'POST', '/api/tasks', {
      title: 'Prepare the quarterly review',
      dueAt: new Date(Date.now() + 48 * 3_600_000).toISOString(),
    });
    expect(later.status).toBe(201);

    // From the contact's details: Add task, due an hour ago (overdue whatever the time of day).
    await settle(page, `${env.server.baseUrl}/contacts`);
    await page.getByRole('button', { name: 'View Ann Lee' }).click();
    const details = page.getByRole('dialog');
    const related = details.getByTestId('related-tasks');
    await related.getByText('No tasks yet').waitFor();
    await related.getByRole('button', { name: 'Add task' }).click();
    const form = page.getByRole('dialog', { name: 'New task' });
    await form.getByText('A task about Ann Lee.').waitFor();
    await form.getByRole('button', { name: 'Add task' }).click();
    await form.getByText('Title is required').waitFor();
    await form.getByLabel('Title').fill('Call Ann back');
    await form.getByLabel('Due').fill(await localInput(page, -1));
    await form.getByRole('button', { name: 'Add task' }).click();
    await form.waitFor({ state: 'hidden' });
    await related.getByRole('button', { name: 'Call Ann back', exact: true }).waitFor();
    await related.getByText('Overdue').waitFor();
    await expect.poll(() => shellCount(page)).toBe('1');
    await page.keyboard.press('Escape');

    // My tasks: soonest due first, the overdue one marked.
    await page
      .getByRole('navigation')
      .getByRole('link', { name: /^Tasks/ })
      .click();
    await page.waitForURL(`${env.server.baseUrl}/tasks`);
    const rows = page.getByTestId('task-rows').getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.first().textContent()).toContain('Call Ann back');
    expect(await rows.first().textContent()).toContain('Ann Lee');
    expect(await rows.nth(1).textContent()).toContain('Prepare the quarterly review');
    await page.getByText('1 of your tasks is due today or overdue.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'tasks-my-tasks-1440');

    // Its details: a comment, then done.
    await page.getByRole('button', { name: 'Call Ann back', exact: true }).click();
    const task = page.getByRole('dialog', { name: 'Call Ann back' });
    await task.getByText('No comments yet.').waitFor();
    await task.getByLabel('New comment').fill('Left a voicemail');
    await task.getByRole('button', { name: 'Add comment' }).click();
    await task.getByTestId('task-comments').getByText('Left a voicemail').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'tasks-details-1440');
    await task.getByRole('button', { name: 'Mark done' }).click();
    await task.getByRole('button', { name: 'Reopen' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => shellCount(page)).toBe(null);
    await page.getByText('Nothing of yours is due today.').waitFor();
    const stored = await api<{ tasks: { title: string; status: string }[] }>(
      page,
      'GET',
      '/api/tasks?status=done',
    );
    expect(stored.json.tasks.map((t) => t.title)).toEqual(['Call Ann back']);

    // Arabic, right to left, on a phone: the screen and its form pass axe too.
    await api(page, 'PATCH', '/api/auth/user', { locale: 'ar' });
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page, `${env.server.baseUrl}/tasks`);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'tasks-ar-390');
    await page.getByRole('button', { name: 'مهمة جديدة' }).click();
    await page.getByRole('dialog').getByLabel('العنوان').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'tasks-form-ar-390');
    await page.keyboard.press('Escape');
    await api(page, 'PATCH', '/api/auth/user', { locale: 'en' });
    await settle(page, `${env.server.baseUrl}/tasks`);
    await shot(page, 'tasks-en-390');
    await page.context().close();
  }, 480_000);

  it('adds a task from a deal in the deals table', async () => {
    const page = await signUpInBrowser(
      env,
      { firstName: 'Dana', lastName: 'Dealer', businessName: 'Dana Deals' },
      { viewport: { width: 1440, height: 1000 } },
    );
    const contact = await api<{ id: number }>(page, 'POST', '/api/contacts', {
      firstName: 'Bo',
      lastName: 'Buyer',
    });
    const deal = await api<{ id: number }>(page, 'POST', '/api/deals', {
      name: 'Annual retainer',
      contactId: contact.json.id,
      valueCents: 120_000,
    });
    expect(deal.status).toBe(201);
    await settle(page, `${env.server.baseUrl}/contacts`);
    await page.getByRole('tab', { name: 'Table' }).click();
    await page.getByTestId('deal-table').getByRole('button', { name: 'Annual retainer' }).click();
    const details = page.getByRole('dialog', { name: 'Annual retainer' });
    await details.getByTestId('related-tasks').getByRole('button', { name: 'Add task' }).click();
    const form = page.getByRole('dialog', { name: 'New task' });
    await form.getByText('A task about Annual retainer.').waitFor();
    await form.getByLabel('Title').fill('Send the renewal quote');
    await form.getByRole('button', { name: 'Add task' }).click();
    await form.waitFor({ state: 'hidden' });
    await details.getByRole('button', { name: 'Send the renewal quote', exact: true }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'tasks-deal-details-1440');
    const ofDeal = await api<{ tasks: { title: string; dealName: string }[] }>(
      page,
      'GET',
      `/api/tasks?owner=all&dealId=${deal.json.id}`,
    );
    expect(ofDeal.json.tasks).toMatchObject([
      { title: 'Send the renewal quote', dealName: 'Annual retainer' },
    ]);
    await page.context().close();
  }, 300_000);
});
