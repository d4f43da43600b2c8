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

  it('a member changing their own language in settings stays on the screen, signed in', async () => {
    const page = await signUpInBrowser(env, {
      firstName: 'Sol',
      lastName: 'Switch',
      businessName: 'Switch SL',
    });
    await page.goto(`${env.server.baseUrl}/dashboard?tab=settings`);
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/auth/user') && r.request().method() === 'PATCH',
    );
    await page.locator('#profile-language').click();
    await page.getByRole('option', { name: 'Español' }).click();
    expect((await saved).ok()).toBe(true);
    // The screen re-renders in Spanish from the answer; a session read as signed out would show the
    // "Unauthorized" toast in the same render and leave for sign-in half a second later.
    await page.getByText('Configuración', { exact: true }).first().waitFor();
    expect(await page.getByText('No autorizado').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(navigations.filter((url) => !url.includes('/dashboard?tab=settings'))).toEqual([]);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/dashboard?tab=settings');
    await page.context().close();
  });
});
