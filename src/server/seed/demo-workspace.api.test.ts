import { sampleSyncItems } from '@domain/phone-sync/sample-sync-items';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryDifference } from '../../../test/public-token-directory.js';
import { ApiClient, createTestApp, type TestApp } from '../../../test/test-app.js';
import { demoCredentials, demoSignInEnabled, seedDemoWorkspace } from './demo-workspace.js';

const production = {
  NODE_ENV: 'production',
  SECRET_KEY: 'demo-test-secret-key-demo-test-secret-key',
  LOG_LEVEL: 'silent',
};
const apps: TestApp[] = [];
let owner: pg.Client;

async function appFor(env: Record<string, string>): Promise<TestApp> {
  const t = await createTestApp({ env });
  apps.push(t);
  return t;
}

async function signIn(t: TestApp): Promise<{ status: number; client: ApiClient }> {
  const client = new ApiClient(t.app);
  const res = await client.post('/api/auth/login', demoCredentials);
  return { status: res.statusCode, client };
}

/** The demo workspace's live testing tokens, read as the owner (past row-level security). */
async function liveTestTokens(): Promise<string[]> {
  const { rows } = await owner.query(
    `select t.plain_token from phone_sync_tokens t join memberships m on m.workspace_id = t.workspace_id
     join users u on u.id = m.user_id
     where u.email = $1 and t.plain_token is not null and t.revoked_at is null`,
    [demoCredentials.email],
  );
  return rows.map((r) => r.plain_token);
}

/** A test sync (the tab's Test buttons), or with `real` a phone's sync, which a testing token may not send. */
function syncWith(t: TestApp, authToken: string, { real = false } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/iphone/sync',
    payload: real
      ? { type: 'contacts', authToken, data: [{ firstName: 'Pat', email: 'pat@demo-sync.test' }] }
      : { type: 'contacts', authToken, data: sampleSyncItems('contacts'), test: true },
  });
}

beforeAll(async () => {
  const t = await appFor({});
  owner = new pg.Client({ connectionString: t.ownerUrl });
  await owner.connect();
});
afterAll(async () => {
  await owner.end();
  for (const t of apps) await t.close();
});

describe('the demo workspace', () => {
  it('has a sign-in by default outside production only, and DEMO_SIGN_IN decides when set', async () => {
    const config = (env: Record<string, string>) => ({ ...apps[0].config, ...env }) as TestApp['config'];
    expect(demoSignInEnabled(config({ NODE_ENV: 'development' }))).toBe(true);
    expect(demoSignInEnabled(config({ NODE_ENV: 'production' }))).toBe(false);
    expect(demoSignInEnabled({ ...config({ NODE_ENV: 'production' }), DEMO_SIGN_IN: true })).toBe(true);
  });

  it('is seeded in production with an owner nobody can sign into and no testing token', async () => {
    const t = await appFor(production);
    // Other test files of the run may have seeded it already (the database is shared): either way, a
    // production start leaves it closed.
    await seedDemoWorkspace(t);
    expect(await seedDemoWorkspace(t)).toBe(false);
    const { rows } = await owner.query(
      `select u.password_hash, (select count(*)::int from contacts c where c.workspace_id = m.workspace_id) as contacts
       from users u join memberships m on m.user_id = u.id where u.email = $1`,
      [demoCredentials.email],
    );
    expect(rows).toEqual([{ password_hash: null, contacts: expect.any(Number) }]);
    expect(rows[0].contacts).toBeGreaterThan(0); // the public read-only screens have data to show
    expect((await signIn(t)).status).toBe(401);
    expect(await liveTestTokens()).toEqual([]);

    // Migration 1040 gives every workspace a testing token, a closed demo's too: the next start takes it.
    await owner.query(
      `select app_issue_test_sync_tokens(m.workspace_id) from memberships m join users u on u.id = m.user_id
       where u.email = $1`,
      [demoCredentials.email],
    );
    expect(await liveTestTokens()).toHaveLength(1);
    expect(await seedDemoWorkspace(t)).toBe(false);
    expect(await liveTestTokens()).toEqual([]);
    // Its websites, email tokens and sync tokens are each in the public tokens directory.
    const { rows: demo } = await owner.query(
      'select m.workspace_id from memberships m join users u on u.id = m.user_id where u.email = $1',
      [demoCredentials.email],
    );
    expect(await directoryDifference(t.ownerUrl, Number(demo[0].workspace_id))).toEqual([]);
  });

  it('opens in development, and closes again in production: password, sessions and testing token', async () => {
    const development = await appFor({ NODE_ENV: 'development', LOG_LEVEL: 'silent' });
    expect(await seedDemoWorkspace(development)).toBe(false);
    const session = await signIn(development);
    expect(session.status).toBe(200);
    const tokens = await liveTestTokens();
    expect(tokens).toHaveLength(1);
    const [token] = tokens;
    expect(token).toMatch(/^hubsync_/);
    expect((await syncWith(development, token)).statusCode).toBe(202);
    expect((await syncWith(development, token, { real: true })).statusCode).toBe(403);

    const t = await appFor(production);
    expect(await seedDemoWorkspace(t)).toBe(false);
    expect((await signIn(t)).status).toBe(401);
    expect((await session.client.get('/api/auth/user')).statusCode).toBe(401);
    expect((await syncWith(t, token)).statusCode).toBe(401);
    expect(await liveTestTokens()).toEqual([]);
  });

  it('is read by the public -demo screens in a read-only transaction', async () => {
    const t = apps[0];
    await seedDemoWorkspace(t);
    const names = await t.app.inDemoWorkspace(async (tx) => {
      const { rows } = await tx.execute<{ name: string }>(sql`select name from websites order by id`);
      return rows.map((r) => r.name);
    });
    expect(names.length).toBeGreaterThan(0);
    const write = await t.app
      .inDemoWorkspace((tx) => tx.execute(sql`update websites set name = 'defaced'`))
      .catch((error: Error) => error);
    expect(String((write as Error).cause)).toMatch(/read-only transaction/);
    const { rows } = await owner.query(`select count(*)::int as n from websites where name = 'defaced'`);
    expect(rows[0].n).toBe(0);
  });

  it('has content the offline generator wrote from its own data: drafts, one scheduled, two published on its websites, added once', async () => {
    const t = apps[0];
    await seedDemoWorkspace(t);
    const demoContent = async () =>
      (
        await owner.query(
          `select ci.title, ci.status, ci.website_id, ci.generator, ci.body, ci.slug, ci.workspace_id,
                  ci.scheduled_at > now() as ahead, ci.published_at <= now() as past
           from content_items ci where ci.workspace_id = app_demo_workspace_id($1) order by ci.id`,
          [demoCredentials.email],
        )
      ).rows;
    const items = await demoContent();
    expect(items.map((i) => i.status).sort()).toEqual([
      'draft',
      'draft',
      'published',
      'published',
      'scheduled',
    ]);
    expect(items.every((i) => i.generator === 'offline' && i.website_id !== null)).toBe(true);
    expect(items.find((i) => i.status === 'scheduled')?.ahead).toBe(true);
    expect(items.filter((i) => i.status === 'published').every((i) => i.past)).toBe(true);
    // Written from the demo's own websites, not a fixed text.
    expect(items.map((i) => i.body).join(' ')).toMatch(
      /Keynote Coaching|Housing Advocate Academy|HomeMatch AI/,
    );

    // Served: a published item's public page and its website's feed.
    const published = items.find((i) => i.status === 'published');
    const page = await t.app.inject({
      method: 'GET',
      url: `/published/${published.workspace_id}/${published.slug}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(published.title.replaceAll('&', '&amp;'));
    const feed = await t.app.inject({
      method: 'GET',
      url: `/published/${published.workspace_id}/websites/${published.website_id}/feed.json`,
    });
    expect(feed.json().items.map((i: { title: string }) => i.title)).toContain(published.title);

    // Seeding again adds nothing; a demo seeded before content existed gets it on the next start.
    await seedDemoWorkspace(t);
    expect(await demoContent()).toEqual(items);
    await owner.query('delete from content_items where workspace_id = $1', [published.workspace_id]);
    await seedDemoWorkspace(t);
    const again = await demoContent();
    expect(again.map(({ title, status, body }) => ({ title, status, body }))).toEqual(
      items.map(({ title, status, body }) => ({ title, status, body })),
    );
  });
});
