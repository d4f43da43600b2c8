import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { seedDemoWorkspace } from '../../src/server/seed/demo-workspace.js';
import { lastMailTo, uniqueEmail } from '../../test/test-app.js';
import { openBrowser } from './browser.js';
import { startTestServer, type TestServer } from './server.js';

export interface E2eEnvironment {
  server: TestServer;
  browser: Browser;
}

/**
 * One real server and one browser for the test file, started before its tests and closed after.
 * `demoWorkspace` seeds the demo workspace the public `-demo` screens show: each file's server has a database
 * of its own, so a file walking those screens seeds it rather than finding one another file left behind.
 * `clock` is the server's controlled clock (AppDeps.clock), for a file that moves time by hand.
 */
export function withServerAndBrowser(
  options: { demoWorkspace?: boolean; clock?: () => Date } = {},
): E2eEnvironment {
  const env = {} as E2eEnvironment;
  beforeAll(async () => {
    env.server = await startTestServer(options.clock ? { clock: options.clock } : {});
    if (options.demoWorkspace) await seedDemoWorkspace(env.server.testApp.app.deps);
    env.browser = await openBrowser();
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  return env;
}

/** Creates a new owner through the real sign-up form and returns the page, landed on /dashboard. */
export async function signUpInBrowser(
  env: E2eEnvironment,
  owner: { firstName: string; lastName: string; businessName: string },
  contextOptions: BrowserContextOptions = {},
): Promise<Page> {
  const context = await env.browser.newContext({ viewport: { width: 1366, height: 900 }, ...contextOptions });
  const page = await context.newPage();
  await page.goto(`${env.server.baseUrl}/login`);
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('First name').fill(owner.firstName);
  await page.getByLabel('Last name').fill(owner.lastName);
  const email = uniqueEmail(`e2e-${owner.lastName.toLowerCase()}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct-horse-battery');
  await page.getByLabel('Business name').fill(owner.businessName);
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await openSignUpLink(env.server, page, email);
  return page;
}

/**
 * After the sign-up form said "Check your email": opens the link of the mail it sent, as its owner
 * would, and waits for the dashboard. The link names the server's own address; the page stays on the
 * address the test uses, so its session cookie goes with the next pages.
 */
export async function openSignUpLink(server: TestServer, page: Page, email: string, landing = '/dashboard') {
  await page.getByRole('status').filter({ hasText: email }).waitFor();
  const link = /https?:\/\/\S+\/signup\/confirm\?token=\S+/.exec(
    await lastMailTo({ app: server.testApp.app }, email),
  )?.[0];
  if (!link) throw new Error(`no sign-up link mailed to ${email}`);
  const { pathname, search } = new URL(link);
  await page.goto(`${server.baseUrl}${pathname}${search}`);
  await page.waitForURL(`${server.baseUrl}${landing}`);
}
