import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

const env = withServerAndBrowser();

describe('Settings → API keys', () => {
  it('creates a key shown once, which then works from outside the browser until revoked', async () => {
    const page = await signUpInBrowser(
      env,
      { firstName: 'Ada', lastName: 'Api', businessName: 'Ada Integrations' },
      { viewport: { width: 1440, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] },
    );
    const baseUrl = env.server.baseUrl;
    await page.goto(`${baseUrl}/dashboard?tab=settings`);
    const section = page.locator('#settings-api-keys');
    await section.getByText('No API keys yet.').waitFor();
    await section.getByRole('button', { name: 'Create API key' }).click();

    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Reporting script');
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Viewer' }).click();
    await dialog.getByRole('combobox', { name: 'Expires' }).click();
    await page.getByRole('option', { name: '30 days' }).click();
    await dialog.getByRole('button', { name: 'Create key' }).click();

    const key = ((await dialog.getByTestId('new-api-key').textContent()) ?? '').trim();
    expect(key).toMatch(/^bh_live_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await dialog.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });

    const row = section.getByTestId('api-key-row');
    await row.getByText('Reporting script').waitFor();
    expect(await row.getByText('Viewer', { exact: true }).isVisible()).toBe(true);
    expect(await row.textContent()).toContain('never used');
    // Shown once: the page no longer holds the secret anywhere.
    expect(await page.content()).not.toContain(key);

    // The key works from a plain HTTP client, read-only as its role says.
    const auth = { authorization: `Bearer ${key}` };
    const me = await fetch(`${baseUrl}/api/auth/user`, { headers: auth });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { workspace: { name: string } }).workspace.name).toBe('Ada Integrations');
    const write = await fetch(`${baseUrl}/api/contacts`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Nope' }),
    });
    expect(write.status).toBe(403);

    // The use is recorded; the page's own session reads it back.
    const listed = await page.evaluate(() => fetch('/api/workspace/api-keys').then((r) => r.json()));
    expect(listed).toMatchObject([
      { name: 'Reporting script', role: 'viewer', lastUsedAt: expect.any(String) },
    ]);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'api-keys-list-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'api-keys-list-390');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    await section.getByRole('button', { name: 'Revoke Reporting script' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await section.getByText('No API keys yet.').waitFor();
    expect((await fetch(`${baseUrl}/api/auth/user`, { headers: auth })).status).toBe(401);
    await page.context().close();
  });
});
