import { AppError } from '@domain/app-error';
import { type StoredMessage, serverMessage } from '@domain/messages';
import { isSampleSync } from '@domain/phone-sync/sample-sync-items';
import type {
  CallSyncItem,
  ContactSyncItem,
  MessageSyncItem,
  PhoneSyncType,
} from '@domain/phone-sync/sync-schemas';
import { validateSyncItems } from '@domain/phone-sync/validate-sync-items';
import type { Tx } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import { hashToken, newToken } from '../../http/session.js';
import { addTimelineEntry, markContacted, upsertContactByIdentity } from '../contacts/index.js';
import * as store from './store.js';

export const processSyncJobName = 'phone-sync.process';
export const recentRecordsLimit = 10;

/** Tokens carry a recognisable prefix so a leaked one is easy to spot in logs or repositories. */
const tokenPrefix = 'hubsync_';

function toTokenView(t: Awaited<ReturnType<typeof store.listTokens>>[number]) {
  return {
    id: t.id,
    name: t.name,
    tokenHint: t.tokenHint,
    isTestToken: t.testOnly,
    lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
    revokedAt: t.revokedAt?.toISOString() ?? null,
    createdAt: t.createdAt.toISOString(),
  };
}

/**
 * Creates a sync token; its plain value is returned this once and only its hash is kept. A testing token
 * keeps its value, for the tab to pre-fill, and so sends test syncs only.
 */
export async function createSyncToken(
  tx: Tx,
  input: { name: string; createdBy: number | null; isTestToken?: boolean },
) {
  const token = `${tokenPrefix}${newToken()}`;
  const row = await store.insertToken(tx, {
    name: input.name,
    tokenHash: hashToken(token),
    tokenHint: `…${token.slice(-4)}`,
    plainToken: input.isTestToken ? token : null,
    testOnly: input.isTestToken ?? false,
    createdBy: input.createdBy,
  });
  return { ...toTokenView(row), token };
}

/** The name a workspace's testing token is created with (the settings list adds a "For testing" badge). */
const testTokenName = 'iPhone test token (for testing)';

/**
 * Gives the workspace in `tx` a testing token unless it has a live one: a new workspace's iPhone sync tab
 * then pre-fills it and its Test buttons work on the first visit (spec 001: "default is a test token").
 */
export async function ensureTestSyncToken(tx: Tx, createdBy: number | null): Promise<void> {
  if ((await store.findTestToken(tx)) !== null) return;
  await createSyncToken(tx, { name: testTokenName, createdBy, isTestToken: true });
}

/**
 * A restore gives every token a fresh random hash (one credential never works in two workspaces), so a
 * restored testing token's kept value no longer matches it: it is revoked and the copy gets a new one.
 */
export async function renewTestSyncTokenAfterRestore(tx: Tx, createdBy: number | null): Promise<void> {
  await store.revokeTestTokens(tx);
  await ensureTestSyncToken(tx, createdBy);
}

export async function listSyncTokens(tx: Tx) {
  return (await store.listTokens(tx)).map(toTokenView);
}

export async function revokeSyncToken(tx: Tx, id: number) {
  if (!(await store.revokeToken(tx, id)))
    throw new AppError('not_found', serverMessage('phoneSync.tokenNotFound'));
}

export async function getTestToken(tx: Tx) {
  return { token: await store.findTestToken(tx) };
}

/**
 * POST /api/iphone/sync: the token in the payload picks the workspace; the items are validated
 * (each problem names its item and field), stored as a sync record, and processed in the queue.
 */
export async function receiveSync(
  deps: AppDeps,
  payload: { type: PhoneSyncType; data: unknown[]; authToken: string; test: boolean },
) {
  const found = await deps.database.withPlatform((tx) =>
    store.findWorkspaceByTokenHash(tx, hashToken(payload.authToken)),
  );
  if (!found) throw new AppError('unauthenticated', serverMessage('phoneSync.tokenInvalid'));
  // A testing token's value is readable by every member (and was seeded in the open for the demo).
  if (found.testOnly && !payload.test)
    throw new AppError('forbidden', serverMessage('phoneSync.testTokenTestsOnly'));
  const validated = validateSyncItems(payload.type, payload.data);
  if (!validated.ok) {
    const message = validated.issues.map((i) => `${i.path}: ${i.message}`).join('; ');
    throw new AppError('bad_request', message, { issues: validated.issues });
  }
  if (payload.test && !isSampleSync(validated.value))
    throw AppError.badRequest('data', serverMessage('phoneSync.testSyncSamplesOnly'));
  const { workspaceId } = found;
  const recordId = await deps.database.withWorkspace(workspaceId, async (tx) => {
    await store.touchToken(tx, found.tokenId);
    const id = await store.insertRecord(tx, {
      tokenId: found.tokenId,
      syncType: payload.type,
      itemCount: validated.value.items.length,
      payload: validated.value.items,
      isTest: payload.test,
    });
    // In the record's transaction: a crash can never keep a stored sync from being processed.
    await deps.queue.send(processSyncJobName, { workspaceId, recordId: id }, { tx });
    return id;
  });
  return { recordId, status: 'processing' as const, itemCount: validated.value.items.length };
}

export async function listSyncRecords(tx: Tx) {
  const rows = await store.listRecords(tx, recentRecordsLimit);
  return rows.map((r) => ({
    id: r.id,
    sync_type: r.syncType,
    item_count: r.itemCount,
    processed: r.processed,
    contacts_created: r.contactsCreated,
    contacts_updated: r.contactsUpdated,
    error_message: r.errorMessage,
    error_message_ref: r.errorMessageRef ?? null,
    is_test: r.isTest,
    created_at: r.createdAt.toISOString(),
  }));
}

function formatDuration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m > 0 ? `${m}m ${s}s` : `${s}s`;
}

async function syncContact(tx: Tx, item: ContactSyncItem) {
  const address = item.address ?? null;
  // The phone gives an address but no coordinates; the upsert places the contact for the geofence.
  return upsertContactByIdentity(
    tx,
    {
      email: item.email || undefined,
      phone: item.phone || undefined,
      firstName: item.firstName ?? undefined,
      lastName: item.lastName ?? undefined,
      company: item.company ?? undefined,
      address: address?.street ?? undefined,
      city: address?.city ?? undefined,
      state: address?.state ?? undefined,
      zip: address?.zip ?? undefined,
    },
    { via: 'phone' },
  );
}

async function syncCall(tx: Tx, item: CallSyncItem) {
  const result = await upsertContactByIdentity(tx, { phone: item.phoneNumber }, { via: 'phone' });
  const at = new Date(item.date);
  await addTimelineEntry(tx, result.contact.id, {
    kind: 'call',
    title: serverMessage('timeline.call', { direction: item.type, duration: formatDuration(item.duration) }),
    occurredAt: at,
    metadata: {
      direction: item.type,
      durationSeconds: item.duration,
      phoneNumber: item.phoneNumber,
      via: 'iphone-sync',
    },
  });
  await markContacted(tx, result.contact.id, at);
  return result;
}

async function syncMessage(tx: Tx, item: MessageSyncItem) {
  const result = await upsertContactByIdentity(tx, { phone: item.phoneNumber }, { via: 'phone' });
  const at = new Date(item.date);
  await addTimelineEntry(tx, result.contact.id, {
    kind: 'message',
    title: serverMessage('timeline.textMessage', { direction: item.type }),
    body: item.text,
    occurredAt: at,
    metadata: { direction: item.type, phoneNumber: item.phoneNumber, via: 'iphone-sync' },
  });
  await markContacted(tx, result.contact.id, at);
  return result;
}

/** Applies one stored sync in a single transaction: all of it lands, or none and the record keeps the error. */
export async function processSyncRecord(tx: Tx, recordId: number) {
  const record = await store.findRecordForUpdate(tx, recordId);
  if (!record || record.processed) return;
  const counts = { created: 0, updated: 0 };
  for (const raw of record.payload) {
    const result =
      record.syncType === 'contacts'
        ? await syncContact(tx, raw as ContactSyncItem)
        : record.syncType === 'calls'
          ? await syncCall(tx, raw as CallSyncItem)
          : await syncMessage(tx, raw as MessageSyncItem);
    if (result.created) counts.created += 1;
    else counts.updated += 1;
  }
  await store.completeRecord(tx, recordId, counts);
}

export async function markSyncFailed(tx: Tx, recordId: number, message: StoredMessage) {
  await store.failRecord(tx, recordId, message);
}
