import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type BuiltServer, signInCookie, startBuiltServer } from '../bench/support/start-server.js';
import { defaultSharedBuffersMb } from '../src/server/db/embedded.js';
import { demoCredentials } from '../src/server/seed/demo-workspace.js';

// What `npm start` runs: the build script, then the compiled server on its own embedded PostgreSQL.
let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer({ DEMO_SIGN_IN: 'true' });
}, 180_000);
afterAll(() => server?.stop());

it('serves the built client and the API, with the demo workspace signed in', async () => {
  expect(server.output()).toContain(`Demo sign-in: ${demoCredentials.email} / ${demoCredentials.password}`);
  const page = await fetch(`${server.baseUrl}/pricing`);
  expect(page.status).toBe(200);
  // Prerendered at build time (scripts/prerender.ts): the page arrives drawn.
  expect(await page.text()).toMatch(/<div id="root" data-locale="en"><.*Build your package/s);

  const cookie = await signInCookie(server.baseUrl, demoCredentials.email, demoCredentials.password);
  const me = await fetch(`${server.baseUrl}/api/auth/user`, { headers: { cookie } });
  expect(me.status).toBe(200);
  expect(await me.json()).toMatchObject({ email: demoCredentials.email });
  const contacts = await fetch(`${server.baseUrl}/api/contacts`, { headers: { cookie } });
  expect(((await contacts.json()) as unknown[]).length).toBeGreaterThan(0);
  // The offline geocoder reads its dataset from node_modules, found from the compiled file.
  const located = await fetch(`${server.baseUrl}/api/location/update`, {
    method: 'POST',
    headers: { cookie, origin: server.baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ latitude: 30.2672, longitude: -97.7431, accuracy: 10 }),
  });
  expect(located.status).toBe(200);
  expect(((await located.json()) as { location: { address: string } }).location.address).toContain('Austin');
});

it('starts its PostgreSQL with a page cache sized to the machine', async () => {
  const client = new pg.Client({ connectionString: server.ownerUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select setting::bigint * 8 / 1024 as mb from pg_settings where name = 'shared_buffers'",
    );
    expect(Number(rows[0].mb)).toBe(defaultSharedBuffersMb());
  } finally {
    await client.end();
  }
});
