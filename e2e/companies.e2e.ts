import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSecret, signedHeaders } from '../src/server/features/webhooks/signing.js';
import { seriousA11yViolations } from './support/axe.js';
import { pageApi as api, viewportShot as shot } from './support/in-page.js';
import { settle } from './support/pages.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

const env = withServerAndBrowser();

// The customer's receivers: /ok takes every webhook, /down answers 503 and asks for its retry a day later.
let receiver: Server;
let receiverBase: string;
beforeAll(async () => {
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const down = req.url?.startsWith('/down');
      res.writeHead(down ? 503 : 200, { 'content-type': 'text/plain', 'retry-after': '86400' });
      res.end(down ? 'maintenance window' : 'ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
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

interface Endpoint {
  id: number;
  health: { succeeded: number; failed: number; backlog: number; lastFailure: unknown };
}

describe('the company screen', () => {
  it("shows a company's contacts and its linked webhook endpoints' health, reached from a contact", async () => {
    const page = await signUpInBrowser(
      env,
      { firstName: 'Cora', lastName: 'Company', businessName: 'Cora Accounts' },
      { viewport: { width: 1440, height: 1000 } },
    );
    const base = env.server.baseUrl;
    const contact = await api<{ id: number }>(page, 'POST', '/api/contacts', {
      firstName: 'Nora',
      lastName: 'Notice',
      email: 'nora@acme-freight.example',
      company: 'Acme Freight',
    });
    expect(contact.status).toBe(201);
    const [company] = (await api<{ id: number }[]>(page, 'GET', '/api/companies?q=Acme')).json;
    const app = await api<{ id: number }>(page, 'POST', '/api/ecosystem/apps', {
      name: 'Freight Portal',
      category: 'business',
      url: `${receiverBase}/portal`,
      type: 'B2B',
      pricing: { free: true },
      features: [],
    });
    expect(app.status).toBe(201);
    const link = async (path: string) => {
      const res = await api<Endpoint>(page, 'POST', '/api/webhook-endpoints', {
        appId: app.json.id,
        url: `${receiverBase}${path}`,
        events: ['shipment.updated'],
        companyId: company.id,
        noticeContactId: contact.json.id,
      });
      expect(res.status).toBe(201);
      return res.json.id;
    };
    const ok = await link('/ok');
    const down = await link('/down');
    for (const n of [1, 2])
      expect((await postEvent(app.json.id, { type: 'shipment.updated' }, `msg_co_${n}`)).status).toBe(202);
    // Both deliveries of each event are judged: two successes on /ok, two waiting retries on /down.
    await expect
      .poll(
        async () =>
          (await api<Endpoint[]>(page, 'GET', `/api/webhook-endpoints?companyId=${company.id}`)).json.map(
            (e) => [e.id, e.health.succeeded, e.health.backlog, e.health.lastFailure !== null],
          ),
        { timeout: 30_000 },
      )
      .toEqual([
        [ok, 2, 0, false],
        [down, 0, 2, true],
      ]);

    // From the contact's details, the company's name leads to its screen.
    await settle(page, `${base}/contacts`);
    await page.getByRole('button', { name: 'View Nora Notice' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Acme Freight' }).click();
    await page.waitForURL(`${base}/companies?id=${company.id}`);
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Acme Freight', level: 1 }).waitFor();
    await page.getByText('nora@acme-freight.example').waitFor();
    const section = page.getByRole('region', { name: 'Webhook endpoints' });
    const cards = section.getByTestId('company-endpoint');
    await expect.poll(() => cards.count()).toBe(2);
    const healthy = await cards.nth(0).textContent();
    expect(healthy).toContain(`${receiverBase}/ok`);
    expect(healthy).toContain('App: Freight Portal');
    expect(healthy).toContain('100%');
    expect(healthy).toContain('2 of 2');
    const failing = await cards.nth(1).textContent();
    expect(failing).toContain(`${receiverBase}/down`);
    expect(failing).toContain('None finished yet');
    expect(failing).toContain('503 · maintenance window');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'company-endpoints-1440');
    await page.setViewportSize({ width: 390, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'company-endpoints-390');

    // On the webhooks screen, an endpoint's event filter and notice contact are edited.
    await page.setViewportSize({ width: 1440, height: 1000 });
    await settle(page, `${base}/webhooks`);
    await page.getByText('Delivery log').click();
    const downRow = page.getByTestId('webhook-endpoint').filter({ hasText: `${receiverBase}/down` });
    await downRow.getByRole('link', { name: 'Acme Freight' }).waitFor();
    await downRow.getByText('503 · maintenance window').waitFor();
    await downRow.getByRole('button', { name: 'Edit endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'Edit endpoint' });
    await form.getByLabel('Event types, separated by commas').fill('shipment.updated, bad type');
    await form.getByRole('button', { name: 'Save endpoint' }).click();
    await form.getByText('may contain letters, digits and . _ : - only').waitFor();
    await form.getByLabel('Event types, separated by commas').fill('shipment.updated, shipment.created');
    await form.getByLabel("Keep each record's updates in order (by the event's data.id)").check();
    await form.getByRole('combobox', { name: 'Notice contact' }).click();
    await page.getByRole('option', { name: 'No one' }).click();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Save endpoint' }).click();
    await form.waitFor({ state: 'hidden' });
    const [, edited] = (
      await api<
        (Endpoint & {
          events: string[];
          companyId: number;
          noticeContactId: number | null;
          ordered: boolean;
        })[]
      >(page, 'GET', `/api/webhook-endpoints?companyId=${company.id}`)
    ).json;
    expect(edited).toMatchObject({
      id: down,
      events: ['shipment.created', 'shipment.updated'],
      companyId: company.id,
      noticeContactId: null,
      ordered: true,
    });
    await downRow.getByText('in order per record').waitFor();

    // In Arabic too, and the list of companies leads back to it.
    await page.evaluate(async () => {
      localStorage.setItem('hub.locale', 'ar');
      await fetch('/api/auth/user', {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ locale: 'ar' }),
      });
    });
    await settle(page, `${base}/companies?id=${company.id}`);
    await page.getByRole('heading', { name: 'Acme Freight', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'company-endpoints-ar');
    await settle(page, `${base}/companies`);
    await page.getByRole('link', { name: 'Acme Freight' }).click();
    await page.waitForURL(`${base}/companies?id=${company.id}`);
  }, 240_000);
});
