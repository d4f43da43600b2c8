import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';
import { contacts } from '../../db/schema/contacts.js';
import * as store from './store.js';

/**
 * What a merge (the duplicates area) does to contact rows themselves: take them in turn, give the
 * survivor its chosen fields, remove the others once everything that pointed at them points elsewhere.
 */

/** The rows, locked in id order (two merges of overlapping contacts wait instead of deadlocking). */
export async function lockContactsForMerge(tx: Tx, ids: number[]): Promise<store.ContactRow[]> {
  return tx.select().from(contacts).where(inArray(contacts.id, ids)).orderBy(contacts.id).for('update');
}

export async function removeMergedContacts(tx: Tx, ids: number[]): Promise<void> {
  await tx.delete(contacts).where(inArray(contacts.id, ids));
}

export async function applyMergedFields(
  tx: Tx,
  survivorId: number,
  patch: store.ContactPatch,
): Promise<store.ContactRow> {
  const row = await store.updateContactRow(tx, survivorId, patch);
  if (!row) throw new Error(`survivor ${survivorId} vanished inside its merge`);
  return row;
}

/** Display names as lists show them (name, else email, else phone). */
export async function contactDisplayNames(tx: Tx, ids: number[]): Promise<Map<number, string>> {
  const { rows } = await tx.execute<{ id: number; name: string }>(sql`
    select id, app_contact_display_name(first_name, last_name, email::text, phone) as name
    from contacts where id = any(${sql.param(ids)}::bigint[])`);
  return new Map(rows.map((r) => [r.id, r.name]));
}
