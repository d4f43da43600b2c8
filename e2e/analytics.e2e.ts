import { describe, expect, it } from 'vitest';
import { createIngest } from '../src/server/features/analytics/ingest.js';
import { runRollups } from '../src/server/features/analytics/jobs.js';
import { screenshot } from './support/browser.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

const env = withServerAndBrowser();
const ua =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/147.0.0.0 Safari/537.36';

describe('analytics tab', () => {
  it('shows the install tag before any visit, then changes every figure with the range and the funnel site', async () => {
    const page = await signUpInBrowser(env, {
      firstName: 'Ada',
      lastName: 'Stats',
      businessName: 'Stats Ltd',
    });
    const base = env.server.baseUrl;
    const headers = { origin: base };
    const keys: string[] = [];
    for (const [name, domain] of [
      ['Keynote Coaching', 'keynote.example'],
      ['Housing Academy', 'housing.example'],
    ]) {
      const site = await (
        await page.request.post(`${base}/api/websites`, { data: { name, domain }, headers })
      ).json();
      keys.push(
        (await (await page.request.get(`${base}/api/analytics/sites/${site.id}/snippet`)).json()).trackingKey,
      );
    }

    await page.goto(`${base}/dashboard?tab=analytics`);
    await page.getByText('No visits recorded yet').first().waitFor();
    expect(await page.locator('[data-empty="analytics"] code').textContent()).toContain(keys[0]);

    // A year of visits: site 1 every day, site 2 on the last 10 days only.
    const now = new Date();
    let clock = now;
    const ingest = createIngest(env.server.testApp.database, { now: () => clock });
    for (let day = 0; day < 300; day += day < 30 ? 1 : 5) {
      for (let i = 0; i < (day < 10 ? 3 : 1); i++) {
        clock = new Date(now.getTime() - day * 86_400_000 - i * 1000);
        const second = day < 10 && i === 2;
        const domain = second ? 'housing.example' : 'keynote.example';
        await ingest.accept(
          {
            s: keys[second ? 1 : 0],
            n: 'pageview',
            u: `https://${domain}/p${i}`,
            w: 1200,
            r: 'https://www.google.com/',
          },
          { ip: `192.0.2.${i}`, userAgent: ua, dnt: undefined, origin: `https://${domain}`, host: 'x' },
        );
      }
    }
    await ingest.flush();
    await runRollups(env.server.testApp.database);

    // No reload: the empty state looks again by itself until the first rolled-up visit arrives.
    const visitors = page.locator('[data-summary="Visitors"] [data-value]');
    await expect.poll(() => visitors.textContent(), { timeout: 120_000 }).not.toBe('0');
    await page.locator('[data-empty="analytics"]').waitFor({ state: 'detached' });
    const figures: Record<string, number> = {};
    for (const range of ['7days', '90days', '1year', '30days']) {
      await page.locator(`[data-range="${range}"]`).click();
      await expect
        .poll(() => page.locator(`[data-range="${range}"]`).getAttribute('aria-pressed'))
        .toBe('true');
      await expect
        .poll(async () => {
          figures[range] = Number((await visitors.textContent())?.replace(/,/g, ''));
          return range === '7days' || figures[range] !== figures.previous;
        })
        .toBe(true);
      figures.previous = figures[range];
    }
    expect(figures['7days']).toBeLessThan(figures['30days']);
    expect(figures['30days']).toBeLessThan(figures['90days']);
    expect(figures['90days']).toBeLessThan(figures['1year']);
    expect(await page.locator('[data-chart="traffic"] svg').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-list="sources"]').textContent()).toContain('google.com');
    await page.locator('[data-insight="trend"]').waitFor();

    const funnelVisits = () => page.locator('[data-step="visit"] .tabular-nums').textContent();
    await expect.poll(funnelVisits).toBe('40');
    await page.getByLabel('Funnel website').selectOption({ label: 'Housing Academy' });
    await expect.poll(funnelVisits).toBe('10');

    await screenshot(page, 'analytics-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'analytics-390');
  });
});
