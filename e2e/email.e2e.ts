import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

const env = withServerAndBrowser();

async function signedInPage(
  options: { geolocation?: { latitude: number; longitude: number }; permissions?: string[] } = {},
): Promise<Page> {
  return signUpInBrowser(
    env,
    { firstName: 'Paula', lastName: 'Phone', businessName: 'Paula Realty' },
    options,
  );
}

describe('CRM email capture', () => {
  it('processes the test email from the CRM tab and shows the new contact in the table', async () => {
    const page = await signedInPage();
    await page.goto(`${env.server.baseUrl}/dashboard?tab=crm`);
    await page.getByText('No contacts found').waitFor();
    await page.getByRole('button', { name: 'Process Email' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('No emails processed yet').waitFor();
    await dialog.getByRole('button', { name: 'Load Test Email' }).click();
    expect(await dialog.getByLabel('From').inputValue()).toContain('jordan.rivera@summitpeakrealty.com');
    await screenshot(page, 'email-processing-dialog');
    await dialog.getByRole('button', { name: 'Process Email' }).click();
    await page.getByText('Email Processing Started', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The worker files the email; the table refreshes by itself.
    const table = page.getByRole('table');
    await table.getByText('Jordan Rivera').waitFor({ timeout: 20_000 });
    await screenshot(page, 'email-crm-contact-created');

    // The processing job shows its success icon; the integration dialog lists the conversation.
    await page.getByRole('button', { name: 'Process Email' }).click();
    await page.getByRole('dialog').getByLabel('Processed').waitFor();
    expect(await page.getByRole('dialog').getByLabel('From').inputValue()).toBe('');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Email Integration' }).click();
    const integration = page.getByRole('dialog');
    await integration.getByText('Question about your coaching packages').waitFor();
    expect(await integration.getByText('From: jordan.rivera@summitpeakrealty.com').isVisible()).toBe(true);
    // The address arrives with its own query after the dialog opens.
    await integration
      .getByTestId('capture-address')
      .filter({ hasText: /@capture\.localhost$/ })
      .waitFor();

    // Connecting needs a provider and an address.
    await integration.getByRole('button', { name: 'Connect Account' }).click();
    await page.getByText('Missing Information', { exact: true }).waitFor();
    expect(
      await page
        .getByText('Please select a provider and enter your email address.', { exact: true })
        .isVisible(),
    ).toBe(true);
    await screenshot(page, 'email-integration-dialog');
    await page.context().close();
  });
});

describe('iPhone sync tab', () => {
  it('creates a sync token in settings, sends a test sync, and shows the record processed', async () => {
    const page = await signedInPage();
    await page.goto(`${env.server.baseUrl}/dashboard?tab=settings`);
    // Exact: the WordPress section's 'Username' also contains "name".
    await page.getByLabel('Name', { exact: true }).last().fill('Test iPhone');
    await page.getByRole('button', { name: 'Create token' }).click();
    const token = (await page.getByTestId('new-sync-token').textContent())?.trim() ?? '';
    expect(token).toMatch(/^hubsync_/);
    // Beside the workspace's own testing token, listed and labelled as one.
    await page.getByText('Test iPhone').waitFor();
    await page.getByText('iPhone test token (for testing)').waitFor();
    await page.getByText('For testing', { exact: true }).waitFor();
    expect(await page.getByText('never used').count()).toBe(2);
    await page.getByTestId('new-sync-token').scrollIntoViewIfNeeded();
    await screenshot(page, 'email-sync-tokens-settings');

    await page.goto(`${env.server.baseUrl}/dashboard?tab=iphone-sync`);
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

    // A token longer than the sync route takes is refused under the field, before anything is sent.
    await page.getByLabel('Auth token').fill(`hubsync_${'x'.repeat(200)}`);
    await page.getByRole('button', { name: 'Test Calls Sync' }).click();
    await page.getByText('<=200 characters', { exact: false }).waitFor();
    expect(await page.getByLabel('Auth token').getAttribute('aria-invalid')).toBe('true');
    expect(await records.getByRole('listitem').count()).toBe(1);

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

describe('geofence card', () => {
  // Central Austin, and a contact about a third of a mile north of it.
  const here = { latitude: 30.2711, longitude: -97.7437 };

  it('starts tracking, names the place, announces a nearby contact and lists it', async () => {
    const page = await signedInPage({ geolocation: here, permissions: ['geolocation'] });
    const created = await page.request.post(`${env.server.baseUrl}/api/contacts`, {
      headers: { origin: env.server.baseUrl },
      data: {
        firstName: 'Nina',
        lastName: 'Nearby',
        email: 'nina@nearby-homes.com',
        contactType: 'buyer',
        latitude: here.latitude + 0.005,
        longitude: here.longitude,
      },
    });
    expect(created.status()).toBe(201);
    await page.goto(`${env.server.baseUrl}/dashboard?tab=crm`);
    const card = page.getByTestId('geofence-card');
    await card.getByRole('button', { name: 'Start Tracking' }).click();
    await page.getByText('Contact Nearby!', { exact: true }).waitFor();
    const message = 'Nina Nearby (buyer) is 0.3 miles away';
    await page
      .getByRole('region', { name: 'Notifications (F8)' })
      .getByText(message, { exact: true })
      .waitFor();
    await card.getByText(message, { exact: true }).waitFor();
    await card.getByText('Austin, TX 787', { exact: false }).waitFor();
    await card.getByText('Contacts within 5 miles').waitFor();
    expect(await card.getByText('Buyer', { exact: true }).isVisible()).toBe(true);
    // On the map: one dot, a third of a mile due north of you (screen y is down).
    const dot = card.getByTestId('nearby-map').getByTestId('nearby-map-contact');
    expect(await dot.getAttribute('aria-label')).toBe('Nina Nearby, 0.3 mi');
    expect(Number(await dot.getAttribute('cx'))).toBeCloseTo(0, 0);
    expect(Number(await dot.getAttribute('cy'))).toBeCloseTo(-(0.005 * 69.09 * 100) / 5, 0);
    await screenshot(page, 'email-geofence-tracking');
    await card.getByRole('button', { name: 'Stop Tracking' }).click();
    await page.getByText('Location Tracking Stopped', { exact: true }).waitFor();
    await page.context().close();
  });

  it('explains a denied permission', async () => {
    const page = await signedInPage({ permissions: [] });
    await page.goto(`${env.server.baseUrl}/dashboard?tab=crm`);
    await page.getByTestId('geofence-card').getByRole('button', { name: 'Start Tracking' }).click();
    await page.getByText('Location Access Denied', { exact: true }).waitFor();
    expect(
      await page
        .getByText('Please enable location permissions to use geofencing.', { exact: true })
        .isVisible(),
    ).toBe(true);
    await page.context().close();
  });
});
