import type pg from 'pg';
import { publicTokenColumns } from '../../db/public-tokens.js';

/** One workspace-owned table as a backup writes and a restore rewrites it. */
export interface TableInfo {
  name: string;
  /** Stored columns (generated ones are recomputed on restore), in table order. */
  columns: string[];
  /** The identity sequence of a single `id` primary key: such ids are global, so a restore gives new ones. */
  idSequence: string | null;
  /** Columns holding another backed-up table's global id, and that table. */
  references: { column: string; table: string }[];
  /**
   * Columns unique across all workspaces that are not ids (tokens, tracking keys): a restored copy gets
   * fresh random values, which also keeps a restored credential from working twice.
   */
  regenerated: string[];
  /** Backed-up tables this one has foreign keys to: a restore inserts them first. */
  dependsOn: string[];
  /** Filled by triggers on other tables (counters): a restore replaces what those triggers wrote. */
  triggerFilled: boolean;
}

/**
 * The backup's own bookkeeping: a backup lists the backups before it only through this table, and
 * a restored workspace starts without the source's backups and restores. Nor is billing data: a
 * restored copy starts on a trial of the source's plan, and never holds the source's paid subscriptions
 * (their provider ids would let the copy change or cancel what the original pays for). Nor is merge
 * history: its snapshots hold the source's row ids, which a restored copy does not have.
 */
export const notBackedUp = ['backups', 'backup_restores', 'subscriptions', 'contact_merges'];

/**
 * Every table with a `workspace_id`, read from the catalog at run time, so a table added by a later
 * migration is in the next backup without anyone listing it. Ordered so that a table comes after
 * the tables it references, and trigger-filled tables last.
 */
export async function workspaceTables(client: pg.ClientBase): Promise<TableInfo[]> {
  const { rows: tables } = await client.query<{ name: string }>(
    `
    select c.relname as name from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    join pg_attribute a on a.attrelid = c.oid and a.attname = 'workspace_id' and not a.attisdropped
    where c.relkind in ('r', 'p') and not c.relispartition and c.relname <> all($1)
    order by c.relname`,
    [notBackedUp],
  );
  const names = tables.map((t) => t.name);
  const { rows: columns } = await client.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
     where table_schema = 'public' and table_name = any($1) and is_generated = 'NEVER'
     order by table_name, ordinal_position`,
    [names],
  );
  // Tables keyed by an `id` with a sequence (identity), alone or after workspace_id (issue 35): their ids are global.
  const { rows: keys } = await client.query<{ name: string; seq: string | null }>(
    `select c.relname as name, pg_get_serial_sequence(quote_ident(c.relname), 'id') as seq
     from pg_class c join pg_index i on i.indrelid = c.oid and i.indisprimary
     where c.relnamespace = 'public'::regnamespace and c.relname = any($1)
       and array(select a.attname::text from unnest(i.indkey) k(attnum)
                 join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
                 where a.attname <> 'workspace_id') = array['id']`,
    [names],
  );
  const { rows: foreignKeys } = await client.query<{
    name: string;
    ref: string;
    cols: string[];
    refcols: string[];
  }>(
    `select cl.relname as name, rf.relname as ref,
       array(select a.attname::text from unnest(f.conkey) with ordinality k(attnum, ord)
             join pg_attribute a on a.attrelid = f.conrelid and a.attnum = k.attnum order by k.ord) as cols,
       array(select a.attname::text from unnest(f.confkey) with ordinality k(attnum, ord)
             join pg_attribute a on a.attrelid = f.confrelid and a.attnum = k.attnum order by k.ord) as refcols
     from pg_constraint f join pg_class cl on cl.oid = f.conrelid join pg_class rf on rf.oid = f.confrelid
     where f.contype = 'f' and cl.relname = any($1)`,
    [names],
  );
  const { rows: uniques } = await client.query<{ name: string; cols: string[] }>(
    `select c.relname as name,
       array(select a.attname::text from unnest(i.indkey) k(attnum)
             join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum) as cols
     from pg_index i join pg_class c on c.oid = i.indrelid
     where i.indisunique and not i.indisprimary and i.indexprs is null and c.relname = any($1)`,
    [names],
  );
  // Public tokens are unique per workspace in their tables and across workspaces in public_tokens (ADR 0015).
  const publicTokens = Object.values(publicTokenColumns).map(({ table, column }) => ({
    name: table,
    col: column,
  }));
  const { rows: triggers } = await client.query<{ name: string; source: string }>(
    `select c.relname as name, p.prosrc as source from pg_trigger t
     join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
     where not t.tgisinternal and c.relname = any($1)`,
    [names],
  );

  const sequenceOf = new Map(keys.filter((k) => k.seq).map((k) => [k.name, k.seq as string]));
  const filled = new Set<string>();
  for (const trigger of triggers) {
    for (const match of trigger.source.matchAll(/\b(?:insert\s+into|update)\s+(?:public\.)?(\w+)/gi)) {
      if (match[1] !== trigger.name && names.includes(match[1])) filled.add(match[1]);
    }
  }
  const infos = names.map((name): TableInfo => {
    const references = foreignKeys
      .filter((f) => f.name === name && sequenceOf.has(f.ref))
      .flatMap((f) => {
        const column = idColumnOf(f);
        return column ? [{ column, table: f.ref }] : [];
      });
    const remapped = new Set([...(sequenceOf.has(name) ? ['id'] : []), ...references.map((r) => r.column)]);
    const regenerated = uniques
      .filter(
        (u) => u.name === name && !u.cols.includes('workspace_id') && !u.cols.some((c) => remapped.has(c)),
      )
      .flatMap((u) => u.cols)
      .concat(publicTokens.filter((t) => t.name === name).map((t) => t.col));
    return {
      name,
      dependsOn: [
        ...new Set(foreignKeys.filter((f) => f.name === name && names.includes(f.ref)).map((f) => f.ref)),
      ],
      columns: columns.filter((c) => c.table_name === name).map((c) => c.column_name),
      idSequence: sequenceOf.get(name) ?? null,
      references,
      regenerated: [...new Set(regenerated)],
      triggerFilled: filled.has(name),
    };
  });
  return orderByDependencies(infos);
}

/**
 * The column of a foreign key that holds the referenced table's `id`: the key is `(x_id) → (id)` or, keyed by
 * workspace, `(workspace_id, x_id) → (workspace_id, id)`.
 */
function idColumnOf(fk: { cols: string[]; refcols: string[] }): string | undefined {
  const workspace = fk.refcols.indexOf('workspace_id');
  const others = fk.refcols.filter((c) => c !== 'workspace_id');
  if (others.length !== 1 || others[0] !== 'id') return undefined;
  if (workspace >= 0 && fk.cols[workspace] !== 'workspace_id') return undefined;
  return fk.cols[fk.refcols.indexOf('id')];
}

/** Referenced tables first (depth-first), then trigger-filled tables; names break ties. */
function orderByDependencies(tables: TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const ordered: TableInfo[] = [];
  const seen = new Set<string>();
  const visit = (table: TableInfo) => {
    if (seen.has(table.name)) return;
    seen.add(table.name);
    for (const ref of table.dependsOn) {
      const target = byName.get(ref);
      if (target && target !== table) visit(target);
    }
    ordered.push(table);
  };
  for (const table of tables) if (!table.triggerFilled) visit(table);
  for (const table of tables) if (table.triggerFilled) visit(table);
  return ordered;
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
