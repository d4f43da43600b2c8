/**
 * Every foreign key to contacts (workspace_id, id), and what a merge does with the rows behind it. A merge refuses to
 * run while the catalog has a key this list does not name (a later migration's new table): the key's
 * rows would otherwise be deleted or emptied with the merged contact, and undo could not bring them back.
 * duplicates.api.test.ts compares the list with the catalog, so such a migration fails its tests first.
 *
 * - reparent: the rows now point at the survivor (timeline, deals, tasks, mail, sync, submissions...).
 *   `uniqueWith`: the other columns of a unique key that includes the contact column; rows that would
 *   collide once moved are removed first (kept in the snapshot).
 * - drop: rows about the merged contact itself (its duplicate suggestions, the merge history of which
 *   it was the survivor): removed, and brought back by undo.
 * - derived: kept by triggers or jobs from other tables (counters, segment membership); the snapshot
 *   restores them exactly on undo.
 */
export type ReferenceStrategy = 'reparent' | 'drop' | 'derived';

export interface ContactReference {
  table: string;
  column: string;
  strategy: ReferenceStrategy;
  uniqueWith?: string[];
}

export const contactReferences: ContactReference[] = [
  { table: 'analytics_events', column: 'contact_id', strategy: 'reparent' },
  { table: 'analytics_visitor_contacts', column: 'contact_id', strategy: 'reparent' },
  { table: 'contact_engagement', column: 'contact_id', strategy: 'derived' },
  { table: 'contact_merges', column: 'survivor_id', strategy: 'drop' },
  { table: 'contact_timeline', column: 'contact_id', strategy: 'reparent' },
  { table: 'deals', column: 'contact_id', strategy: 'reparent' },
  { table: 'duplicate_suggestions', column: 'contact_a', strategy: 'drop' },
  { table: 'duplicate_suggestions', column: 'contact_b', strategy: 'drop' },
  { table: 'email_conversations', column: 'contact_id', strategy: 'reparent' },
  { table: 'email_processing_jobs', column: 'contact_id', strategy: 'reparent' },
  { table: 'form_submissions', column: 'contact_id', strategy: 'reparent' },
  { table: 'geofence_alerts', column: 'contact_id', strategy: 'reparent' },
  { table: 'marketing_messages', column: 'contact_id', strategy: 'reparent' },
  // A webhook endpoint's notice contact (its company's person to tell when deliveries fail).
  { table: 'ops_endpoints', column: 'notice_contact_id', strategy: 'reparent' },
  { table: 'segment_history', column: 'contact_id', strategy: 'reparent' },
  // Kept by the segments' evaluation: the survivor is evaluated again after the merge (contact.updated).
  { table: 'segment_members', column: 'contact_id', strategy: 'derived' },
  { table: 'tasks', column: 'contact_id', strategy: 'reparent' },
  { table: 'workflow_runs', column: 'contact_id', strategy: 'reparent' },
];

/** The tables a merge snapshots, each with its columns that name contacts. */
export function referencingTables(): Map<string, ContactReference[]> {
  const byTable = new Map<string, ContactReference[]>();
  for (const ref of contactReferences) byTable.set(ref.table, [...(byTable.get(ref.table) ?? []), ref]);
  return byTable;
}

/**
 * What the catalog has that the list does not handle: a key not named, or a unique key over a re-parented
 * column whose other columns the list does not declare. Empty when the list is complete.
 */
export function unhandledReferences(
  catalog: { table: string; column: string; uniques: string[][] }[],
): string[] {
  const problems: string[] = [];
  for (const fk of catalog) {
    const ref = contactReferences.find((r) => r.table === fk.table && r.column === fk.column);
    if (!ref) {
      problems.push(`${fk.table}.${fk.column}: not handled by merge`);
      continue;
    }
    if (ref.strategy !== 'reparent') continue;
    for (const unique of fk.uniques) {
      const others = unique.filter((c) => c !== fk.column && c !== 'workspace_id');
      const declared = ref.uniqueWith ?? [];
      if (others.length !== declared.length || others.some((c) => !declared.includes(c)))
        problems.push(`${fk.table}.${fk.column}: unique (${unique.join(', ')}) not declared as uniqueWith`);
    }
  }
  for (const ref of contactReferences)
    if (!catalog.some((fk) => fk.table === ref.table && fk.column === ref.column))
      problems.push(`${ref.table}.${ref.column}: listed but not a foreign key to contacts`);
  return problems;
}
