import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyClient, signUpOwner, useTestApp } from './test-app.js';

/**
 * The public tokens directory (ADR 0015, migrations 1439–1441): the tenant tables' token indexes lead with
 * workspace_id, so public_tokens alone keeps a token unique across workspaces and leads a public look-up to
 * its workspace's row.
 */
const t = useTestApp();
let owner: pg.Client;
beforeAll(async () => {
  owner = new pg.Client({ connectionString: t.ownerUrl });
  await owner.connect();
});
afterAll(async () => {
  await owner.end();
});

interface TokenKind {
  kind: string;
  table: string;
  column: string;
  /** The tenant table's unique constraint, which the directory's refusal names (stores read it). */
  constraint: string;
  /** Inserts a row holding token $2 in workspace $1. */
  insert: string;
  /** The public look-up: token $1 → the workspace holding it. */
  lookUp: string;
}

const kinds: TokenKind[] = [
  {
    kind: 'api_key',
    table: 'api_keys',
    column: 'prefix',
    constraint: 'api_keys_prefix_key',
    insert: `insert into api_keys (workspace_id, name, prefix, secret_hash, role) values ($1, 'k', $2, 'x', 'admin')`,
    lookUp: 'select app_public_token_workspace($$api_key$$, $1) as ws',
  },
  {
    kind: 'form',
    table: 'forms',
    column: 'key',
    constraint: 'forms_key_key',
    insert: `insert into forms (workspace_id, key, name, locale, fields, texts) values ($1, $2, 'f', 'en', '[]', '{}')`,
    lookUp: 'select workspace_id as ws from app_form_lookup($1)',
  },
  {
    kind: 'invite',
    table: 'invites',
    column: 'token_hash',
    constraint: 'invites_token_hash_key',
    insert: `insert into invites (workspace_id, email, role, token_hash, expires_at)
      values ($1, $2 || '@example.com', 'member', $2, now() + interval '1 day')`,
    lookUp: 'select app_invite_workspace($1) as ws',
  },
  {
    kind: 'marketing_message',
    table: 'marketing_messages',
    column: 'token',
    constraint: 'marketing_messages_token_key',
    insert: `insert into marketing_messages (workspace_id, token, to_email, subject, body, idempotency_key)
      values ($1, $2, 'm@example.com', 's', 'b', $2)`,
    lookUp: 'select app_marketing_message_workspace($1) as ws',
  },
  {
    kind: 'website',
    table: 'websites',
    column: 'tracking_key',
    constraint: 'websites_tracking_key_key',
    insert: `insert into websites (workspace_id, name, domain, tracking_key) values ($1, 'w', $2 || '.example', $2)`,
    lookUp: 'select workspace_id as ws from app_analytics_site_lookup($1)',
  },
  {
    kind: 'status_page',
    table: 'ops_status_pages',
    column: 'slug',
    constraint: 'ops_status_pages_slug_uq',
    insert: `insert into ops_status_pages (workspace_id, slug, enabled) values ($1, $2, true)`,
    lookUp: 'select workspace_id as ws from app_status_page_workspace($1)',
  },
  {
    kind: 'phone_sync_token',
    table: 'phone_sync_tokens',
    column: 'token_hash',
    constraint: 'phone_sync_tokens_token_hash_key',
    insert: `insert into phone_sync_tokens (workspace_id, name, token_hash, token_hint) values ($1, 'p', $2, '…')`,
    lookUp: 'select workspace_id as ws from app_phone_sync_token($1)',
  },
];

let serial = 0;
const freshToken = (kind: string) => `tok-${kind.replaceAll('_', '-')}-${process.pid}-${++serial}`;

async function refusal(sql: string, params: unknown[]) {
  return owner.query(sql, params).then(
    () => undefined,
    (error: { code: string; constraint: string }) => `${error.code} ${error.constraint}`,
  );
}

async function lookUp(kind: TokenKind, token: string): Promise<number | null> {
  const { rows } = await owner.query(kind.lookUp, [token]);
  return rows[0]?.ws === undefined || rows[0]?.ws === null ? null : Number(rows[0].ws);
}

describe('public tokens across workspaces', () => {
  it('refuses a token another workspace holds, for every kind, naming the tenant table’s constraint', async () => {
    const a = await signUpOwner(t.app);
    const b = await signUpOwner(t.app);
    for (const kind of kinds) {
      const token = freshToken(kind.kind);
      await owner.query(kind.insert, [a.workspaceId, token]);
      expect(`${kind.kind}: ${await refusal(kind.insert, [b.workspaceId, token])}`).toBe(
        `${kind.kind}: 23505 ${kind.constraint}`,
      );
      expect(await lookUp(kind, token)).toBe(a.workspaceId);
      expect(await lookUp(kind, `${token}-unknown`)).toBeNull();
    }
  });

  it('frees a token when its row is deleted, and every token of a deleted workspace', async () => {
    const a = await signUpOwner(t.app);
    const b = await signUpOwner(t.app);
    const doomed = await signUpOwner(t.app);
    for (const kind of kinds) {
      const token = freshToken(kind.kind);
      await owner.query(kind.insert, [a.workspaceId, token]);
      await owner.query(`delete from ${kind.table} where workspace_id = $1 and ${kind.column} = $2`, [
        a.workspaceId,
        token,
      ]);
      expect(await lookUp(kind, token)).toBeNull();
      await owner.query(kind.insert, [b.workspaceId, token]);
      expect(`${kind.kind}: ${await lookUp(kind, token)}`).toBe(`${kind.kind}: ${b.workspaceId}`);

      const rotated = freshToken(kind.kind);
      await owner.query(
        `update ${kind.table} set ${kind.column} = $3 where workspace_id = $1 and ${kind.column} = $2`,
        [b.workspaceId, token, rotated],
      );
      expect(await lookUp(kind, token)).toBeNull();
      expect(await lookUp(kind, rotated)).toBe(b.workspaceId);

      await owner.query(kind.insert, [doomed.workspaceId, freshToken(kind.kind)]);
    }
    await owner.query('delete from workspaces where id = $1', [doomed.workspaceId]);
    const { rows } = await owner.query('select kind, token from public_tokens where workspace = $1', [
      doomed.workspaceId,
    ]);
    expect(rows).toEqual([]);
  });

  it('moves a status page address over HTTP: taken while one workspace holds it, free once it changes', async () => {
    const a = await signUpOwner(t.app, { businessName: 'First Holder', plan: 'enterprise' });
    const b = await signUpOwner(t.app, { businessName: 'Second Holder', plan: 'enterprise' });
    const slug = freshToken('status');
    const anonymous = (url: string) => t.app.inject({ method: 'GET', url });
    expect((await a.client.put('/api/status-page', { enabled: true, slug })).statusCode).toBe(200);
    const taken = await b.client.put('/api/status-page', { enabled: true, slug });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().issues[0].path).toBe('slug');
    expect((await anonymous(`/api/status/${slug}`)).json()).toMatchObject({ name: 'First Holder' });

    const moved = await a.client.put('/api/status-page', { enabled: true, slug: `${slug}-new` });
    expect(moved.statusCode).toBe(200);
    expect((await b.client.put('/api/status-page', { enabled: true, slug })).statusCode).toBe(200);
    expect((await anonymous(`/api/status/${slug}`)).json()).toMatchObject({ name: 'Second Holder' });
    expect((await anonymous(`/api/status/${slug}-new`)).json()).toMatchObject({ name: 'First Holder' });
  });

  it('keeps the runtime role out of the directory: it reaches it only through the look-up functions', async () => {
    const o = await signUpOwner(t.app);
    const { client } = await apiKeyClient(t.app, o, 'member');
    // The key was found through the directory, which the runtime role itself cannot read.
    expect((await client.get('/api/auth/user')).statusCode).toBe(200);
    const { rows } = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from public_tokens`,
    );
    expect(rows[0].n).toBe(0);
    const listed = await owner.query('select count(*)::int as n from public_tokens where workspace = $1', [
      o.workspaceId,
    ]);
    expect(listed.rows[0].n).toBeGreaterThan(0);
  });

  it('answers every public look-up with one primary-key look-up in the directory and one index look-up in the tenant table', async () => {
    await owner.query('begin');
    try {
      // Test tables are tiny and would be read whole; the question is whether indexes can answer.
      await owner.query('set local enable_seqscan = off');
      for (const kind of kinds) {
        const { rows } = await owner.query(
          `explain (format json) select t.workspace_id from public_tokens p
           join ${kind.table} t on t.workspace_id = p.workspace and t.${kind.column} = p.token
           where p.kind = $1 and p.token = $2`,
          [kind.kind, 'x'],
        );
        const scans: string[] = [];
        const walk = (node: { 'Node Type': string; 'Index Name'?: string; Plans?: unknown[] }) => {
          if (node['Node Type'].includes('Scan')) scans.push(node['Index Name'] ?? node['Node Type']);
          for (const child of (node.Plans ?? []) as (typeof node)[]) walk(child);
        };
        walk(rows[0]['QUERY PLAN'][0].Plan);
        expect(`${kind.kind}: ${scans.sort().join(', ')}`).toBe(
          `${kind.kind}: ${[kind.constraint, 'public_tokens_pkey'].sort().join(', ')}`,
        );
      }
    } finally {
      await owner.query('rollback');
    }
  });
});
