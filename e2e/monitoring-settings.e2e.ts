import { describe, expect, it } from 'vitest';
import { localInputValue } from '../src/client/lib/local-time.js';
import { runProbeTick } from '../src/server/features/monitoring/probe.js';
import { seriousA11yViolations } from './support/axe.js';
import { pageApi as api, viewportShot as shot } from './support/in-page.js';
import { settle } from './support/pages.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

const env = withServerAndBrowser();

/**
 * A datetime-local value `hours` from now, to the minute, and the instant it names: the browser runs on
 * this machine, in this process's time zone.
 */
const localInput = (hours: number) => {
  const at = new Date(Date.now() + hours * 3_600_000);
  at.setSeconds(0, 0);
  return { value: localInputValue(at), instant: at.getTime() };
};

const cycleMessage = 'An app cannot depend on itself, directly or through other apps.';

describe("an app's dependencies and maintenance windows on /superhub", () => {
  it('edits dependencies (a cycle refused on the field) and adds and removes a maintenance window', async () => {
    const page = await signUpInBrowser(
      env,
      { firstName: 'Owen', lastName: 'Ops', businessName: 'Ops Screens Co' },
      { viewport: { width: 1440, height: 1000 } },
    );
    const addApp = async (name: string) => {
      const res = await api<{ id: number }>(page, 'POST', '/api/ecosystem/apps', {
        name,
        category: 'business',
        url: `https://${name.toLowerCase().replace(/\s+/g, '-')}.example.com`,
        type: 'B2C',
        pricing: { free: true },
        features: [],
      });
      expect(res.status).toBe(201);
      return res.json.id;
    };
    const core = await addApp('Core API');
    const booking = await addApp('Booking');
    const billing = await addApp('Billing');
    // Billing needs Booking: Booking needing Billing would close a cycle.
    expect(
      (await api(page, 'PUT', `/api/monitors/apps/${billing}/dependencies`, { dependsOn: [booking] })).status,
    ).toBe(200);
    // The first probe round gives each app its own monitor.
    await runProbeTick(env.server.testApp.app.deps);

    await settle(page, `${env.server.baseUrl}/superhub`);
    const card = page.locator('[data-availability-card]');
    const row = (name: string) => card.locator(`[data-availability-app="${name}"]`);

    // Dependencies: the cycle is shown on the field, then a valid choice is saved.
    await row('Booking')
      .getByRole('button', { name: /^Dependencies/ })
      .click();
    const dependencies = page.getByRole('dialog', { name: 'Dependencies of Booking' });
    await dependencies.getByRole('checkbox', { name: 'Billing', exact: true }).click();
    await dependencies.getByRole('button', { name: 'Save dependencies' }).click();
    const field = dependencies.locator('[data-dependencies-field]');
    await field.getByRole('alert').filter({ hasText: cycleMessage }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'dependencies-cycle-1440');
    await dependencies.getByRole('checkbox', { name: 'Billing', exact: true }).click();
    await dependencies.getByRole('checkbox', { name: 'Core API', exact: true }).click();
    await dependencies.getByRole('button', { name: 'Save dependencies' }).click();
    await dependencies.waitFor({ state: 'hidden' });
    expect((await api(page, 'GET', `/api/monitors/apps/${booking}/dependencies`)).json).toEqual({
      dependsOn: [core],
    });
    // Opened again, it shows what was saved.
    await row('Booking')
      .getByRole('button', { name: /^Dependencies/ })
      .click();
    expect(await dependencies.getByRole('checkbox', { name: 'Core API', exact: true }).isChecked()).toBe(
      true,
    );
    await page.keyboard.press('Escape');

    // Maintenance: a window added in the page's time zone, listed as upcoming, then removed.
    await row('Core API')
      .getByRole('button', { name: /^Maintenance/ })
      .click();
    const maintenance = page.getByRole('dialog', { name: 'Maintenance of Core API' });
    await maintenance.getByText('No maintenance planned.').waitFor();
    const start = localInput(1);
    const end = localInput(3);
    await maintenance.getByLabel('Starts').fill(start.value);
    await maintenance.getByLabel('Ends').fill(end.value);
    await maintenance.getByLabel('Reason').fill('Database upgrade');
    await maintenance.getByRole('button', { name: 'Add window' }).click();
    const upcoming = maintenance.locator('[data-maintenance-list="upcoming"]');
    await upcoming.getByText('Database upgrade').waitFor();
    const stored = await api<{ startsAt: string; endsAt: string; reason: string }[]>(
      page,
      'GET',
      `/api/monitors/apps/${core}/maintenance-windows`,
    );
    expect(stored.json.map((w) => [Date.parse(w.startsAt), Date.parse(w.endsAt), w.reason])).toEqual([
      [start.instant, end.instant, 'Database upgrade'],
    ]);
    // An end before the start is refused on the end's field.
    await maintenance.getByLabel('Starts').fill(end.value);
    await maintenance.getByLabel('Ends').fill(start.value);
    await maintenance.getByRole('button', { name: 'Add window' }).click();
    await maintenance.getByText('must be after the start').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'maintenance-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'maintenance-390');
    await page.setViewportSize({ width: 1440, height: 1000 });

    await upcoming.getByRole('button', { name: /^Remove the maintenance window/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove', exact: true }).click();
    await upcoming.getByText('No maintenance planned.').waitFor();
    expect((await api(page, 'GET', `/api/monitors/apps/${core}/maintenance-windows`)).json).toEqual([]);
    await maintenance.getByRole('button', { name: 'Close', exact: true }).click();
    await maintenance.waitFor({ state: 'hidden' });

    // The monitor's down rule: failed rounds and probe locations.
    const monitors = page.locator('[data-monitors-card]');
    await monitors.getByRole('button', { name: /^Edit monitor https:\/\/core-api/ }).click();
    const monitor = page.getByRole('dialog', { name: 'Edit monitor' });
    await monitor.getByLabel('Failed rounds before down').fill('3');
    await monitor.getByLabel('Probe locations').fill('eu, us');
    await monitor.getByRole('button', { name: 'Save changes' }).click();
    await monitor.waitFor({ state: 'hidden' });
    const listed = await api<{ appId: number; failuresToDown: number; locations: string[] }[]>(
      page,
      'GET',
      '/api/monitors',
    );
    expect(listed.json.find((m) => m.appId === core)).toMatchObject({
      failuresToDown: 3,
      locations: ['eu', 'us'],
    });

    // Both dialogs pass axe in English and Arabic, wide and on a phone.
    for (const locale of ['en', 'ar']) {
      await api(page, 'PATCH', '/api/auth/user', { locale });
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await settle(page, `${env.server.baseUrl}/superhub`);
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr');
        const buttons = row('Booking').getByRole('button');
        for (const [index, name] of [
          [0, 'dependencies'],
          [1, 'maintenance'],
        ] as const) {
          await buttons.nth(index).click();
          await page.getByRole('dialog').waitFor();
          expect(await seriousA11yViolations(page), `${name} ${locale} ${width}`).toEqual([]);
          await shot(page, `${name}-${locale}-${width}`);
          await page.keyboard.press('Escape');
          await page.getByRole('dialog').waitFor({ state: 'hidden' });
        }
      }
    }
    await api(page, 'PATCH', '/api/auth/user', { locale: 'en' });
    await page.context().close();
  }, 480_000);
});
