import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 10: the server's user-facing messages travel by id, so each reader's client shows them in their
 * language. An `AppError` built from a bare string or template literal reaches people in English only.
 */
const machineFacing: Record<string, string> = {
  'src/server/features/checkout/service.ts': "Stripe's webhook calls, answered to Stripe",
  'src/server/features/webhooks/service.ts': "an app's signed event posts, answered to the app",
  'src/server/features/analytics/ingest.ts': 'the tracking script on a website, answered to the script',
  'src/server/features/analytics/routes.ts': 'the tracking script on a website, answered to the script',
};

const bareLiteral = /(?:new AppError\(\s*'[a-z_]+',|AppError\.badRequest\(\s*[^,()]+,)\s*(['"`])/g;

function uncatalogued(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(bareLiteral)].map(
    (m) => `${file}:${source.slice(0, m.index).split('\n').length}`,
  );
}

describe("the server's error messages", () => {
  it('are catalogued, except in answers to programs', () => {
    const files = readdirSync('src/server', { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => path.join('src/server', f));
    expect(files.length).toBeGreaterThan(100);
    const found = files.filter((f) => !(f in machineFacing)).flatMap(uncatalogued);
    expect(found).toEqual([]);
    // The exceptions still hold one each: a stale entry would hide nothing and should go.
    for (const file of Object.keys(machineFacing)) expect(uncatalogued(file).length).toBeGreaterThan(0);
  });
});
