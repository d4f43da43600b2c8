import { describe, expect, it } from 'vitest';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

/**
 * Issue 10: an owner sets the workspace's default language in Settings → Workspace; it is stored on the
 * workspace (PATCH /api/workspace/settings) and members without a choice of their own read the product in it.
 */
const env = withServerAndBrowser();

describe('workspace default language', () => {
  it('an owner picks it in settings and it is kept on the workspace', async () => {
    const page = await signUpInBrowser(env, {
      firstName: 'Lea',
      lastName: 'Lang',
      businessName: 'Lang GmbH',
    });
    await page.goto(`${env.server.baseUrl}/dashboard?tab=settings`);
    const select = page.getByRole('combobox', { name: 'Default language for members' });
    await select.click();
    await page.getByRole('option', { name: 'Deutsch' }).click();

    const defaultLocale = () =>
      page.evaluate(async () => (await (await fetch('/api/auth/user')).json()).workspace.defaultLocale);
    await expect.poll(defaultLocale).toBe('de');
    // The owner chose no language of their own, so the workspace's applies to them too, and survives a reload.
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await page.locator('#workspace-language').textContent()).toContain('Deutsch');
    await page.context().close();
  });
});
