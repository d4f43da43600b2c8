import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSecret, signedHeaders } from '../src/server/features/webhooks/signing.js';
import { seedDemoWorkspace } from '../src/server/seed/demo-workspace.js';
import { uniqueEmail } from '../test/test-app.js';
import { seriousA11yViolations } from './support/axe.js';
import { screenshotDir } from './support/browser.js';
import { translatorFor } from './support/catalog.js';
import { pageApi, viewportShot } from './support/in-page.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

const env = withServerAndBrowser();
process.env.PW_TEST_SCREENSHOT_NO_FONTS_READY = '1';

// A local app: takes the hub's webhooks and acknowledges the integration handshake, signed.
let appServer: Server;
let appBase: string;
beforeAll(async () => {
  appServer = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      if (req.url?.startsWith('/down')) {
        res.writeHead(503, { 'content-type': 'text/plain' });
        res.end('down for maintenance');
        return;
      }
      const message = req.method === 'POST' && body ? JSON.parse(body) : null;
      if (message?.type === 'integration.handshake') {
        const appId = message.data.app_id as number;
        void postEvent(
          appId,
          { type: 'integration.ack', data: { nonce: message.data.nonce } },
          `msg_ack_${appId}`,
        );
      }
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => appServer.listen(0, '127.0.0.1', resolve));
  appBase = `http://127.0.0.1:${(appServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  appServer.closeAllConnections();
  await new Promise((resolve) => appServer.close(resolve));
});

function postEvent(appId: number, event: unknown, webhookId: string) {
  const body = JSON.stringify(event);
  const secret = appSecret(env.server.testApp.config.secretKey, appId);
  return fetch(`${env.server.baseUrl}/api/webhooks/in/${appId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signedHeaders(secret, webhookId, body, new Date()) },
    body,
  });
}

async function atWidths(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  for (const close of await page.locator('[toast-close]').all()) await close.click().catch(() => {});
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: path.join(screenshotDir, `${name}-${width}.png`),
      fullPage: true,
      timeout: 120_000,
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('the operations console', () => {
  it('deploys webhooks, shows live events and integrates apps, with the spec strings', async () => {
    const page = await signUpInBrowser(env, {
      firstName: 'Opal',
      lastName: 'Ops',
      businessName: 'Ops Family',
    });
    const base = env.server.baseUrl;
    const ids: number[] = [];
    for (const name of ['Harbor Homes', 'Kindred Care']) {
      const created = await page.request.post(`${base}/api/ecosystem/apps`, {
        headers: { origin: base },
        data: {
          name,
          category: 'business',
          url: `${appBase}/${name.split(' ')[0].toLowerCase()}`,
          type: 'B2C',
          pricing: { free: true },
          features: [],
        },
      });
      expect(created.status()).toBe(201);
      ids.push((await created.json()).id);
    }

    // Webhook Deployment Center
    await page.goto(`${base}/webhooks`);
    await page.getByRole('heading', { name: 'Webhook Deployment Center' }).waitFor();
    for (const tab of ['Applications', 'Configurations', 'Deployment Guide'])
      await page.getByRole('tab', { name: tab }).waitFor();
    await page.getByRole('button', { name: 'Deploy All Webhooks' }).click();
    await page.getByText('Webhooks Deployed').first().waitFor();
    await page.getByText('Successfully deployed to 2/2 applications').first().waitFor();
    await page.getByRole('progressbar', { name: 'Deployment progress' }).waitFor();
    await page.getByRole('button', { name: 'Test' }).first().click();
    await page.getByText('Webhook Test Sent').first().waitFor();
    await page.getByText('Test webhook sent to Harbor Homes').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await atWidths(page, 'operations-webhooks');
    await page.getByRole('tab', { name: 'Configurations' }).click();
    await page.getByText('webhook.deployed → /harbor/api/receive').waitFor();
    await page.getByRole('tab', { name: 'Deployment Guide' }).click();
    await page.getByText('Set up alerting and backup').waitFor();

    // Central Monitoring: an event posted while the screen is open appears without a reload. The stream's
    // response arrives once the server has subscribed it (its headers go out with the first write, which
    // follows the subscription), so an event posted after that reaches the screen.
    const streamOpen = page.waitForResponse((response) => response.url().endsWith('/api/live-events/stream'));
    await page.goto(`${base}/superhub`);
    await page.getByRole('heading', { name: 'Central Monitoring' }).waitFor();
    await page.getByText('Weekly Auto Backup').waitFor();
    for (const label of ['Webhook logging', 'Uptime monitoring', 'Revenue analytics'])
      await page.getByLabel(label).waitFor();
    // Backup Now runs a real backup (GET /run/backup) with spec 001's alerts.
    await page.getByRole('button', { name: 'Backup Now' }).click();
    await page.getByText('Backup Initiated').first().waitFor();
    await page.getByText('Backup completed successfully!').first().waitFor({ timeout: 60_000 });
    await streamOpen;
    expect(
      (
        await postEvent(
          ids[0],
          { type: 'user.signup', tag: 'live', description: 'Live signup' },
          'msg_e2e_live',
        )
      ).status,
    ).toBe(202);
    await page.getByText('user.signup').first().waitFor();
    await page.getByRole('button', { name: 'Refresh' }).click();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await atWidths(page, 'operations-superhub');

    // Phase 3
    await page.goto(`${base}/phase3`);
    await page.getByRole('heading', { name: 'Phase 3 Application Integration' }).waitFor();
    await page.getByLabel('Auto Refresh').waitFor();
    await page.getByRole('button', { name: 'Integrate All Apps' }).click();
    await page.getByText('Bulk Integration Started').first().waitFor();
    await page.getByText('Integrating 2 applications').first().waitFor();
    await page.getByText('active', { exact: true }).nth(1).waitFor({ timeout: 60_000 });
    await page.getByText('All Clear').waitFor();
    await page.getByText('Live signup').waitFor();
    expect(await page.getByRole('button', { name: 'Integrate', exact: true }).first().isDisabled()).toBe(
      true,
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await atWidths(page, 'operations-phase3');
    await page.context().close();
  }, 300_000);

  it("shows an integration's failure in the reader's language, on Phase 3 and in Recent Activity", async () => {
    const page = await signUpInBrowser(env, {
      firstName: 'Dora',
      lastName: 'Down',
      businessName: 'Down Family',
    });
    const base = env.server.baseUrl;
    const app = await pageApi<{ id: number }>(page, 'POST', '/api/ecosystem/apps', {
      name: 'Broken Bay',
      category: 'business',
      url: `${appBase}/down/broken-bay`,
      type: 'B2C',
      pricing: { free: true },
      features: [],
    });
    expect(app.status).toBe(201);
    await page.evaluate(() => localStorage.setItem('hub.locale', 'de'));
    const t = await translatorFor('de');
    // The reason nests in the error, and the error in the activity line: each part in German.
    const reason = t('The app did not answer: {reason}', { reason: t('HTTP {status}', { status: 503 }) });

    await page.goto(`${base}/phase3`);
    await page.getByRole('heading', { name: t('Phase 3 Application Integration') }).waitFor();
    await page.getByRole('button', { name: t('Integrate'), exact: true }).click();
    await page.getByText(reason, { exact: true }).waitFor({ timeout: 60_000 });
    await atWidths(page, 'operations-phase3-failed-de');

    await page.goto(`${base}/dashboard`);
    await page
      .getByText(t('Integration of {app} failed: {reason}', { app: 'Broken Bay', reason }), { exact: true })
      .first()
      .waitFor();
    await page.context().close();
  }, 180_000);

  it('adds, edits and removes a monitor on Central Monitoring; a member reads them only', async () => {
    const page = await signUpInBrowser(
      env,
      { firstName: 'Mona', lastName: 'Monitor', businessName: 'Mona Watches' },
      { viewport: { width: 1440, height: 1000 } },
    );
    const base = env.server.baseUrl;
    const app = await pageApi<{ id: number }>(page, 'POST', '/api/ecosystem/apps', {
      name: 'Lighthouse',
      category: 'business',
      url: `${appBase}/lighthouse`,
      type: 'B2C',
      pricing: { free: true },
      features: [],
    });
    expect(app.status).toBe(201);

    await page.goto(`${base}/superhub`);
    const card = page.locator('[data-monitors-card]');
    await card.getByRole('heading', { name: 'Monitors' }).waitFor();
    await card.getByText(`${appBase}/lighthouse`, { exact: true }).waitFor();
    await card.getByText('App URL').waitFor();
    expect(await card.getByRole('button', { name: `Remove monitor ${appBase}/lighthouse` }).count()).toBe(0);

    // Add: the server's rules refuse a too-short interval under its input; then it is added.
    await card.getByRole('button', { name: 'Add monitor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add monitor' });
    await dialog.getByLabel('URL').fill(`${appBase}/lighthouse/health`);
    await dialog.getByLabel('Interval (seconds)').fill('10');
    await dialog.getByLabel('Timeout (milliseconds)').fill('5000');
    await dialog.getByRole('button', { name: 'Add monitor' }).click();
    await dialog.getByText('must be at least 20').waitFor();
    await dialog.getByLabel('Interval (seconds)').fill('120');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Add monitor' }).click();
    await page.getByText('Monitor added').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const health = `${appBase}/lighthouse/health`;
    const row = card.locator('tr', { hasText: health });
    await row.getByRole('cell', { name: '120 sec', exact: true }).waitFor();
    await row.getByRole('cell', { name: '5,000 ms', exact: true }).waitFor();

    // Edit: a longer interval.
    await card.getByRole('button', { name: `Edit monitor ${health}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit monitor' });
    expect(await edit.getByLabel('URL').inputValue()).toBe(health);
    await edit.getByLabel('Interval (seconds)').fill('300');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Monitor updated').first().waitFor();
    await row.getByRole('cell', { name: '300 sec', exact: true }).waitFor();
    const listed = await pageApi<{ url: string; intervalSeconds: number; timeoutMs: number }[]>(
      page,
      'GET',
      '/api/monitors',
    );
    expect(listed.json.map((m) => [m.url, m.intervalSeconds, m.timeoutMs])).toEqual([
      [`${appBase}/lighthouse`, 60, 10000],
      [health, 300, 5000],
    ]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    for (const close of await page.locator('[toast-close]').all()) await close.click().catch(() => {});
    await card.scrollIntoViewIfNeeded();
    await viewportShot(page, 'operations-monitors-1440');
    await page.setViewportSize({ width: 390, height: 900 });
    await card.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await viewportShot(page, 'operations-monitors-390');
    await page.setViewportSize({ width: 1440, height: 1000 });

    // A member joins: the monitors are listed, nothing can be changed.
    const email = uniqueEmail('monitor-member');
    const invite = await pageApi<{ inviteUrl: string }>(page, 'POST', '/api/workspace/invites', {
      email,
      role: 'member',
    });
    const context = await env.browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const memberPage = await context.newPage();
    await memberPage.goto(`${base}/login`);
    const joined = await pageApi(memberPage, 'POST', '/api/auth/signup', {
      firstName: 'Milo',
      lastName: 'Member',
      email,
      password: 'correct-horse-battery',
      businessName: 'ignored',
      inviteToken: new URL(invite.json.inviteUrl).searchParams.get('invite'),
    });
    expect(joined.status).toBe(201);
    await memberPage.goto(`${base}/superhub`);
    const memberCard = memberPage.locator('[data-monitors-card]');
    await memberCard.getByText(health, { exact: true }).waitFor();
    await memberCard.getByText('Only owners and admins can change monitors.').waitFor();
    expect(await memberCard.getByRole('button').count()).toBe(0);
    expect(await seriousA11yViolations(memberPage)).toEqual([]);
    await context.close();

    // Remove, confirmed.
    await card.getByRole('button', { name: `Remove monitor ${health}` }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Remove this monitor of Lighthouse?').waitFor();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Monitor removed').first().waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await pageApi<unknown[]>(page, 'GET', '/api/monitors')).json).toHaveLength(1);
    await page.context().close();
  }, 300_000);

  it('shows the demo workspace read-only on the three -demo screens', async () => {
    await seedDemoWorkspace(env.server.testApp.app.deps);
    const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const base = env.server.baseUrl;
    await page.goto(`${base}/superhub-demo`);
    await page.getByRole('heading', { name: 'Central Monitoring' }).waitFor();
    await page.getByText('Connected Apps').first().waitFor();
    const monitors = page.locator('[data-monitors-card]');
    await monitors.locator('[data-monitor]').first().waitFor();
    expect(await monitors.getByRole('button').count()).toBe(0);
    await atWidths(page, 'operations-superhub-demo');
    await page.goto(`${base}/webhook-demo`);
    await page.getByRole('heading', { name: 'Webhook Deployment Center' }).waitFor();
    expect(await page.getByRole('button', { name: 'Deploy All Webhooks' }).isDisabled()).toBe(true);
    await page.goto(`${base}/phase3-demo`);
    await page.getByRole('heading', { name: 'Phase 3 Application Integration' }).waitFor();
    expect(await page.getByRole('button', { name: 'Integrate All Apps' }).isDisabled()).toBe(true);
    await atWidths(page, 'operations-phase3-demo');
    await context.close();
  }, 300_000);
});
