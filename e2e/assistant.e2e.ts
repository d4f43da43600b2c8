import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoWorkspace } from '../src/server/seed/demo-workspace.js';
import { screenshotDir } from './support/browser.js';
import { hydrated } from './support/pages.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

const env = withServerAndBrowser();
process.env.PW_TEST_SCREENSHOT_NO_FONTS_READY = '1';

beforeAll(async () => {
  await seedDemoWorkspace(env.server.testApp.app.deps);
});

/** Counts the page's requests to `endpoint` (playwright's request events), and remembers their bodies. */
function countRequests(page: Page, endpoint: string) {
  const bodies: { userInput: string; recentActivity: unknown[] }[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === endpoint) bodies.push(request.postDataJSON());
  });
  return bodies;
}

/** Screenshots at 1440 and 390 px; a page with an open dialog is taken as the screen shows it. */
async function atWidths(page: Page, name: string, { fullPage = true } = {}) {
  mkdirSync(screenshotDir, { recursive: true });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: path.join(screenshotDir, `${name}-${width}.png`),
      fullPage,
      timeout: 120_000,
    });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

const panel = (page: Page) => page.getByTestId('suggestions-panel');

describe('/ai-demo', () => {
  it('asks from 3 characters, once per burst of typing, reuses answers, and opens and closes its panel', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const sent = countRequests(page, '/api/ai/contextual-suggestions-demo');
    await page.goto(`${env.server.baseUrl}/ai-demo`);
    // Keys typed into the prerendered field before React takes it over would be lost.
    await hydrated(page);
    const search = page.getByLabel('Search contacts');

    // Two characters send nothing; the third does, once.
    await search.click();
    await page.keyboard.type('Sa');
    await page.getByText('Suggestions start from 3 characters.').waitFor();
    await page.keyboard.type('r');
    await panel(page).getByText('Sarah Mitchell').waitFor();
    expect(sent.map((b) => b.userInput)).toEqual(['Sar']);

    // A burst of typing (no pause of 300 ms) sends one request, for what was typed last.
    await page.keyboard.type('ah Mitch');
    await panel(page).getByText('The name starts with "Sarah Mitch"').waitFor();
    expect(sent.map((b) => b.userInput)).toEqual(['Sar', 'Sarah Mitch']);

    // An outside click closes the panel.
    await page.getByRole('heading', { name: 'Contextual AI Assistant' }).click();
    await panel(page).waitFor({ state: 'hidden' });

    // Typing an earlier input again within 30 s is answered from the cache: the panel opens, nothing is sent.
    await search.fill('');
    await search.click();
    await page.keyboard.type('Sar');
    await panel(page).getByText('Sarah Mitchell').waitFor();
    expect(sent).toHaveLength(2);

    // The close button closes it.
    await panel(page).getByRole('button', { name: 'Close' }).click();
    await panel(page).waitFor({ state: 'hidden' });

    // Nothing matches: the spec's empty text.
    await search.fill('qqqzzzx');
    await panel(page).getByText('No suggestions available. Try a different input.').waitFor();
    await atWidths(page, 'ai-demo-empty');

    // Note taking: applying a suggestion closes the panel and lands in the recent activity.
    await page.getByRole('tab', { name: 'Note taking' }).click();
    const note = page.getByLabel('Take a note');
    await note.fill('Called about the spring renewal and pricing');
    const advice = panel(page).getByText('Write down the next step and when it is due');
    await advice.waitFor();
    await atWidths(page, 'ai-demo-note');
    await advice.click();
    await panel(page).waitFor({ state: 'hidden' });
    const activity = page.getByRole('list', { name: 'Recent activity' });
    await activity.getByText('Write down the next step and when it is due').waitFor();

    // A quick action changes the text and closes the panel too.
    await note.fill('Called about the spring renewal and pricing again');
    await panel(page).getByRole('button', { name: 'Add a next step' }).click();
    await panel(page).waitFor({ state: 'hidden' });
    expect(await note.inputValue()).toBe('Called about the spring renewal and pricing again\nNext step:');
    expect(await activity.getByRole('listitem').count()).toBe(2);
    // The recent activity goes with the requests made after it.
    const again = sent.find((b) => b.userInput === 'Called about the spring renewal and pricing again');
    expect(again?.recentActivity).toHaveLength(1);
    await context.close();
  });
});

describe('the assistant in the product', () => {
  it('suggests under the contact form’s notes from the workspace, and applies a quick action', async () => {
    const page = await signUpInBrowser(env, {
      firstName: 'Nia',
      lastName: 'Notes',
      businessName: 'Notes Co',
    });
    const sent = countRequests(page, '/api/ai/contextual-suggestions');
    await page.goto(`${env.server.baseUrl}/dashboard?tab=crm`);
    await page.getByRole('button', { name: 'Add Contact' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('First name').fill('Ada');
    await dialog.getByLabel('Notes').fill('Met at the fair, wants a quote');
    const inDialog = dialog.getByTestId('suggestions-panel');
    await inDialog.getByText('Add an email address for Ada').waitFor();
    await inDialog.getByText('Write down the next step and when it is due').waitFor();
    await atWidths(page, 'assistant-contact-notes', { fullPage: false });
    await inDialog.getByRole('button', { name: 'Add a next step' }).click();
    await inDialog.waitFor({ state: 'hidden' });
    expect(await dialog.getByLabel('Notes').inputValue()).toBe('Met at the fair, wants a quote\nNext step:');
    expect(sent[0]).toMatchObject({ userInput: 'Met at the fair, wants a quote' });
    await page.context().close();
  });
});
