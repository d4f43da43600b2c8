import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../test/test-app.js';
import { pageApi as api, viewportShot as shot } from './support/in-page.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

const env = withServerAndBrowser();

interface Made {
  id: number;
}

async function seedDeals(page: Page) {
  const contact = await api<Made>(page, 'POST', '/api/contacts', {
    firstName: 'Quinn',
    lastName: 'Buyer',
    email: uniqueEmail('quinn'),
    company: 'Quinn Holdings',
  });
  expect(contact.status).toBe(201);
  const make = async (name: string, stage: string, valueCents: number) => {
    const res = await api<Made>(page, 'POST', '/api/deals', {
      name,
      stage,
      valueCents,
      contactId: contact.json.id,
      expectedCloseDate: new Date().toISOString().slice(0, 10),
    });
    expect(res.status).toBe(201);
    return res.json.id;
  };
  return {
    contactId: contact.json.id,
    retainer: await make('Annual retainer', 'qualified', 120_000),
    workshop: await make('Workshop series', 'proposal', 50_000),
    keynote: await make('Keynote booking', 'leads', 30_000),
  };
}

const column = (page: Page, stage: string) => page.getByTestId(`deal-column-${stage}`);
const total = (page: Page, stage: string) => column(page, stage).getByTestId('column-total');
const count = (page: Page, stage: string) => column(page, stage).getByTestId('column-count');

async function drag(page: Page, dealId: number, stage: string) {
  const from = await page.getByTestId(`deal-card-${dealId}`).boundingBox();
  const to = await column(page, stage).boundingBox();
  if (!from || !to) throw new Error('card or column not on screen');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 12 });
  await page.mouse.up();
}

const stageOf = async (page: Page, id: number) =>
  (await api<{ deal: { stage: string } }>(page, 'GET', `/api/deals/${id}`)).json.deal.stage;

describe('deals board', () => {
  it('puts a refused move back and says why', async () => {
    const ownerPage = await signUpInBrowser(
      env,
      { firstName: 'Omar', lastName: 'Owner', businessName: 'Omar Deals' },
      { viewport: { width: 1440, height: 1000 } },
    );
    const ids = await seedDeals(ownerPage);
    const email = uniqueEmail('mover');
    const invite = await api<{ inviteUrl: string }>(ownerPage, 'POST', '/api/workspace/invites', {
      email,
      role: 'member',
    });
    const token = new URL(invite.json.inviteUrl).searchParams.get('invite');
    const context = await env.browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    await page.goto(`${env.server.baseUrl}/login`);
    const joined = await api<{ id?: number }>(page, 'POST', '/api/auth/signup', {
      firstName: 'Mo',
      lastName: 'Mover',
      email,
      password: 'correct-horse-battery',
      businessName: 'ignored',
      inviteToken: token,
    });
    expect(joined.status).toBe(201);
    await page.goto(`${env.server.baseUrl}/contacts`);
    await page.getByTestId(`deal-card-${ids.retainer}`).waitFor();

    // Meanwhile the owner makes the member a viewer: this page still offers the move, the server refuses it.
    const me = await api<{ id: number }>(page, 'GET', '/api/auth/user');
    const demoted = await api(ownerPage, 'PATCH', `/api/workspace/members/${me.json.id}`, { role: 'viewer' });
    expect(demoted.status).toBe(204);

    await drag(page, ids.retainer, 'proposal');
    await page.getByText('Move Failed', { exact: true }).waitFor();
    await page.getByText('Viewers have read-only access to this workspace.', { exact: true }).waitFor();
    await column(page, 'qualified').getByTestId(`deal-card-${ids.retainer}`).waitFor();
    await expect.poll(() => total(page, 'qualified').textContent()).toBe('$1,200');
    expect(await total(page, 'proposal').textContent()).toBe('$500');
    expect(await stageOf(page, ids.retainer)).toBe('qualified');
    await shot(page, 'deals-refused-move-1440');
    // A viewer's board offers no way to add a deal.
    await page.reload();
    await page.getByTestId(`deal-card-${ids.retainer}`).waitFor();
    expect(await page.getByRole('button', { name: /^Add (Deal|a deal)/ }).count()).toBe(0);
    await context.close();
    await ownerPage.context().close();
  }, 480_000);

  it('moves a card by drag and drop and by keyboard, with the column totals following', async () => {
    const page = await signUpInBrowser(
      env,
      { firstName: 'Della', lastName: 'Deals', businessName: 'Della Deals' },
      { viewport: { width: 1440, height: 1400 } },
    );
    const ids = await seedDeals(page);
    await page.goto(`${env.server.baseUrl}/contacts`);
    await page.getByTestId(`deal-card-${ids.retainer}`).waitFor();
    expect(await total(page, 'qualified').textContent()).toBe('$1,200');
    expect(await total(page, 'proposal').textContent()).toBe('$500');

    await drag(page, ids.retainer, 'proposal');
    await column(page, 'proposal').getByTestId(`deal-card-${ids.retainer}`).waitFor();
    await expect.poll(() => total(page, 'proposal').textContent()).toBe('$1,700');
    expect(await total(page, 'qualified').textContent()).toBe('$0');
    expect(await count(page, 'proposal').textContent()).toBe('2');
    expect(await count(page, 'qualified').textContent()).toBe('0');
    await expect.poll(() => stageOf(page, ids.retainer)).toBe('proposal');

    // Keyboard: focus the card, pick it up with space, one column right, drop with space.
    await page.getByTestId(`deal-card-${ids.keynote}`).focus();
    // Each key waits for the screen reader's announcement of the one before (the sensor listens from the next tick).
    await page.keyboard.press('Space');
    await page.getByText('Over Leads.').waitFor({ state: 'attached' });
    // On a loaded machine the sensor may not listen yet when the pick-up is announced: a key it missed
    // moved nothing (still over Leads), so it is pressed again, a second apart.
    await expect
      .poll(
        async () => {
          if ((await page.getByText('Over Qualified.').count()) > 0) return true;
          await page.keyboard.press('ArrowRight');
          return false;
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(true);
    await page.keyboard.press('Space');
    await column(page, 'qualified').getByTestId(`deal-card-${ids.keynote}`).waitFor();
    await expect.poll(() => total(page, 'qualified').textContent()).toBe('$300');
    expect(await total(page, 'leads').textContent()).toBe('$0');
    await expect.poll(() => stageOf(page, ids.keynote)).toBe('qualified');
    await page.getByText('Dropped in Qualified.').waitFor({ state: 'attached' });

    await page.getByTestId('deal-board').scrollIntoViewIfNeeded();
    await shot(page, 'deals-board-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId(`deal-card-${ids.workshop}`).scrollIntoViewIfNeeded();
    await shot(page, 'deals-board-390');
    await page.getByRole('tab', { name: 'Table' }).click();
    await page.getByTestId('deal-table').getByText('Workshop series').waitFor();
    await shot(page, 'deals-table-390');

    // The pipeline card and tiles on the CRM tab are computed from the same deals. (Last: on this
    // loaded machine the dashboard's capture has left Chromium unable to load another page.)
    await page.setViewportSize({ width: 1440, height: 1400 });
    await page.goto(`${env.server.baseUrl}/dashboard?tab=crm`);
    await page.getByTestId('pipeline-proposal').getByText('2 · $1,700').waitFor();
    await page.getByTestId('crm-stat-Active Deals').getByText('3', { exact: true }).waitFor();
    await shot(page, 'deals-crm-1440');
    await page.context().close();
  }, 480_000);
  it('adds a deal from a column with a new contact, and it appears in that column', async () => {
    const page = await signUpInBrowser(
      env,
      { firstName: 'Nina', lastName: 'Newdeal', businessName: 'Nina Deals' },
      { viewport: { width: 1440, height: 1000 } },
    );
    await page.goto(`${env.server.baseUrl}/contacts`);
    await column(page, 'negotiation').getByRole('button', { name: 'Add a deal to Negotiation' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Deal name').fill('Catering contract');
    await dialog.getByLabel('Value ($)').fill('2,500');
    await dialog.getByRole('tab', { name: 'New contact' }).click();
    await dialog.getByLabel('First name').fill('Cora');
    await dialog.getByLabel('Last name').fill('Caterer');
    await dialog.getByLabel('Email').fill(uniqueEmail('cora'));
    await shot(page, 'deals-add-dialog-1440');
    await dialog.getByRole('button', { name: 'Add Deal' }).click();
    await dialog.waitFor({ state: 'detached' });
    const card = column(page, 'negotiation').getByText('Catering contract');
    await card.waitFor();
    await expect.poll(() => total(page, 'negotiation').textContent()).toBe('$2,500');
    expect(await column(page, 'negotiation').getByText('Cora Caterer').isVisible()).toBe(true);
    expect(await column(page, 'leads').getByText('Catering contract').count()).toBe(0);

    // The board's own button starts in Leads; the contact is found by search this time.
    await page.getByTestId('deal-board').getByRole('button', { name: 'Add Deal' }).first().click();
    await dialog.getByLabel('Deal name').fill('Menu tasting');
    await dialog.getByRole('button', { name: 'Add Deal' }).click();
    await dialog.getByText('Choose a contact').waitFor();
    await dialog.getByLabel('Contact', { exact: true }).fill('Cora');
    await dialog.getByRole('button', { name: /Cora Caterer/ }).click();
    await dialog.getByRole('button', { name: 'Add Deal' }).click();
    await dialog.waitFor({ state: 'detached' });
    await column(page, 'leads').getByText('Menu tasting').waitFor();
    expect(await column(page, 'leads').getByText('Cora Caterer').isVisible()).toBe(true);
    await page.context().close();
  }, 480_000);
});
