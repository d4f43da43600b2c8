import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../test/test-app.js';
import { seriousA11yViolations } from './support/axe.js';
import { pageApi as api, viewportShot as shot } from './support/in-page.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

const env = withServerAndBrowser();

describe('automation tab and /marketing', () => {
  it('builds a workflow that runs, then writes, sends, pauses and plays campaigns', async () => {
    const page = await signUpInBrowser(
      env,
      { firstName: 'Ava', lastName: 'Automator', businessName: 'Ava Automates' },
      { viewport: { width: 1440, height: 1000 } },
    );
    const base = env.server.baseUrl;

    // The automation tab: honest empty states until something runs.
    await page.goto(`${base}/dashboard?tab=automation`);
    await page.getByRole('heading', { name: 'Automation Center' }).waitFor();
    await page.getByTestId('workflows-empty').waitFor();
    await page.getByTestId('performance-empty').waitFor();
    await page.getByTestId('figure-overall').waitFor({ timeout: 120_000 });
    expect(await page.getByTestId('figure-overall').textContent()).toBe('Not measured yet');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The builder: a workflow tagging every new contact.
    await page.getByRole('button', { name: 'Create New Workflow' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Welcome new contacts');
    await dialog.getByLabel('Description').fill('Tags each new contact');
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Active' }).click();
    await dialog.getByLabel('Step to add').selectOption('add_tag');
    await dialog.getByRole('button', { name: 'Add step' }).click();
    // The step's empty tag is refused by the workflow schema, under the step, before anything is sent.
    await dialog.getByRole('button', { name: 'Save Workflow' }).click();
    await dialog.getByTestId('workflow-steps').getByRole('alert').getByText('Tag is required').waitFor();
    expect((await api(page, 'GET', '/api/workflows')).json).toEqual([]);
    await dialog.getByLabel('Tag').fill('welcomed');
    await shot(page, 'automation-builder-1440');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save Workflow' }).click();
    await dialog.waitFor({ state: 'detached' });
    const list = page.getByTestId('workflow-list');
    await list.getByText('Welcome new contacts').waitFor();
    const badge = list.locator('[data-testid^="workflow-status-"]');
    expect(await badge.textContent()).toBe('Active');
    expect(await badge.getAttribute('class')).toContain('bg-green-100');

    // A new contact runs it; the figures are then measured from that run.
    const contact = await api<{ id: number }>(page, 'POST', '/api/contacts', {
      firstName: 'Nia',
      email: uniqueEmail('nia'),
    });
    await expect
      .poll(
        async () =>
          (await api<{ contact: { tags: string[] } }>(page, 'GET', `/api/contacts/${contact.json.id}`)).json
            .contact.tags,
        {
          timeout: 180_000,
        },
      )
      .toContain('welcomed');
    await expect
      .poll(
        async () =>
          (await api<{ overall: number | null }>(page, 'GET', '/api/automation/metrics')).json.overall,
        {
          timeout: 180_000,
        },
      )
      .toBe(100);
    await page.goto(`${base}/dashboard?tab=automation`);
    await page.getByTestId('performance-runs').waitFor({ timeout: 120_000 });
    expect(await page.getByTestId('figure-overall').textContent()).toBe('100%');
    await shot(page, 'automation-tab-1440');

    // /marketing: write a campaign with a merge field, preview it, send it (no SMTP here: the outbox).
    await page.goto(`${base}/marketing`);
    await page.getByRole('heading', { name: 'Marketing Automation' }).waitFor();
    await page.getByTestId('campaigns-empty').waitFor();
    await page.getByRole('button', { name: 'New Campaign' }).click();
    const editor = page.getByRole('dialog');
    // An empty campaign: the campaign schema's messages under their fields, nothing saved.
    await editor.getByRole('button', { name: 'Save Campaign' }).click();
    await editor.getByText('Name is required').waitFor();
    await editor.getByText('Subject is required').waitFor();
    await editor.getByText('Body is required').waitFor();
    expect(await editor.getByLabel('Name', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect((await api(page, 'GET', '/api/campaigns')).json).toEqual([]);
    await editor.getByLabel('Name', { exact: true }).fill('Autumn newsletter');
    await editor.getByLabel('Subject', { exact: true }).fill('News for you');
    await editor.getByLabel('Body', { exact: true }).fill('Hello ');
    await editor.getByRole('button', { name: '{{firstName}}' }).click();
    await editor.getByRole('button', { name: 'Preview' }).click();
    const preview = editor.getByTestId('campaign-preview');
    await preview.getByText('Hello Nia').waitFor();
    expect(await preview.textContent()).toContain('Recipients now: 1');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await editor.getByRole('button', { name: 'Save Campaign' }).click();
    await editor.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Send or resume Autumn newsletter' }).click();
    const table = page.getByTestId('campaign-table');
    await expect
      .poll(() => table.locator('[data-testid^="campaign-status-"]').first().textContent(), {
        timeout: 180_000,
      })
      .toBe('Sent');
    await page.reload();
    await page.getByText('No mail server is configured', { exact: false }).waitFor();
    await table.getByRole('button', { name: 'Autumn newsletter', exact: true }).click();
    await page.getByTestId('campaign-outbox').getByText('In the outbox, not delivered').waitFor();
    await page.keyboard.press('Escape');

    // The pause/play toggle on a campaign that sends one a minute: pause while Active, play while Paused.
    expect((await api(page, 'PATCH', '/api/automation/settings', { sendRatePerMinute: 1 })).status).toBe(200);
    await api(page, 'POST', '/api/contacts', { firstName: 'Oli', email: uniqueEmail('oli') });
    const paced = await api<{ id: number }>(page, 'POST', '/api/campaigns', {
      name: 'Paced offer',
      subject: 'Offer',
      body: 'Hi',
    });
    await page.reload();
    await page.getByRole('button', { name: 'Send or resume Paced offer' }).click();
    const status = page.getByTestId(`campaign-status-${paced.json.id}`);
    await expect.poll(() => status.textContent(), { timeout: 180_000 }).toBe('Active');
    await page.getByRole('button', { name: 'Pause Paced offer' }).click();
    await expect.poll(() => status.textContent(), { timeout: 180_000 }).toBe('Paused');
    await page.getByRole('button', { name: 'Send or resume Paced offer' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'marketing-1440');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('campaign-table').waitFor();
    await shot(page, 'marketing-390');
    await page.goto(`${base}/dashboard?tab=automation`);
    await page.getByTestId('workflow-list').waitFor();
    await shot(page, 'automation-tab-390');
    await page.context().close();
  }, 600_000);
});
