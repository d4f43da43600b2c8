import { AppError } from '@domain/app-error';
import {
  type ContactMerge,
  type DuplicateScan,
  type DuplicateSettings,
  defaultMergeChoices,
  defaultSurvivor,
  type MergeField,
  type MergeRequest,
  type MergeResult,
  mergeFieldColumns,
  mergeFields,
  type SuggestionList,
} from '@domain/duplicates/duplicate-schemas';
import { serverMessage } from '@domain/messages';
import { hubEvents } from '@domain/webhooks/webhook-schemas';
import type { Tx } from '../../db/database.js';
import { isPgError } from '../../db/pg-errors.js';
import { type AppDeps, now } from '../../deps.js';
import { emitContactEvent } from '../../events/contact-events.js';
import type { Member } from '../../http/session.js';
import {
  applyMergedFields,
  contactDisplayNames,
  findContact,
  lockContactsForMerge,
  removeMergedContacts,
  toContact,
} from '../contacts/index.js';
import { emitWorkspaceEvent } from '../webhooks/index.js';
import { contactReferences, referencingTables, unhandledReferences } from './references.js';
import * as store from './store.js';

export const scanJobName = 'duplicates.scan';

// ---- scans ----

/** Queues a scan, or answers the one still queued or running (one at a time per workspace). */
export async function requestScan(
  deps: Pick<AppDeps, 'queue'>,
  tx: Tx,
  workspaceId: number,
  userId: number | null,
): Promise<DuplicateScan> {
  const running = await store.lockUnfinishedScan(tx);
  if (running) return running;
  const scan = await store.insertScan(tx, userId);
  await deps.queue.send(scanJobName, { workspaceId, scanId: scan.id }, { tx });
  return scan;
}

/**
 * The scan job: each pass in its own transaction with its progress, so the screen sees it move; a pass
 * run again after a crash writes the same pairs (an upsert), so a retried job finishes the same scan.
 */
export async function runScan(deps: AppDeps, data: { workspaceId: number; scanId: number }): Promise<void> {
  const { workspaceId, scanId } = data;
  const inWorkspace = <T>(fn: (tx: Tx) => Promise<T>) => deps.database.withWorkspace(workspaceId, fn);
  if (!(await inWorkspace((tx) => store.claimScan(tx, scanId)))) return;
  try {
    for (const [index, pass] of store.passes.entries())
      await inWorkspace(async (tx) => {
        await store.runPass(tx, scanId, pass);
        await store.setScanProgress(tx, scanId, Math.round(((index + 1) * 100) / (store.passes.length + 1)));
      });
    await inWorkspace(async (tx) => {
      await store.dropStaleSuggestions(tx, scanId);
      await store.finishScan(tx, scanId, 'done');
    });
  } catch (error) {
    await inWorkspace((tx) => store.finishScan(tx, scanId, 'failed', String(error)));
    throw error;
  }
}

export async function latestScan(tx: Tx): Promise<{ scan: DuplicateScan | null }> {
  return { scan: (await store.latestScan(tx)) ?? null };
}

// ---- suggestions ----

export async function listSuggestions(
  tx: Tx,
  query: { status: 'open' | 'dismissed'; limit: number },
): Promise<SuggestionList> {
  const { rows, total } = await store.listSuggestionRows(tx, query.status, query.limit);
  const ids = [...new Set(rows.flatMap((r) => r.contactIds))];
  const contacts = new Map(
    (await Promise.all(ids.map((id) => findContact(tx, id)))).flatMap((row) =>
      row ? [[row.id, toContact(row)] as const] : [],
    ),
  );
  return {
    total,
    suggestions: rows.map(({ contactIds, ...rest }) => ({
      ...rest,
      contacts: contactIds.flatMap((id) => contacts.get(id) ?? []),
    })),
  };
}

export async function dismissSuggestion(tx: Tx, id: number, member: Member): Promise<void> {
  if (!(await store.dismissSuggestion(tx, id, member.userId)))
    throw new AppError('not_found', serverMessage('duplicates.suggestionNotFound'));
}

// ---- settings ----

export async function readSettings(tx: Tx): Promise<DuplicateSettings> {
  return { mergeHistoryDays: await store.readHistoryDays(tx) };
}

export async function writeSettings(tx: Tx, input: DuplicateSettings): Promise<DuplicateSettings> {
  await store.writeHistoryDays(tx, input.mergeHistoryDays);
  return readSettings(tx);
}

// ---- merge ----

/** Checked once per process: a foreign key to contacts that merge does not handle stops every merge. */
let referencesChecked = false;
async function assertReferencesHandled(tx: Tx): Promise<void> {
  if (referencesChecked) return;
  const problems = unhandledReferences(await store.contactForeignKeys(tx));
  if (problems.length) throw new Error(`Contact merge is not safe: ${problems.join('; ')}`);
  referencesChecked = true;
}

type ContactRow = Awaited<ReturnType<typeof lockContactsForMerge>>[number];

/** The survivor's new fields: each chosen field from its contact; tags and properties joined; newest contact last. */
function mergedPatch(rows: ContactRow[], choices: Record<MergeField, number>) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const patch: Record<string, unknown> = {};
  for (const field of mergeFields) {
    const source = byId.get(choices[field]);
    if (!source) continue;
    for (const column of mergeFieldColumns[field])
      patch[column] = (source as unknown as Record<string, unknown>)[column];
  }
  const oldestFirst = [...rows].sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime() || a.id - b.id);
  patch.tags = [...new Set(oldestFirst.flatMap((r) => r.tags))];
  patch.properties = Object.assign({}, ...oldestFirst.map((r) => r.properties));
  const contacted = rows.flatMap((r) => (r.lastContactedAt ? [r.lastContactedAt] : []));
  patch.lastContactedAt = contacted.length ? new Date(Math.max(...contacted.map((d) => d.getTime()))) : null;
  return patch;
}

/**
 * Merges the contacts into one, in the caller's transaction: every affected row is snapshotted first,
 * every row pointing at a merged contact is moved (or, for rows about that contact only, removed), the
 * merged contacts are deleted and the survivor takes the chosen fields. One `contact.merged` event.
 */
export async function mergeContacts(
  deps: Pick<AppDeps, 'queue' | 'clock'>,
  tx: Tx,
  workspaceId: number,
  member: Member | null,
  input: MergeRequest,
): Promise<MergeResult> {
  await assertReferencesHandled(tx);
  const rows = await lockContactsForMerge(tx, input.contactIds);
  if (rows.length !== input.contactIds.length)
    throw AppError.badRequest('contactIds', serverMessage('duplicates.contactsMissing'));
  const views = rows.map(toContact);
  const survivorId = input.survivorId ?? defaultSurvivor(views).id;
  const mergedIds = rows.map((r) => r.id).filter((id) => id !== survivorId);
  const choices = { ...defaultMergeChoices(views, survivorId), ...input.fields };
  const names = await contactDisplayNames(tx, input.contactIds);

  // The merge's row first: it takes the snapshot of every affected row in the same statement, before
  // anything moves.
  const mergeId = await store.insertMerge(tx, {
    survivorId,
    mergedIds,
    mergedNames: mergedIds.map((id) => names.get(id) ?? ''),
    snapshot: {
      tables: [
        ['contacts', ['id']],
        ...[...referencingTables()].map(([table, refs]): [string, string[]] => [
          table,
          refs.map((r) => r.column),
        ]),
      ],
      ids: input.contactIds,
    },
    mergedBy: member?.userId ?? null,
    historyDays: await store.readHistoryDays(tx),
  });

  for (const ref of contactReferences) {
    if (ref.strategy === 'drop') await store.dropReferencing(tx, ref, mergedIds);
    if (ref.strategy !== 'reparent') continue;
    if (ref.uniqueWith)
      await store.dropUniqueCollisions(tx, ref, ref.uniqueWith, survivorId, input.contactIds);
    await store.reparent(tx, ref, survivorId, mergedIds);
  }
  await removeMergedContacts(tx, mergedIds);
  const survivor = await applyMergedFields(tx, survivorId, mergedPatch(rows, choices));

  const survivorName = names.get(survivorId) ?? '';
  await emitWorkspaceEvent(deps, tx, workspaceId, {
    type: hubEvents.contactMerged,
    webhookId: `hub_contact_merge_${mergeId}`,
    line: serverMessage('duplicates.merged', { count: mergedIds.length, name: survivorName }),
    data: { merge_id: mergeId, survivor_id: survivorId, merged_ids: mergedIds },
    at: now(deps),
  });
  // Live segments follow the survivor's merged fields and re-parented rows.
  await emitContactEvent(tx, { type: 'contact.updated', contactId: survivorId });
  const merge = await store.findMerge(tx, mergeId);
  if (!merge) throw new Error('merge row vanished');
  return { merge, contact: toContact(survivor) };
}

export async function listMerges(tx: Tx): Promise<{ merges: ContactMerge[] }> {
  return { merges: await store.listMerges(tx, 50) };
}

/** Table order for undo: contacts first (everything else points at them), trigger-kept tables last. */
function restoreOrder(tables: string[]): string[] {
  const derived = new Set(contactReferences.filter((r) => r.strategy === 'derived').map((r) => r.table));
  return [
    'contacts',
    ...tables.filter((t) => t !== 'contacts' && !derived.has(t)),
    ...tables.filter((t) => derived.has(t)),
  ];
}

/**
 * Puts every affected row back as the snapshot has it (ids, fields and updated_at included), in the
 * caller's transaction. Rows added since that point at the survivor stay with the survivor.
 */
export async function undoMerge(tx: Tx, id: number, member: Member | null): Promise<ContactMerge> {
  const merge = await store.lockMergeSnapshot(tx, id);
  if (!merge) throw new AppError('not_found', serverMessage('duplicates.mergeNotFound'));
  if (merge.undoneAt) throw new AppError('conflict', serverMessage('duplicates.alreadyUndone'));
  if (!merge.undoable || !merge.snapshotTables)
    throw new AppError('conflict', serverMessage('duplicates.undoExpired'));
  const ids = [merge.survivorId, ...merge.mergedIds];
  const refsByTable = referencingTables();
  await store.setRestoringRows(tx, true);
  try {
    for (const table of restoreOrder(Object.keys(merge.snapshotTables))) {
      const refs = refsByTable.get(table) ?? [];
      const exact = refs.some((r) => r.strategy === 'derived');
      await store.restoreRows(tx, id, table, await store.tableShape(tx, table), {
        columns: table === 'contacts' ? ['id'] : refs.map((r) => r.column),
        ids,
        exact,
        rows: merge.snapshotTables[table],
      });
    }
  } catch (error) {
    if (isPgError(error, 'uniqueViolation'))
      throw new AppError('conflict', serverMessage('duplicates.undoConflict'));
    throw error;
  }
  await store.setRestoringRows(tx, false);
  await store.markUndone(tx, id, member?.userId ?? null);
  const undone = await store.findMerge(tx, id);
  if (!undone) throw new Error('merge row vanished');
  return undone;
}

export async function expireMergeHistory(deps: AppDeps): Promise<number> {
  return deps.database.withPlatform((tx) => store.expireMergesEverywhere(tx));
}
