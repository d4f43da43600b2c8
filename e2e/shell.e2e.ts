import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOwner, uniqueEmail } from '../test/test-app.js';
import { openBrowser, screenshot } from './support/browser.js';
import { startTestServer, type TestServer } from './support/server.js';
import { openSignUpLink } from './support/session.js';

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

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  return context.newPage();
}

/** Signs up through the real /login page and lands on the dashboard. */
async function signUpThroughLogin(page: Page, name = { first: 'Grace', last: 'Hopper' }) {
  const email = uniqueEmail('e2e');
  await page.goto(`${server.baseUrl}/login`);
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('First name').fill(name.first);
  await page.getByLabel('Last name').fill(name.last);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct-horse-battery');
  await page.getByLabel('Business name').fill('Hopper Labs');
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await openSignUpLink(server, page, email);
  return email;
}

describe('app shell', () => {
  it('signs up through /login and shows the dashboard with initials and the Administrator label', async () => {
    const page = await newPage();
    await signUpThroughLogin(page);
    const sidebar = page.getByRole('complementary', { name: 'Dashboard navigation' });
    await expect.poll(() => sidebar.getByText('GH', { exact: true }).isVisible()).toBe(true);
    expect(await sidebar.getByText('Grace Hopper').isVisible()).toBe(true);
    expect(await sidebar.getByText('Administrator', { exact: true }).isVisible()).toBe(true);
    await page.getByText('No recent activities').or(page.getByText('Hopper Labs')).first().waitFor();
    expect(await page.getByText('All systems operational').isVisible()).toBe(true);
    await page.getByText('Not measured yet').first().waitFor();
    await screenshot(page, 'shell-dashboard');
    // Backups exist: the quick action runs a real one (e2e/backups.e2e.ts).
    expect(await page.getByRole('button', { name: 'Backup Now' }).isDisabled()).toBe(false);

    // The tab lives in the URL; an unknown tab falls back to the dashboard.
    await page.goto(`${server.baseUrl}/dashboard?tab=no-such-tab`);
    await page.getByText('Recent Activity').waitFor();
    await page.getByRole('link', { name: 'Succession' }).click();
    await page.waitForURL(`${server.baseUrl}/dashboard?tab=succession`);
    await page.getByText('Succession Plan').first().waitFor();

    // On a phone the sidebar becomes a drawer behind the menu button.
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'shell-dashboard-mobile');
    const sidebarRight = async () => {
      const box = await sidebar.boundingBox();
      return box ? box.x + box.width : 0;
    };
    await expect.poll(sidebarRight).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(sidebarRight).toBeGreaterThan(200);
    await screenshot(page, 'shell-dashboard-mobile-menu');
    await page.context().close();
  });

  it('sends a signed-out visitor from /dashboard to the sign-in page', async () => {
    const page = await newPage();
    // The toast shows for only half a second before the redirect, and a locator cannot look while
    // the page navigates away: the page itself reports the moment its text appears.
    const shown: string[] = [];
    await page.exposeFunction('reportSignedOutToast', (text: string) => shown.push(text));
    await page.addInitScript(() => {
      const report = (window as unknown as { reportSignedOutToast: (text: string) => void })
        .reportSignedOutToast;
      const observer = new MutationObserver(() => {
        const text = document.body?.textContent ?? '';
        if (text.includes('Unauthorized') && text.includes('You are logged out. Logging in again...')) {
          observer.disconnect();
          report(text);
        }
      });
      observer.observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('tab', { name: 'Sign in' }).waitFor();
    expect(shown).toHaveLength(1);
    await screenshot(page, 'shell-login');
    await page.context().close();
  });

  it("shows 'Page Not Found' for an unknown path", async () => {
    const page = await newPage();
    await page.goto(`${server.baseUrl}/no-such-page`);
    await page.getByText('Page Not Found').waitFor();
    expect(await page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true);
    await page.context().close();
  });

  it('settings: an invite shows its link, and an added website appears in the sidebar', async () => {
    const page = await newPage();
    await signUpThroughLogin(page, { first: 'Ada', last: 'Lovelace' });
    await page.goto(`${server.baseUrl}/dashboard?tab=settings`);

    await page.getByLabel('Email').fill('teammate@example.test');
    await page.getByRole('button', { name: 'Create invite' }).click();
    const link = page.getByTestId('invite-link');
    await link.waitFor();
    expect(await link.inputValue()).toMatch(/\/login\?invite=[\w-]+$/);
    await page.getByText('Pending invites').waitFor();

    await page.getByRole('button', { name: 'Add website' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Speaker Site');
    await dialog.getByLabel('Domain').fill('https://speaker.example.com/');
    await dialog.getByRole('button', { name: 'Add website' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const sidebar = page.getByRole('complementary', { name: 'Dashboard navigation' });
    const siteButton = sidebar.getByRole('button', { name: 'Speaker Site' });
    await siteButton.waitFor();
    // Clicking the active site again deselects it (spec 000 §2.3).
    await siteButton.click();
    expect(await siteButton.getAttribute('aria-pressed')).toBe('true');
    await siteButton.click();
    expect(await siteButton.getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByRole('cell', { name: 'speaker.example.com' }).isVisible()).toBe(true);
    await screenshot(page, 'shell-settings');

    // The overview shows each website as a summary card marked 'Live'.
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    const card = page.getByTestId('site-card');
    await card.getByText('Speaker Site').waitFor();
    expect(await card.getByText('Live', { exact: true }).isVisible()).toBe(true);
    await page.getByText('Website Speaker Site (speaker.example.com) added').waitFor();
    await screenshot(page, 'shell-dashboard-sites');
    await page.context().close();
  });

  it('an invitee joins through the invite link as a member and sees no admin controls', async () => {
    const ownerPage = await newPage();
    await signUpThroughLogin(ownerPage, { first: 'Olive', last: 'Owner' });
    await ownerPage.goto(`${server.baseUrl}/dashboard?tab=settings`);
    const inviteeEmail = uniqueEmail('invitee');
    await ownerPage.getByLabel('Email').fill(inviteeEmail);
    await ownerPage.getByRole('button', { name: 'Create invite' }).click();
    const inviteUrl = await ownerPage.getByTestId('invite-link').inputValue();
    await ownerPage.context().close();

    const page = await newPage();
    await page.goto(inviteUrl.replace(/^https?:\/\/[^/]+/, server.baseUrl));
    await page.getByText('You have been invited to join a workspace.').waitFor();
    expect(await page.getByLabel('Business name').count()).toBe(0);
    await page.getByLabel('First name').fill('Ivy');
    await page.getByLabel('Last name').fill('Invitee');
    await page.getByLabel('Email').fill(inviteeEmail);
    await page.getByLabel('Password').fill('correct-horse-battery');
    await page.getByRole('button', { name: 'Create account and join' }).click();
    await page.waitForURL(`${server.baseUrl}/dashboard`);
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    const members = page.locator('#settings-members');
    await members.getByText('Olive Owner').waitFor();
    expect(await members.getByText('Ivy Invitee').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Create invite' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add website' }).count()).toBe(0);

    // A member's Backup tab says who may use backups, and asks nothing the role cannot read.
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 403) refused.push(response.url());
    });
    await page.getByRole('link', { name: 'Backup', exact: true }).click();
    await page.getByText('Only owners and admins can see and run backups.').waitFor();
    expect(await page.getByRole('button', { name: 'Backup Now' }).count()).toBe(0);
    expect(refused).toEqual([]);
    await page.context().close();
  });

  it("shows the server's message when sign-in fails", async () => {
    const page = await newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Invalid email or password.' });
    await alert.waitFor();
    expect(page.url()).toBe(`${server.baseUrl}/login`);
    await page.context().close();
  });

  it('sends a signed-out visitor of a signed-in screen to sign in and back there afterwards', async () => {
    const page = await newPage();
    await page.goto(`${server.baseUrl}/techstack`);
    await page.waitForURL(`${server.baseUrl}/login?next=%2Ftechstack`);
    await page.getByRole('tab', { name: 'Create account' }).click();
    await page.getByLabel('First name').fill('Nora');
    await page.getByLabel('Last name').fill('Next');
    const email = uniqueEmail('next');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct-horse-battery');
    await page.getByLabel('Business name').fill('Next Co');
    await page.getByRole('button', { name: 'Start free trial' }).click();
    // The emailed link leads back there too.
    await openSignUpLink(server, page, email, '/techstack');
    await page.context().close();
  });

  it('someone in two workspaces accepts an invite by signing in, then switches between them', async () => {
    const app = server.testApp.app;
    const inviter = await signUpOwner(app, { businessName: 'Inviting Inc' });
    const person = await signUpOwner(app, { businessName: 'Own Shop', firstName: 'Sam', lastName: 'Both' });
    const invite = await inviter.client.post('/api/workspace/invites', {
      email: person.email,
      role: 'viewer',
    });
    const token = new URL(invite.json().inviteUrl).searchParams.get('invite');

    const page = await newPage();
    await page.goto(`${server.baseUrl}/login?invite=${token}`);
    await page.getByRole('tab', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${server.baseUrl}/dashboard`);
    await page.getByText('Inviting Inc · Dashboard').waitFor();

    await page.goto(`${server.baseUrl}/dashboard?tab=settings`);
    await page.getByLabel('Switch workspace').click();
    await page.getByRole('option', { name: 'Own Shop (Owner)' }).click();
    await page.waitForURL(`${server.baseUrl}/dashboard`);
    await page.getByText('Own Shop · Dashboard').waitFor();
    await page.context().close();
  });
});
