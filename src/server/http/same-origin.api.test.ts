import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpOwner, type TestApp } from '../../../test/test-app.js';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

/** A signed-in write (sign-out) sent with the given Origin header. */
async function signOutFrom(t: TestApp, origin: string, extraHeaders: Record<string, string> = {}) {
  const owner = await signUpOwner(t.app);
  return owner.client.request('POST', '/api/logout', undefined, { origin, ...extraHeaders });
}

describe('the same-origin check of signed-in writes', () => {
  it('compares the scheme and port as well as the host', async () => {
    const t = await createTestApp();
    apps.push(t);
    expect((await signOutFrom(t, 'http://localhost')).statusCode).toBeLessThan(400);
    for (const origin of ['https://localhost', 'http://localhost:8080', 'null', 'http://evil.test']) {
      const res = await signOutFrom(t, origin);
      expect(res.statusCode, origin).toBe(403);
      expect(res.json().message).toBe('Cross-site request refused.');
    }
  });

  it("accepts PUBLIC_URL's exact origin behind a proxy, and not its other scheme", async () => {
    const t = await createTestApp({ env: { PUBLIC_URL: 'https://hub.example.test' } });
    apps.push(t);
    expect((await signOutFrom(t, 'https://hub.example.test')).statusCode).toBeLessThan(400);
    expect((await signOutFrom(t, 'http://hub.example.test')).statusCode).toBe(403);
  });
});
