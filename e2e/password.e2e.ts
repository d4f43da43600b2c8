import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalSmtpServer, startLocalSmtpServer } from '../test/local-smtp-server.js';
import { ApiClient, signUpOwner } from '../test/test-app.js';
import { seriousA11yViolations } from './support/axe.js';
import { openBrowser, screenshot, screenshotDir } from './support/browser.js';
import { startTestServer, type TestServer } from './support/server.js';

let smtp: LocalSmtpServer;
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  smtp = await startLocalSmtpServer();
  server = await startTestServer({ env: { SMTP_URL: smtp.url } });
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

async function newPage(width = 1440): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('passwords in the browser', () => {
  it('resets a forgotten password through the emailed link, once', async () => {
    const account = await signUpOwner(server.testApp.app);
    const page = await newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await dialog.getByLabel('Email').fill(account.email);
    await screenshot(page, 'password-forgot-dialog-1440');
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await dialog
      .getByText('If an account uses that email, a link to reset its password is on its way.')
      .waitFor();
    // The sign-in form behind the dialog did not try to sign in.
    expect(await page.getByRole('alert').count()).toBe(0);

    const mail = await smtp.nextMailTo(account.email);
    const link = /http\S+\/reset-password\?token=\S+/.exec(mail.text ?? '')?.[0] as string;
    expect(link.startsWith(server.baseUrl)).toBe(true);

    const phone = await newPage(390);
    await phone.goto(link);
    await phone.getByLabel('New password').fill('password1');
    await phone.getByText('This password is too common. Choose one that is harder to guess').waitFor();
    await screenshot(phone, 'password-reset-page-390');
    await phone.getByLabel('New password').fill('a-fresh-start-for-olive');
    await phone.getByRole('button', { name: 'Set new password' }).click();
    await phone.getByText('Your password has been changed. Sign in with your new password.').waitFor();
    await screenshot(phone, 'password-reset-done-390');

    // The link works once.
    await phone.goto(link);
    await phone.getByLabel('New password').fill('and-another-new-one');
    await phone.getByRole('button', { name: 'Set new password' }).click();
    await phone.getByText('This reset link is not valid any more. Ask for a new one.').waitFor();

    await signIn(page, account.email, 'a-fresh-start-for-olive');
    await page.waitForURL(`${server.baseUrl}/dashboard`);
  });

  it('changes the password in the profile settings', async () => {
    const account = await signUpOwner(server.testApp.app);
    const page = await newPage();
    await signIn(page, account.email, account.password);
    await page.waitForURL(`${server.baseUrl}/dashboard`);
    await page.goto(`${server.baseUrl}/dashboard?tab=settings`);
    await page.getByLabel('Current password').fill(account.password);
    await page.getByLabel('New password').fill('changed-in-settings-now');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed', { exact: true }).first().waitFor();
    expect(await page.getByLabel('Current password').inputValue()).toBe('');
    // A viewport capture: full-page captures of the dashboard stall (see contacts.e2e.ts).
    await page.getByRole('button', { name: 'Change password' }).scrollIntoViewIfNeeded();
    await page.screenshot({
      path: path.join(screenshotDir, 'password-change-settings-1440.png'),
      animations: 'disabled',
      timeout: 90_000,
    });

    const signedIn = await new ApiClient(server.testApp.app).post('/api/auth/login', {
      email: account.email,
      password: 'changed-in-settings-now',
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it('uploads a profile picture in the profile settings, refuses a non-image, and removes it', async () => {
    const account = await signUpOwner(server.testApp.app);
    const page = await newPage(390);
    await signIn(page, account.email, account.password);
    await page.waitForURL(`${server.baseUrl}/dashboard`);
    await page.goto(`${server.baseUrl}/dashboard?tab=settings`);
    const picture = page.getByLabel('Profile image');
    await picture.setInputFiles({ name: 'me.svg', mimeType: 'image/png', buffer: Buffer.from('<svg/>') });
    await page.getByText('The profile image must be a PNG, JPEG, WebP or GIF image.').waitFor();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    await picture.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByText('Profile image updated', { exact: true }).first().waitFor();
    const shown = page.locator(`img[src^="/api/users/${account.userId}/profile-image"]`);
    await shown.first().waitFor();
    // Served from this origin, decoded by the browser as the image it is.
    expect(await shown.first().evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await picture.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: path.join(screenshotDir, 'profile-image-settings-390.png'),
      animations: 'disabled',
      timeout: 90_000,
    });
    await page.getByRole('button', { name: 'Remove image' }).click();
    await page.getByText('Profile image removed', { exact: true }).first().waitFor();
    expect(await page.locator('img[src*="/profile-image"]').count()).toBe(0);
  });
});
