import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../test/test-app.js';
import { seriousA11yViolations } from './support/axe.js';
import { openBrowser, screenshotDir } from './support/browser.js';
import { startTestServer } from './support/server.js';
import { type E2eEnvironment, signUpInBrowser } from './support/session.js';

// Backups go to a temporary folder, not the worktree's data directory.
const env = {} as E2eEnvironment;
beforeAll(async () => {
  env.server = await startTestServer({
    env: { BACKUP_DIR: mkdtempSync(path.join(os.tmpdir(), 'e2e-backups-')) },
  });
  env.browser = await openBrowser();
});
afterAll(async () => {
  await env.browser?.close();
  await env.server?.close();
});

async function shot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({
    path: path.join(screenshotDir, `${name}.png`),
    timeout: 240_000,
    animations: 'disabled',
    scale: 'css',
  });
}

/** A member joins the page's workspace through the real invite flow (signed up outside the browser). */
async function inviteMember(page: Page, firstName: string): Promise<string> {
  const base = env.server.baseUrl;
  const email = uniqueEmail('heir');
  const invite = await page.evaluate(async (email) => {
    const res = await fetch('/api/workspace/invites', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, role: 'member' }),
    });
    return res.json();
  }, email);
  const token = new URL(invite.inviteUrl).searchParams.get('invite');
  const res = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({
      firstName,
      lastName: 'Heir',
      email,
      password: 'correct-horse-battery',
      businessName: 'x',
      inviteToken: token,
    }),
  });
  expect(res.status).toBe(201);
  return email;
}

describe('Backup and Succession tabs', () => {
  it('back up, verify and restore from the Backup tab; Backup Now on the dashboard; a succession plan', async () => {
    const page = await signUpInBrowser(
      env,
      { firstName: 'Bea', lastName: 'Backup', businessName: 'Bea Keeps' },
      { viewport: { width: 1440, height: 1000 } },
    );
    const base = env.server.baseUrl;

    await page.goto(`${base}/dashboard?tab=backup`);
    await page.getByRole('heading', { name: 'Workspace Backups' }).waitFor();
    await page.getByText('No backups yet').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('main').getByRole('button', { name: 'Backup Now' }).click();
    const item = page.getByRole('list', { name: 'Backups' }).getByRole('listitem').first();
    await item.getByText('Not verified').waitFor({ timeout: 60_000 });
    await item.getByRole('button', { name: 'Verify' }).click();
    await item.getByText('Verified', { exact: true }).waitFor({ timeout: 60_000 });
    expect(await item.getByRole('link', { name: 'Download' }).getAttribute('href')).toMatch(
      /^\/api\/backups\/\d+\/download$/,
    );
    await item.getByRole('button', { name: 'Restore to a new workspace' }).click();
    const restoredLine = item.getByText(/Restored and verified into workspace #\d+/);
    await restoredLine.waitFor({ timeout: 60_000 });
    const restoredId = Number(/#(\d+)/.exec((await restoredLine.textContent()) ?? '')?.[1]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'backup-tab-1440');

    // The dashboard's quick action runs a real backup: 'Backup Initiated', then spec 001's success alert.
    await page.goto(`${base}/dashboard`);
    await page.getByRole('button', { name: 'Backup Now' }).click();
    await page.getByText('Backup Initiated').first().waitFor();
    await page.getByText('Backup completed successfully!').first().waitFor({ timeout: 60_000 });
    await page.goto(`${base}/dashboard?tab=backup`);
    await page.getByRole('heading', { name: 'Workspace Backups' }).waitFor();
    // The list arrives after the heading; poll rather than read a half-loaded tab.
    await expect
      .poll(() => page.getByRole('list', { name: 'Backups' }).getByRole('listitem').count())
      .toBe(2);

    const heir = await inviteMember(page, 'Hal');
    await page.goto(`${base}/dashboard?tab=succession`);
    await page.getByRole('heading', { name: 'Succession Plan' }).waitFor();
    await page.getByText('No succession plan yet.').waitFor();
    await page.getByRole('combobox', { name: 'Successor' }).click();
    await page.getByRole('option', { name: `Hal Heir (${heir})` }).click();
    // The plan schema's rule under its field, nothing saved.
    await page.getByLabel('Inactivity period (days)').fill('0');
    await page.getByRole('button', { name: 'Save Plan' }).click();
    await page.getByText('at least 1 day').waitFor();
    await page.getByText('No succession plan yet.').waitFor();
    await page.getByLabel('Inactivity period (days)').fill('30');
    await page.getByRole('button', { name: 'Save Plan' }).click();
    await page.getByText(`Successor: Hal Heir (${heir})`).waitFor();
    await page.getByText('30 days without the owner signing in').waitFor();
    await page.locator('[data-succession-status="active"]').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'succession-tab-1440');

    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'succession-tab-390');
    await page.goto(`${base}/dashboard?tab=backup`);
    await page.getByRole('heading', { name: 'Workspace Backups' }).waitFor();
    await page.getByRole('list', { name: 'Backups' }).waitFor();
    await shot(page, 'backup-tab-390');

    await page.goto(`${base}/dashboard?tab=succession`);
    await page.getByRole('button', { name: 'Cancel Plan' }).click();
    await page.locator('[data-succession-status="cancelled"]').waitFor();

    // The restored copy is held: every screen says so until an owner starts it.
    const switched = await page.evaluate(
      (workspaceId) =>
        fetch('/api/auth/switch-workspace', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ workspaceId }),
        }).then((r) => r.status),
      restoredId,
    );
    expect(switched).toBe(200);
    await page.goto(`${base}/dashboard`);
    const banner = page.getByRole('region', { name: /^Restored from a backup on .+: not started yet$/ });
    await banner.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'restored-workspace-banner-390');
    await page.setViewportSize({ width: 1440, height: 1000 });
    await shot(page, 'restored-workspace-banner-1440');
    await banner.getByRole('button', { name: 'Start workspace' }).click();
    await page.getByText('Workspace started').first().waitFor();
    await banner.waitFor({ state: 'detached' });
  }, 900_000);
});
