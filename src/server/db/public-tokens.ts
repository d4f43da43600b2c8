import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from './database.js';

/**
 * The seven tokens a public request looks up before its workspace is known (ADR 0015): where each lives,
 * and the tenant table's unique constraint a taken one is reported under. The `public_tokens` directory
 * keeps them unique across workspaces; the stores write it in the same transaction as the token's row.
 */
export const publicTokenColumns = {
  api_key: { table: 'api_keys', column: 'prefix', constraint: 'api_keys_prefix_key' },
  form: { table: 'forms', column: 'key', constraint: 'forms_key_key' },
  invite: { table: 'invites', column: 'token_hash', constraint: 'invites_token_hash_key' },
  marketing_message: {
    table: 'marketing_messages',
    column: 'token',
    constraint: 'marketing_messages_token_key',
  },
  website: { table: 'websites', column: 'tracking_key', constraint: 'websites_tracking_key_key' },
  status_page: { table: 'ops_status_pages', column: 'slug', constraint: 'ops_status_pages_slug_uq' },
  phone_sync_token: {
    table: 'phone_sync_tokens',
    column: 'token_hash',
    constraint: 'phone_sync_tokens_token_hash_key',
  },
} as const;

export type PublicTokenKind = keyof typeof publicTokenColumns;

const asArray = (tokens: readonly string[]) => sql`${sql.param(tokens)}::text[]`;

/**
 * Claims `tokens` for the transaction's workspace; one another workspace holds fails the transaction with
 * 23505 under the tenant table's constraint name.
 */
export async function claimPublicTokens(
  tx: Tx,
  kind: PublicTokenKind,
  tokens: readonly string[],
): Promise<void> {
  if (tokens.length === 0) return;
  await tx.execute(claimTokens(kind, asArray(tokens)));
}

/** Frees the transaction's workspace's `tokens` of `kind`: their rows are deleted, or the tokens rotated. */
export async function releasePublicTokens(
  tx: Tx,
  kind: PublicTokenKind,
  tokens: readonly string[],
): Promise<void> {
  if (tokens.length === 0) return;
  await tx.execute(sql`select app_public_tokens_release(${kind}, ${asArray(tokens)})`);
}

/** A rotated token: the old one freed, the new one claimed. */
export async function movePublicToken(
  tx: Tx,
  kind: PublicTokenKind,
  from: string,
  to: string,
): Promise<void> {
  if (from === to) return;
  await releasePublicTokens(tx, kind, [from]);
  await claimPublicTokens(tx, kind, [to]);
}

/** `select app_public_tokens_claim(…) as claimed` for an SQL array of tokens (a bulk insert's returned ones). */
export function claimTokens(kind: PublicTokenKind, tokens: SQL): SQL {
  return sql`select app_public_tokens_claim(${kind}, ${tokens}, ${publicTokenColumns[kind].constraint}) as claimed`;
}

/**
 * One statement that inserts rows holding tokens of `kind` and claims each token it inserted: `insert` ends in
 * `returning <token column> as token`. Yields `claimed`, how many rows it inserted.
 */
export function insertClaiming(kind: PublicTokenKind, insert: SQL): SQL {
  return sql`with inserted as (${insert}) ${claimTokens(kind, sql`array(select token from inserted)`)}`;
}

/** Claims every token of `kind` the transaction's workspace holds (a restored copy's, all new). */
export async function claimAllPublicTokens(tx: Tx, kind: PublicTokenKind): Promise<void> {
  const { table, column } = publicTokenColumns[kind];
  await tx.execute(
    claimTokens(
      kind,
      sql`array(select ${sql.identifier(column)} from ${sql.identifier(table)} where workspace_id = app_current_workspace())`,
    ),
  );
}
