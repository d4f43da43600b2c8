import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.js';
import { claimPublicTokens } from '../../db/public-tokens.js';
import { apiKeys } from '../../db/schema/api-keys.js';
import { users } from '../../db/schema/auth.js';
import { workspaces } from '../../db/schema/workspaces.js';

export async function insertApiKey(tx: Tx, values: typeof apiKeys.$inferInsert) {
  const [row] = await tx.insert(apiKeys).values(values).returning({ id: apiKeys.id, prefix: apiKeys.prefix });
  await claimPublicTokens(tx, 'api_key', [row.prefix]);
  return row.id;
}

/** Active keys (not revoked) with their creator, newest first. */
export async function listApiKeys(tx: Tx, id?: number) {
  return tx
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      role: apiKeys.role,
      createdAt: apiKeys.createdAt,
      expiresAt: apiKeys.expiresAt,
      lastUsedAt: apiKeys.lastUsedAt,
      creatorId: users.id,
      creatorFirstName: users.firstName,
      creatorLastName: users.lastName,
      creatorEmail: users.email,
    })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(and(isNull(apiKeys.revokedAt), id === undefined ? undefined : eq(apiKeys.id, id)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function revokeApiKey(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

export async function workspacePlan(tx: Tx) {
  const [row] = await tx.select({ plan: workspaces.plan }).from(workspaces);
  return row.plan;
}

export interface LiveApiKey {
  keyId: number;
  workspaceId: number;
  userId: number;
  role: 'admin' | 'member' | 'viewer';
  plan: 'starter' | 'professional' | 'enterprise';
}

/** Finds a live key by prefix and hash (and records its use), before any workspace is known. */
export async function findLiveApiKey(db: Db, prefix: string, hash: string): Promise<LiveApiKey | null> {
  const { rows } = await db.execute<{
    key_id: number;
    workspace_id: number;
    user_id: number;
    role: LiveApiKey['role'];
    plan: LiveApiKey['plan'];
  }>(sql`select key_id, workspace_id, user_id, role, plan from app_api_key_use(${prefix}, ${hash})`);
  const row = rows[0];
  if (!row) return null;
  return {
    keyId: Number(row.key_id),
    workspaceId: Number(row.workspace_id),
    userId: Number(row.user_id),
    role: row.role,
    plan: row.plan,
  };
}
