import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../test/test-app.js';
import { seriousA11yViolations } from './support/axe.js';
import { pageApi as api, viewportShot as shot } from './support/in-page.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

const env = withServerAndBrowser();

describe('sequences', () => {
  it('builds a sequence with exit rules and shows a run that exited on a reply', async () => {
    const page = await signUpInBrowser(
      env,
      { firstName: 'Sia', lastName: 'Sequencer', businessName: 'Sia Sequences' },
      { viewport: { width: 1440, height: 1000 } },
    );
    const base = env.server.baseUrl;
    await page.goto(`${base}/dashboard?tab=automation`);
    await page.getByRole('heading', { name: 'Automation Center' }).waitFor();
    // Owners see where their scheduling tool sends bookings.
    const webhook = page.getByTestId('booking-webhook');
    expect(await webhook.getByLabel('Webhook URL').inputValue()).toMatch(/\/api\/sequences\/bookings\/\d+$/);
    expect((await webhook.getByLabel('Signing secret').inputValue()).length).toBeGreaterThan(20);

    await page.getByRole('button', { name: 'Create New Workflow' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Follow up new leads');
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Active' }).click();
    await dialog.getByLabel('Step to add').selectOption('wait');
    await dialog.getByRole('button', { name: 'Add step' }).click();
    await dialog.getByLabel('Step to add').selectOption('create_note');
    await dialog.getByRole('button', { name: 'Add step' }).click();
    await dialog.getByLabel('Note').fill('Still no answer');
    await dialog.getByLabel('This workflow is a sequence', { exact: false }).click();
    const rules = dialog.getByTestId('sequence-fields');
    expect(await rules.getByRole('checkbox', { name: 'Replied' }).getAttribute('aria-checked')).toBe('true');
    await rules.getByRole('checkbox', { name: 'Deal reached stage' }).click();
    await rules.getByLabel('Deal stage that ends the run').selectOption('proposal');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'sequence-builder-1440');
    await dialog.getByRole('button', { name: 'Save Workflow' }).click();
    await dialog.waitFor({ state: 'detached' });
    const [saved] = (await api<{ id: number }[]>(page, 'GET', '/api/workflows')).json;
    const detail = (await api<{ exitRules: unknown }>(page, 'GET', `/api/workflows/${saved.id}`)).json;
    expect(detail.exitRules).toMatchObject({ replied: true, dealStage: 'proposal' });

    // A new contact enters and waits; their reply, filed by the email area, ends the run.
    const email = uniqueEmail('lead');
    await api(page, 'POST', '/api/contacts', { firstName: 'Lee', email });
    const runs = () =>
      api<{ status: string; exitReason: string | null }[]>(page, 'GET', `/api/workflows/${saved.id}/runs`);
    await expect.poll(async () => (await runs()).json[0]?.status, { timeout: 180_000 }).toBe('waiting');
    await api(page, 'POST', '/api/emails/process', {
      fromEmail: email,
      toEmail: 'sia@mybiz.test',
      subject: 'Re: hello',
      body: 'Sounds good, call me.',
      direction: 'inbound',
    });
    await expect.poll(async () => (await runs()).json[0]?.exitReason, { timeout: 180_000 }).toBe('replied');

    await page.reload();
    await page.getByTestId('workflow-list').getByText('Follow up new leads').click();
    const opened = page.getByRole('dialog');
    await opened.getByTestId('run-exit-reason').getByText('Exit reason: Replied').waitFor();
    await opened.getByTestId('workflow-runs').getByText('Exited').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'sequence-runs-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await opened.getByTestId('run-exit-reason').scrollIntoViewIfNeeded();
    await shot(page, 'sequence-runs-390');
    await page.keyboard.press('Escape');
    await webhook.scrollIntoViewIfNeeded();
    await shot(page, 'booking-webhook-390');
    await page.context().close();
  }, 600_000);
});
