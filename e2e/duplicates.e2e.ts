import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.js';
import { pageApi as api, viewportShot as shot } from './support/in-page.js';
import { settle } from './support/pages.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

const env = withServerAndBrowser();

describe('duplicates', () => {
  it('scans, shows a suggestion with its reason, merges with a field choice and undoes the merge', async () => {
    const page = await signUpInBrowser(
      env,
      { firstName: 'Dee', lastName: 'Dupe', businessName: 'Dee Dupes' },
      { viewport: { width: 1440, height: 1000 } },
    );
    const first = await api<{ id: number }>(page, 'POST', '/api/contacts', {
      firstName: 'Katherine',
      lastName: 'Johnson',
      email: 'kjohnson@initech.example',
      company: 'Initech',
    });
    expect(first.status).toBe(201);
    const second = await api<{ id: number }>(page, 'POST', '/api/contacts', {
      firstName: 'Katharine',
      lastName: 'Johnson',
      email: 'katharine.j@initech.example',
      phone: '+1 512 555 0100',
    });
    expect(second.status).toBe(201);

    // From the contacts screen to its duplicates, and a scan by the job queue.
    await settle(page, `${env.server.baseUrl}/contacts`);
    await page.getByRole('link', { name: 'Find duplicates' }).click();
    await page.waitForURL(`${env.server.baseUrl}/contacts/duplicates`);
    await page.getByText('No scan yet.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Scan for duplicates' }).click();
    await page.getByText(/Last scan .*: 1 suggestion\./).waitFor({ timeout: 60_000 });
    const card = page.getByTestId('duplicate-suggestion');
    await card.waitFor();
    const reason = card.getByTestId('duplicate-reason');
    expect(await reason.textContent()).toMatch(/^Name \d+% similar, same company domain initech\.example$/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'duplicates-suggestion-1440');

    // Merge, keeping the first one's first name (the newer one's is the default).
    await card.getByRole('button', { name: /^Merge / }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge contacts' });
    const firstName = dialog.getByTestId('merge-field-firstName');
    expect(await firstName.getByRole('radio', { name: 'Katharine' }).isChecked()).toBe(true);
    await firstName.getByRole('radio', { name: 'Katherine' }).check();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'duplicates-merge-dialog-1440');
    await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('No duplicates suggested.').waitFor();
    const merged = await api<{ contact: { firstName: string; phone: string; company: string } }>(
      page,
      'GET',
      `/api/contacts/${first.json.id}`,
    );
    expect(merged.status).toBe(200);
    expect(merged.json.contact).toMatchObject({
      firstName: 'Katherine',
      phone: '+15125550100',
      company: 'Initech',
    });
    expect((await api(page, 'GET', `/api/contacts/${second.json.id}`)).status).toBe(404);

    // Undo: both contacts as they were.
    const mergeRow = page.getByRole('button', { name: /^Undo the merge of Katharine Johnson/ });
    await mergeRow.click();
    await page.getByText('Merge undone').first().waitFor();
    const restored = await api<{ contact: { firstName: string; phone: string | null } }>(
      page,
      'GET',
      `/api/contacts/${second.json.id}`,
    );
    expect(restored.status).toBe(200);
    expect(restored.json.contact).toMatchObject({ firstName: 'Katharine', phone: '+15125550100' });
    const original = await api<{ contact: { firstName: string; phone: string | null } }>(
      page,
      'GET',
      `/api/contacts/${first.json.id}`,
    );
    expect(original.json.contact).toMatchObject({ firstName: 'Katherine', phone: null });

    // Arabic, right to left, on a phone.
    await api(page, 'PATCH', '/api/auth/user', { locale: 'ar' });
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page, `${env.server.baseUrl}/contacts/duplicates`);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'duplicates-ar-390');
    await api(page, 'PATCH', '/api/auth/user', { locale: 'en' });
    await settle(page, `${env.server.baseUrl}/contacts/duplicates`);
    await shot(page, 'duplicates-en-390');
    await page.context().close();
  }, 480_000);
});
