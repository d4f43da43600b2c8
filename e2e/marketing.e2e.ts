import { describe, expect, it } from 'vitest';
import { seedDemoWorkspace } from '../src/server/seed/demo-workspace.js';
import { uniqueEmail } from '../test/test-app.js';
import { seriousA11yViolations } from './support/axe.js';
import { screenshot } from './support/browser.js';
import { pageApi as api } from './support/in-page.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

const env = withServerAndBrowser();

describe('/marketing A/B tests and /marketing-demo', () => {
  it('sets up an A/B test on a draft campaign and shows its variants, then its test under way', async () => {
    const page = await signUpInBrowser(
      env,
      { firstName: 'Abe', lastName: 'Tester', businessName: 'Abe Tests' },
      { viewport: { width: 1440, height: 1000 } },
    );
    page.setDefaultTimeout(120_000);
    const base = env.server.baseUrl;
    for (const name of ['Ana', 'Ben', 'Cy', 'Di'])
      await api(page, 'POST', '/api/contacts', { firstName: name, email: uniqueEmail(name.toLowerCase()) });
    const campaign = await api<{ id: number }>(page, 'POST', '/api/campaigns', {
      name: 'Spring test',
      subject: 'Spring is here',
      body: 'Hello {{firstName}}',
    });

    await page.goto(`${base}/marketing`);
    await page
      .getByTestId('campaign-table')
      .getByRole('button', { name: 'Spring test', exact: true })
      .click();
    const dialog = page.getByRole('dialog');
    const panel = dialog.getByTestId('ab-test-panel');
    await panel.getByRole('button', { name: 'Set up an A/B test' }).click();
    const form = panel.getByTestId('ab-test-form');
    // Variant A starts as the campaign's own subject; B is written here.
    expect(await form.getByLabel('Subject').first().inputValue()).toBe('Spring is here');
    await form.getByLabel('Subject').nth(1).fill('');
    await form.getByRole('button', { name: 'Save A/B test' }).click();
    await form.getByText('Subject is required').waitFor();
    await form.getByLabel('Subject').nth(1).fill('{{firstName}}, spring is here');
    await form.getByLabel('Test share (%)').fill('50');
    // Judged on an outcome: a deal created for the recipient within three days of their message.
    await form.getByLabel('Winner by').selectOption('deal');
    await form.getByLabel('Attribution window (days)').fill('3');
    await form.getByLabel('Stop at confidence').selectOption('0.9');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Save A/B test' }).click();
    const variants = panel.getByTestId('ab-test-variants');
    await variants.waitFor();
    expect(await variants.textContent()).toContain('{{firstName}}, spring is here');
    const status = await panel.getByTestId('ab-test-status').textContent();
    expect(status).toContain('50% of the audience');
    expect(status).toContain('deals created within 3 days');
    expect(status).toContain('at 90% confidence');
    expect(await panel.getByTestId('ab-test-state').textContent()).toBe('Ready');
    await screenshot(page, 'marketing-ab-test-1440');

    // Sending starts the test: half the audience, split between A and B; the panel says when it decides.
    expect((await api(page, 'POST', `/api/campaigns/${campaign.json.id}/send`)).status).toBe(200);
    await page.keyboard.press('Escape');
    await page.reload();
    await page
      .getByTestId('campaign-table')
      .getByRole('button', { name: 'Spring test', exact: true })
      .click();
    await expect
      .poll(async () => page.getByTestId('ab-test-status').textContent(), { timeout: 120_000 })
      .toContain('Testing on 50% of the audience by deals created');
    expect(await page.getByTestId('ab-test-state').textContent()).toBe('Collecting');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'marketing-ab-test-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.context().close();
  }, 420_000);

  it('shows the demo workspace’s campaigns to a visitor at /marketing-demo, read-only', async () => {
    await seedDemoWorkspace(env.server.testApp.app.deps);
    const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    await page.goto(`${env.server.baseUrl}/marketing-demo`);
    await page.getByRole('heading', { name: 'Marketing Automation' }).waitFor();
    await page.getByText('Demo workspace, read-only').waitFor();
    const table = page.getByTestId('campaign-table');
    await table.getByText('Spring Newsletter').waitFor();
    expect(await page.getByRole('button', { name: 'New Campaign' }).count()).toBe(0);
    expect(await table.getByRole('button', { name: 'Send or resume Summer Promotion' }).isDisabled()).toBe(
      true,
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'marketing-demo-1440');

    await table.getByRole('button', { name: 'Homebuyer Webinar Invitation', exact: true }).click();
    const panel = page.getByRole('dialog').getByTestId('ab-test-panel');
    await panel.getByText('Winner', { exact: true }).waitFor();
    expect(await panel.getByTestId('ab-test-status').textContent()).toMatch(/^Variant B won by open rate/);
    // The always-valid confidence, and B's lift over A with its interval.
    expect(await panel.getByTestId('ab-test-confidence').textContent()).toMatch(
      /^Confidence \d+(\.\d)?% \(stops at 95%\)$/,
    );
    expect(await panel.getByTestId('ab-test-lift-B').textContent()).toMatch(
      /^\+[\d,]+(\.\d)?% \([−+-]?[\d,]+(\.\d)?% – \+[\d,]+(\.\d)?%\)$/,
    );
    expect(await panel.getByTestId('ab-test-state').textContent()).toBe('Winner sent');
    expect(await panel.getByRole('button').count()).toBe(0);
    expect(await page.getByTestId('campaign-outbox').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'marketing-demo-ab-390');
    await page.keyboard.press('Escape');
    await screenshot(page, 'marketing-demo-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  }, 300_000);
});
