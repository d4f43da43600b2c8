import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../test/test-app.js';
import { seriousA11yViolations } from './support/axe.js';
import { screenshot } from './support/browser.js';
import { pageApi as api } from './support/in-page.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

const env = withServerAndBrowser();

interface Made {
  id: number;
}

describe('command palette', () => {
  it('opens with Ctrl-K, jumps to a tab, a contact and a deal by name, and closes with Escape', async () => {
    const page = await signUpInBrowser(
      env,
      { firstName: 'Kai', lastName: 'Palette', businessName: 'Palette Co' },
      { viewport: { width: 1440, height: 900 } },
    );
    const contact = await api<Made>(page, 'POST', '/api/contacts', {
      firstName: 'Zelda',
      lastName: 'Quillfeather',
      email: uniqueEmail('zelda'),
      company: 'Quill Works',
    });
    expect(contact.status).toBe(201);
    const deal = await api<Made>(page, 'POST', '/api/deals', {
      name: 'Harbour Retainer',
      valueCents: 120_000,
      contactId: contact.json.id,
    });
    expect(deal.status).toBe(201);

    const palette = page.getByRole('dialog', { name: 'Search' });
    const input = palette.getByRole('combobox');
    const header = page.locator('header');
    await header.getByRole('button', { name: 'Search' }).waitFor();

    // Ctrl-K opens it; a tab's name and Enter go there.
    await page.keyboard.press('Control+k');
    await palette.waitFor();
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await input.fill('automa');
    await palette.getByRole('option', { name: 'Automation' }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('tab') === 'automation');
    await palette.waitFor({ state: 'hidden' });

    // The header's Search button opens it too; a contact found by name opens its details.
    await header.getByRole('button', { name: 'Search' }).click();
    await palette.waitFor();
    await input.fill('Quillfea');
    const found = palette.getByRole('option', { name: /^Zelda Quillfeather/ });
    await found.waitFor();
    await expect.poll(() => found.getAttribute('aria-selected')).toBe('true');
    const results = palette.getByRole('group', { name: 'Contacts' });
    expect(await results.count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'command-palette-1440');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('tab') === 'crm');
    const details = page.getByRole('dialog', { name: 'Zelda Quillfeather' });
    await details.waitFor();
    // The intent is used once: it leaves the URL, so a reload does not open the details again.
    await expect.poll(() => new URL(page.url()).searchParams.get('open')).toBeNull();
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });

    // A deal is found by its name and leads to the CRM tab's board.
    await page.goto(`${env.server.baseUrl}/webhooks`);
    await header.getByRole('button', { name: 'Search' }).waitFor();
    await page.keyboard.press('Control+k');
    await palette.waitFor();
    await input.fill('harbour');
    await palette.getByRole('option', { name: /Harbour Retainer/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/dashboard' && url.searchParams.get('tab') === 'crm');
    await page.getByText('Contact Management').waitFor();

    // Nothing found says so; Escape closes the palette.
    await page.keyboard.press('Control+k');
    await palette.waitFor();
    await input.fill('no such thing anywhere');
    await palette.getByText('No results').waitFor();
    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'hidden' });
    await page.context().close();
  });

  it('fits a phone screen', async () => {
    const page = await signUpInBrowser(
      env,
      { firstName: 'Pip', lastName: 'Phone', businessName: 'Phone Co' },
      { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    );
    const palette = page.getByRole('dialog', { name: 'Search' });
    await page.locator('header').getByRole('button', { name: 'Search' }).click();
    await palette.waitFor();
    await palette.getByRole('combobox').fill('set');
    await palette.getByRole('option', { name: 'Settings' }).waitFor();
    const box = await palette.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'command-palette-390');
    await page.getByRole('option', { name: 'Settings' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'settings');
    await palette.waitFor({ state: 'hidden' });
    await page.context().close();
  });
});
