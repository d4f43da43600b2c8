import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../test/test-app.js';
import { openBrowser, screenshot } from './support/browser.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signedInPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/login`);
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('First name').fill('Paula');
  await page.getByLabel('Last name').fill('Phone');
  await page.getByLabel('Email').fill(uniqueEmail('e2e-email'));
  await page.getByLabel('Password').fill('correct-horse-battery');
  await page.getByLabel('Business name').fill('Paula Realty');
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await page.waitForURL(`${server.baseUrl}/dashboard`);
  return page;
}

describe('iPhone sync tab', () => {
  it('creates a sync token in settings, sends a test sync, and shows the record processed', async () => {
    const page = await signedInPage();
    await page.goto(`${server.baseUrl}/dashboard?tab=settings`);
    await page.getByLabel('Name').last().fill('Test iPhone');
    await page.getByRole('button', { name: 'Create token' }).click();
    const token = (await page.getByTestId('new-sync-token').textContent())?.trim() ?? '';
    expect(token).toMatch(/^hubsync_/);
    await page.getByText('never used').waitFor();
    await page.getByTestId('new-sync-token').scrollIntoViewIfNeeded();
    await screenshot(page, 'email-sync-tokens-settings');

    await page.goto(`${server.baseUrl}/dashboard?tab=iphone-sync`);
    await page.getByText('No sync activity yet').waitFor();
    await screenshot(page, 'email-iphone-sync-empty');
    await page.getByLabel('Auth token').fill(token);
    await page.getByRole('button', { name: 'Test Contacts Sync' }).click();
    await page.getByText('Sync Successful', { exact: true }).waitFor();
    expect(
      await page
        .getByText('Your iPhone data has been processed and contacts updated.', { exact: true })
        .isVisible(),
    ).toBe(true);
    const records = page.getByTestId('sync-records');
    await records.getByText('Contacts · 2 items').waitFor();
    await records.getByText('Processed', { exact: true }).waitFor();
    await screenshot(page, 'email-iphone-sync-processed');

    // A wrong token fails with the server's message.
    await page.getByLabel('Auth token').fill('hubsync_not-a-token');
    await page.getByRole('button', { name: 'Test Calls Sync' }).click();
    await page.getByText('Sync Failed', { exact: true }).waitFor();
    expect(
      await page.getByText('The sync token is not valid or has been revoked.', { exact: true }).isVisible(),
    ).toBe(true);
    await page.context().close();
  });
});
