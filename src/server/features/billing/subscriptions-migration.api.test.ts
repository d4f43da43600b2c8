import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureDatabase } from '../../db/migrate.js';
import { withDatabase } from '../../db/urls.js';

/** Migration 1020 on a database that has plans and paid orders from before it. */
const migrations = path.resolve(import.meta.dirname, '../../db/migrations');
const target = '1020_subscriptions.sql';
const apply = (client: pg.Client, file: string) =>
  client.query(readFileSync(path.join(migrations, file), 'utf8'));

let db: pg.Client;
const ids: Record<string, number> = {};
const name = `hub_migration_1020_${process.pid}_${Date.now()}`;
beforeAll(async () => {
  const url = withDatabase(inject('ownerDatabaseUrl'), name);
  await ensureDatabase(url);
  db = new pg.Client({ connectionString: url });
  await db.connect();
  // As runMigrations does, up to the one under test (a function of 0950 reads what was applied).
  await db.query(
    'create table schema_migrations (name text primary key, applied_at timestamptz default now())',
  );
  const before = readdirSync(migrations).filter((f) => f.endsWith('.sql') && f < target);
  for (const file of before.sort()) {
    await apply(db, file);
    await db.query('insert into schema_migrations (name) values ($1)', [file]);
  }

  const workspace = async (name: string, plan: string, status: string, extra = '') => {
    const { rows } = await db.query(
      `insert into workspaces (name, plan, subscription_status, trial_ends_at, seats, renews_at, addons)
       values ($1, $2, $3, now() + interval '10 days', ${extra || "1, null, '{}'"}) returning id`,
      [name, plan, status],
    );
    ids[name] = Number(rows[0].id);
  };
  // Bought a REOSS membership during its Starter trial: the old code made it "active" with 3 seats.
  await workspace('reoss-on-trial', 'starter', 'active', "3, '2031-02-01T00:00:00Z', '{}'");
  await workspace('paid-package', 'professional', 'active', "1, '2031-03-05T00:00:00Z', '{lead-engine}'");
  await workspace('trial', 'enterprise', 'trialing');
  await workspace('listing', 'professional', 'trialing');
  const order = (id: string, workspaceName: string, kind: string, selection: object, recurring: number) =>
    db.query(
      `insert into checkout_orders (id, provider, provider_session_id, provider_subscription_id, kind, selection,
         lines, recurring_cents, one_time_cents, buyer_workspace_id, status, completed_at)
       values ($1, 'stripe', $1, $2, $3, $4, '[]', $5, 0, $6, 'completed', '2031-01-10T00:00:00Z')`,
      [id, `sub_${id}`, kind, JSON.stringify(selection), recurring, ids[workspaceName]],
    );
  await order(
    'ord_reoss',
    'reoss-on-trial',
    'reoss',
    { tier: 'pro', reossAddons: ['lead_bundle', 'kvcore_setup'], seats: 3 },
    49800,
  );
  await order(
    'ord_package',
    'paid-package',
    'package',
    { planId: 'professional', addonIds: ['lead-engine'] },
    34800,
  );
  await order(
    'ord_listing',
    'listing',
    'local_business',
    {
      exposureLevel: 'ai_recommended',
      addons: { autoMatchCrm: true, coBrandedPage: true, placementBoost: false },
    },
    17300,
  );
  await apply(db, target);
});
afterAll(async () => {
  await db?.end();
  const server = new pg.Client({ connectionString: withDatabase(inject('ownerDatabaseUrl'), 'postgres') });
  await server.connect();
  await server.query(`drop database if exists "${name}"`);
  await server.end();
});

const rowsOf = async (name: string) =>
  (
    await db.query(
      `select kind, plan, addons, seats, price_cents::int, status, current_period_end, provider,
         provider_subscription_id, order_id
       from subscriptions where workspace_id = $1 order by kind <> 'platform', id`,
      [ids[name]],
    )
  ).rows;

describe('migration 1020: plans and paid orders become subscriptions', () => {
  it('makes a membership bought on a trial a row of its own, and the plan a trial again with its own seats', async () => {
    expect(await rowsOf('reoss-on-trial')).toEqual([
      expect.objectContaining({
        kind: 'platform',
        plan: 'starter',
        seats: 2,
        price_cents: 4900,
        status: 'trialing',
        current_period_end: null,
        order_id: null,
      }),
      expect.objectContaining({
        kind: 'reoss',
        plan: 'pro',
        addons: ['lead_bundle'],
        seats: 3,
        price_cents: 49800,
        status: 'active',
        current_period_end: new Date('2031-02-10T00:00:00Z'),
        provider: 'stripe',
        provider_subscription_id: 'sub_ord_reoss',
        order_id: 'ord_reoss',
      }),
    ]);
    const { rows } = await db.query('select plan, subscription_status from workspaces where id = $1', [
      ids['reoss-on-trial'],
    ]);
    expect(rows[0]).toEqual({ plan: 'starter', subscription_status: 'trialing' });
  });

  it('keeps a paid plan with its add-ons, renewal and provider subscription', async () => {
    expect(await rowsOf('paid-package')).toEqual([
      expect.objectContaining({
        kind: 'platform',
        plan: 'professional',
        addons: ['lead-engine'],
        seats: 10,
        price_cents: 14900 + 19900,
        status: 'active',
        current_period_end: new Date('2031-03-05T00:00:00Z'),
        provider_subscription_id: 'sub_ord_package',
        order_id: 'ord_package',
      }),
    ]);
  });

  it('opens a trial row for a workspace that paid nothing, unlimited users on Enterprise', async () => {
    expect(await rowsOf('trial')).toEqual([
      expect.objectContaining({ kind: 'platform', plan: 'enterprise', seats: null, status: 'trialing' }),
    ]);
  });

  it('adds a listing with its monthly add-ons only (the one-time page was charged once)', async () => {
    const [platform, listing] = await rowsOf('listing');
    expect(platform).toMatchObject({ kind: 'platform', status: 'trialing' });
    expect(listing).toMatchObject({
      kind: 'local_business',
      plan: 'ai_recommended',
      addons: ['autoMatchCrm'],
      seats: null,
      price_cents: 17300,
    });
  });

  it('drops the per-workspace seats and renewal, and refuses writes to the copied plan', async () => {
    const { rows } = await db.query(
      `select column_name from information_schema.columns
       where table_name = 'workspaces' and column_name in ('seats', 'renews_at')`,
    );
    expect(rows).toEqual([]);
    await expect(
      db.query(`update workspaces set plan = 'starter' where id = $1`, [ids.trial]),
    ).rejects.toThrow(/change subscriptions instead/);
    await db.query(`update workspaces set name = 'renamed' where id = $1`, [ids.trial]);
  });
});
