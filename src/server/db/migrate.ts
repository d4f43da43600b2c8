import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { appRole } from './urls.js';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Creates the database if the server does not have it yet (the owner connects to `postgres` for that). */
export async function ensureDatabase(ownerUrl: string): Promise<void> {
  const target = new URL(ownerUrl);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(ownerUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

/**
 * Applies the committed SQL files in name order, each once, under an advisory lock so two
 * starting processes cannot race. Then (re)grants the runtime role and checks that every
 * table with a workspace_id is under forced row-level security. `before` stops at the first file named
 * from it on: a database as it was before those migrations, which a migration test then populates.
 */
export async function runMigrations(
  ownerUrl: string,
  appPassword: string,
  options: { before?: string } = {},
): Promise<string[]> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('select pg_advisory_lock(727001)');
    await client.query(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    );
    const done = new Set((await client.query('select name from schema_migrations')).rows.map((r) => r.name));
    const files = readdirSync(migrationsDir)
      .filter((f) => f.endsWith('.sql') && (options.before === undefined || f < options.before))
      .sort();
    for (const file of files) {
      if (done.has(file)) continue;
      const sqlText = readFileSync(path.join(migrationsDir, file), 'utf8');
      await client.query('begin');
      try {
        await client.query(sqlText);
        await client.query('insert into schema_migrations (name) values ($1)', [file]);
        await client.query('commit');
        applied.push(file);
      } catch (error) {
        await client.query('rollback');
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`);
      }
    }
    await client.query(`alter role ${appRole} with login password '${appPassword.replaceAll("'", "''")}'`);
    await client.query(`
      grant usage on schema public to ${appRole};
      grant select, insert, update, delete on all tables in schema public to ${appRole};
      grant usage, select on all sequences in schema public to ${appRole};
      revoke all on schema_migrations from ${appRole};
    `);
    const unprotected = await client.query(`
      select c.relname from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'workspace_id' and not a.attisdropped
      where c.relkind = 'r' and not (c.relrowsecurity and c.relforcerowsecurity)`);
    if (unprotected.rowCount) {
      throw new Error(
        `Tables with workspace_id but without forced row-level security: ${unprotected.rows.map((r) => r.relname).join(', ')}. Call app_enable_tenant_rls('<table>') in the migration.`,
      );
    }
  } finally {
    await client.query('select pg_advisory_unlock(727001)').catch(() => {});
    await client.end();
  }
  return applied;
}
