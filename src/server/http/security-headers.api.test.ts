import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient, createTestApp, type TestApp } from '../../../test/test-app.js';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});
async function appWith(env: Record<string, string> = {}) {
  const t = await createTestApp({ env });
  apps.push(t);
  return t;
}

/** The CSP header as a map of directive -> sources. */
function directives(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('security headers', () => {
  it('forbid framing, sniffing and foreign scripts on every response; no HSTS over plain development http', async () => {
    const t = await appWith();
    const res = await new ApiClient(t.app).get('/api/public-config');
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['frame-src']).toEqual(['https://calendly.com']);
    // A 404 is a page too.
    expect((await new ApiClient(t.app).get('/api/nothing-here')).headers['x-frame-options']).toBe('DENY');
  });

  it('allow frames from exactly the configured scheduler origin, and send HSTS in production', async () => {
    const t = await appWith({
      NODE_ENV: 'production',
      SECRET_KEY: 'headers-test-secret-key-headers-test-key',
      LOG_LEVEL: 'silent',
      SCHEDULER_URL: 'https://cal.example.test/acme/30min',
    });
    const res = await new ApiClient(t.app).get('/api/public-config');
    expect(directives(res.headers['content-security-policy'])['frame-src']).toEqual([
      'https://cal.example.test',
    ]);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('allow the test checkout page its one inline script, by hash', async () => {
    const t = await appWith();
    const buyer = new ApiClient(t.app);
    const { url } = (
      await buyer.post('/api/stripe/create-checkout-session', { priceId: 'price_plan_starter_monthly' })
    ).json();
    const page = await buyer.get(url);
    const script = /<script>(.*?)<\/script>/s.exec(page.body)?.[1] ?? '';
    const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    expect(directives(page.headers['content-security-policy'])['script-src']).toEqual(["'self'", hash]);
  });

  it('keep Swagger UI working at /api/docs with its own policy over http', async () => {
    const t = await appWith();
    const res = await new ApiClient(t.app).get('/api/docs');
    expect(res.statusCode).toBe(200);
    const policy = String(res.headers['content-security-policy']);
    // Its page loads every script from files of its own: no inline script needs allowing.
    expect(directives(policy)['script-src']).toEqual(["'self'"]);
    expect(policy).not.toContain('upgrade-insecure-requests');
  });
});
