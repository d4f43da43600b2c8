import { describe, expect, it } from 'vitest';
import { lastMailTo, uniqueEmail } from '../test/test-app.js';
import { seriousA11yViolations } from './support/axe.js';
import { screenshot } from './support/browser.js';
import { withServerAndBrowser } from './support/session.js';

const env = withServerAndBrowser();

describe('sign-up confirmed through the mailed link', () => {
  it('says "check your email", creates the account only from the link, and refuses the link a second time', async () => {
    const base = env.server.baseUrl;
    const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.getByRole('tab', { name: 'Create account' }).click();
    const email = uniqueEmail('e2e-confirm');
    await page.getByLabel('First name').fill('Cora');
    await page.getByLabel('Last name').fill('Confirm');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct-horse-battery');
    await page.getByLabel('Business name').fill('Cora Crafts');
    await page.getByRole('button', { name: 'Start free trial' }).click();

    const notice = page.getByRole('status').filter({ hasText: email });
    await notice.getByText('Check your email').waitFor();
    await screenshot(page, 'sign-up-check-email-390');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Nobody is signed in yet.
    expect((await (await page.request.get(`${base}/api/auth/session`)).json()).user).toBeNull();

    const link = /https?:\/\/\S+\/signup\/confirm\?token=\S+/.exec(
      await lastMailTo({ app: env.server.testApp.app }, email),
    )?.[0];
    expect(link).toBeTruthy();
    const { pathname, search } = new URL(link as string);
    await page.goto(`${base}${pathname}${search}`);
    await page.waitForURL(`${base}/dashboard`);
    const me = await (await page.request.get(`${base}/api/auth/user`)).json();
    expect(me).toMatchObject({ email, firstName: 'Cora', workspace: { name: 'Cora Crafts' } });

    // The same link again, in another browser: refused, with a way to sign up again.
    const other = await (await env.browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await other.goto(`${base}${pathname}${search}`);
    const alert = other.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('This sign-up link is not valid any more');
    await screenshot(other, 'sign-up-link-used-390');
    expect(await seriousA11yViolations(other)).toEqual([]);
    await other.getByRole('link', { name: 'Sign up again' }).click();
    await other.waitForURL(`${base}/login?signup=1`);
    expect(await other.getByRole('tab', { name: 'Create account' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect((await (await other.request.get(`${base}/api/auth/session`)).json()).user).toBeNull();
    await other.context().close();
    await context.close();
  });
});
