import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOf } from '../src/server/db/database.js';
import {
  claimPublicTokens,
  movePublicToken,
  type PublicTokenKind,
  releasePublicTokens,
} from '../src/server/db/public-tokens.js';
import { directoryDifference } from './public-token-directory.js';
import { apiKeyClient, signUpOwner, useTestApp } from './test-app.js';

/**
 * The public tokens directory (ADR 0015, migrations 1439–1442): the tenant tables' token indexes lead with
 * workspace_id, so public_tokens alone keeps a token unique across workspaces and leads a public look-up to
 * its workspace's row. The stores write it (src/server/db/public-tokens.ts), in the token row's transaction.
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
  kind: PublicTokenKind;
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

/** As a store does it: the row and its directory entry in one transaction of the workspace. */
const holdToken = (workspaceId: number, kind: TokenKind, token: string) =>
  t.database.withWorkspace(workspaceId, async (tx) => {
    await clientOf(tx).query(kind.insert, [workspaceId, token]);
    await claimPublicTokens(tx, kind.kind, [token]);
  });

async function refusal(attempt: Promise<unknown>) {
  return attempt.then(
    () => undefined,
    (error: { code?: string; constraint?: string; cause?: { code: string; constraint: string } }) => {
      const { code, constraint } = error.cause ?? error;
      return `${code} ${constraint}`;
    },
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
      await holdToken(a.workspaceId, kind, token);
      expect(`${kind.kind}: ${await refusal(holdToken(b.workspaceId, kind, token))}`).toBe(
        `${kind.kind}: 23505 ${kind.constraint}`,
      );
      expect(await lookUp(kind, token)).toBe(a.workspaceId);
      expect(await lookUp(kind, `${token}-unknown`)).toBeNull();
    }
    expect(await directoryDifference(t.ownerUrl, b.workspaceId)).toEqual([]);
  });

  it('frees a released token for another workspace, moves a rotated one, and drops a deleted workspace’s', async () => {
    const a = await signUpOwner(t.app);
    const b = await signUpOwner(t.app);
    const doomed = await signUpOwner(t.app);
    for (const kind of kinds) {
      const token = freshToken(kind.kind);
      await holdToken(a.workspaceId, kind, token);
      await t.database.withWorkspace(a.workspaceId, async (tx) => {
        await clientOf(tx).query(`delete from ${kind.table} where ${kind.column} = $1`, [token]);
        await releasePublicTokens(tx, kind.kind, [token]);
      });
      expect(await lookUp(kind, token)).toBeNull();
      await holdToken(b.workspaceId, kind, token);
      expect(`${kind.kind}: ${await lookUp(kind, token)}`).toBe(`${kind.kind}: ${b.workspaceId}`);

      const rotated = freshToken(kind.kind);
      await t.database.withWorkspace(b.workspaceId, async (tx) => {
        await clientOf(tx).query(`update ${kind.table} set ${kind.column} = $2 where ${kind.column} = $1`, [
          token,
          rotated,
        ]);
        await movePublicToken(tx, kind.kind, token, rotated);
      });
      expect(await lookUp(kind, token)).toBeNull();
      expect(await lookUp(kind, rotated)).toBe(b.workspaceId);

      await holdToken(doomed.workspaceId, kind, freshToken(kind.kind));
    }
    for (const workspace of [a, b])
      expect(await directoryDifference(t.ownerUrl, workspace.workspaceId)).toEqual([]);
    await owner.query('delete from workspaces where id = $1', [doomed.workspaceId]);
    const { rows } = await owner.query('select kind, token from public_tokens where workspace = $1', [
      doomed.workspaceId,
    ]);
    expect(rows).toEqual([]);
  });

  it('keeps the directory exact through every store that creates, rotates or deletes a token, over HTTP', async () => {
    const o = await signUpOwner(t.app, { plan: 'enterprise' });
    const created = async (url: string, body: unknown) => {
      const res = await o.client.post(url, body);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
      return res.json() as { id: number };
    };
    const site = await created('/api/websites', { name: 'Tokens', domain: `tokens-${process.pid}.example` });
    await apiKeyClient(t.app, o, 'member');
    const invite = await created('/api/workspace/invites', {
      email: `invitee-${process.pid}@example.com`,
      role: 'member',
    });
    const form = await created('/api/forms', {
      name: 'Tokens',
      locale: 'en',
      fields: [{ key: 'email', label: 'Email', type: 'email', required: true, target: 'email' }],
      texts: {
        submit: 'Send',
        thankYou: 'Thanks',
        required: 'Required',
        invalid: 'Invalid',
        failed: 'Failed',
      },
    });
    await created('/api/iphone/sync-tokens', { name: 'Phone' });
    const slug = freshToken('status');
    expect((await o.client.put('/api/status-page', { enabled: true, slug })).statusCode).toBe(200);
    const tag = `tokens-${process.pid}`;
    for (const n of [1, 2, 3])
      await created('/api/contacts', { firstName: 'Reader', email: `r${n}-${tag}@example.com`, tags: [tag] });
    const campaign = await created('/api/campaigns', {
      name: 'Tokens',
      subject: 'Hi',
      body: 'Hello',
      audience: { tag },
    });
    expect((await o.client.post(`/api/campaigns/${campaign.id}/send`)).statusCode).toBe(200);
    const messages = () =>
      owner
        .query('select count(*)::int as n from marketing_messages where campaign_id = $1', [campaign.id])
        .then((r) => r.rows[0].n as number);
    await expect.poll(messages, { timeout: 30_000 }).toBe(3);
    const kindsHeld = async () =>
      (
        await owner.query('select distinct kind from public_tokens where workspace = $1 order by 1', [
          o.workspaceId,
        ])
      ).rows.map((r) => r.kind);
    expect(await kindsHeld()).toEqual(kinds.map((k) => k.kind).sort());
    expect(await directoryDifference(t.ownerUrl, o.workspaceId)).toEqual([]);

    expect(
      (await o.client.put('/api/status-page', { enabled: true, slug: `${slug}-moved` })).statusCode,
    ).toBe(200);
    // A campaign can be deleted once it no longer sends (no mail server here: it is paused as an owner would);
    // its messages go with it.
    await owner.query(`update campaigns set status = 'paused' where id = $1`, [campaign.id]);
    for (const url of [
      `/api/websites/${site.id}`,
      `/api/workspace/invites/${invite.id}`,
      `/api/forms/${form.id}`,
      `/api/campaigns/${campaign.id}`,
    ])
      expect((await o.client.delete(url)).statusCode, url).toBeLessThan(300);
    expect(await messages()).toBe(0);
    expect(await directoryDifference(t.ownerUrl, o.workspaceId)).toEqual([]);
    expect(await kindsHeld()).toEqual(['api_key', 'phone_sync_token', 'status_page']);
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
