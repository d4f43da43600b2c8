import { messageRef, type StoredMessage } from '@domain/messages';
import { and, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';
import { claimPublicTokens } from '../../db/public-tokens.js';
import { type PhoneSyncType, phoneSyncRecords, phoneSyncTokens } from '../../db/schema/phone-sync.js';

export async function insertToken(
  tx: Tx,
  values: {
    name: string;
    tokenHash: string;
    tokenHint: string;
    plainToken?: string | null;
    testOnly?: boolean;
    createdBy?: number | null;
  },
) {
  const rows = await tx.insert(phoneSyncTokens).values(values).returning();
  await claimPublicTokens(tx, 'phone_sync_token', [values.tokenHash]);
  return rows[0];
}

export async function listTokens(tx: Tx) {
  return tx.select().from(phoneSyncTokens).orderBy(desc(phoneSyncTokens.createdAt), desc(phoneSyncTokens.id));
}

/** Returns false when no such token is visible (another workspace's, or none). */
export async function revokeToken(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx
    .update(phoneSyncTokens)
    .set({ revokedAt: sql`coalesce(${phoneSyncTokens.revokedAt}, now())` })
    .where(eq(phoneSyncTokens.id, id))
    .returning({ id: phoneSyncTokens.id });
  return rows.length > 0;
}

/** The live testing token's value; null when it was revoked (or the demo's closed). */
export async function findTestToken(tx: Tx): Promise<string | null> {
  const rows = await tx
    .select({ plain: phoneSyncTokens.plainToken })
    .from(phoneSyncTokens)
    .where(
      and(
        eq(phoneSyncTokens.testOnly, true),
        isNotNull(phoneSyncTokens.plainToken),
        isNull(phoneSyncTokens.revokedAt),
      ),
    )
    .orderBy(desc(phoneSyncTokens.createdAt))
    .limit(1);
  return rows[0]?.plain ?? null;
}

export async function touchToken(tx: Tx, id: number) {
  await tx.update(phoneSyncTokens).set({ lastUsedAt: new Date() }).where(eq(phoneSyncTokens.id, id));
}

/** Token look-up before the workspace is known (SECURITY DEFINER; revoked tokens are not found). */
export async function findWorkspaceByTokenHash(tx: Tx, hash: string) {
  const rows = await tx.execute<{ token_id: string; workspace_id: string; test_only: boolean }>(
    sql`select token_id, workspace_id, test_only from app_phone_sync_token(${hash})`,
  );
  const row = rows.rows[0];
  return row
    ? { tokenId: Number(row.token_id), workspaceId: Number(row.workspace_id), testOnly: row.test_only }
    : null;
}

export async function insertRecord(
  tx: Tx,
  values: {
    tokenId: number;
    syncType: PhoneSyncType;
    itemCount: number;
    payload: unknown[];
    isTest: boolean;
  },
) {
  const rows = await tx.insert(phoneSyncRecords).values(values).returning({ id: phoneSyncRecords.id });
  return rows[0].id;
}

export async function findRecordForUpdate(tx: Tx, id: number) {
  const rows = await tx.select().from(phoneSyncRecords).where(eq(phoneSyncRecords.id, id)).for('update');
  return rows[0] ?? null;
}

export async function completeRecord(tx: Tx, id: number, counts: { created: number; updated: number }) {
  await tx
    .update(phoneSyncRecords)
    .set({
      processed: true,
      processedAt: new Date(),
      contactsCreated: counts.created,
      contactsUpdated: counts.updated,
      errorMessage: null,
      errorMessageRef: null,
    })
    .where(eq(phoneSyncRecords.id, id));
}

export async function failRecord(tx: Tx, id: number, message: StoredMessage) {
  await tx
    .update(phoneSyncRecords)
    .set({ errorMessage: message.text, errorMessageRef: messageRef(message) })
    .where(eq(phoneSyncRecords.id, id));
}

export async function listRecords(tx: Tx, limit: number) {
  return tx
    .select({
      id: phoneSyncRecords.id,
      syncType: phoneSyncRecords.syncType,
      itemCount: phoneSyncRecords.itemCount,
      processed: phoneSyncRecords.processed,
      contactsCreated: phoneSyncRecords.contactsCreated,
      contactsUpdated: phoneSyncRecords.contactsUpdated,
      errorMessage: phoneSyncRecords.errorMessage,
      errorMessageRef: phoneSyncRecords.errorMessageRef,
      isTest: phoneSyncRecords.isTest,
      createdAt: phoneSyncRecords.createdAt,
    })
    .from(phoneSyncRecords)
    .orderBy(desc(phoneSyncRecords.createdAt), desc(phoneSyncRecords.id))
    .limit(limit);
}

/** Revokes every testing token and forgets its plain value. */
export async function revokeTestTokens(tx: Tx) {
  await tx
    .update(phoneSyncTokens)
    .set({ plainToken: null, revokedAt: sql`coalesce(${phoneSyncTokens.revokedAt}, now())` })
    .where(
      and(
        eq(phoneSyncTokens.testOnly, true),
        or(isNotNull(phoneSyncTokens.plainToken), isNull(phoneSyncTokens.revokedAt)),
      ),
    );
}

export async function unfinishedRecordsEverywhere(tx: Tx) {
  const rows = await tx.execute<{ workspace_id: number; id: number }>(
    sql`select workspace_id, id from app_unfinished_phone_syncs()`,
  );
  return rows.rows.map((r) => ({ workspaceId: Number(r.workspace_id), recordId: Number(r.id) }));
}
