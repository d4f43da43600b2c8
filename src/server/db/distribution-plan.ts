import { distributionColumn } from './catalogue.js';
import { type Catalogue, catalogue, classIn, type Queryable } from './catalogue-check.js';

export interface PlanStep {
  /** The table the statement is about. */
  table: string;
  kind: 'drop-foreign-key' | 'coordinator-local' | 'reference' | 'distributed';
  /** For a distributed table: the table it is co-located with (null for the first one, which starts the group). */
  colocateWith: string | null;
  sql: string;
}

interface ForeignKeyRow {
  table: string;
  name: string;
  target: string;
}

/**
 * Run before the plan, in its session: Citus distributes a table with triggers only when told that its triggers
 * are safe on a shard. The catalogue's check allows only trigger functions that stay inside the row's workspace
 * (`shardLocalTriggerFunctions`), so they are. The setting belongs in the nodes' configuration too, for the
 * migrations that come after.
 */
export const planSettings = ['set citus.enable_unsafe_triggers = on;'];

const quoteLiteral = (value: string) => `'${value.replaceAll("'", "''")}'`;
const quoteIdentifier = (value: string) => `"${value.replaceAll('"', '""')}"`;

/**
 * The statements that move the catalogue's tables onto Citus, in an order Citus accepts:
 * 1. foreign keys from distributed tables to coordinator-local ones (`workspaces`, `users`, …) are dropped:
 *    Citus keeps no foreign key from a shard to a table on the coordinator (the app never deletes a user
 *    or a workspace, and RLS already ties every row to its workspace);
 * 2. coordinator-local tables stay where they are (a comment line says so, so the plan names every table);
 *    reference tables are replicated;
 * 3. distributed tables follow their foreign keys: a referenced table is distributed before the tables that
 *    point at it, and each is co-located with the first distributed table it references (or with the first
 *    table of the group), so every foreign key stays inside one co-location group and one node.
 */
export async function distributionPlan(client: Queryable, cat: Catalogue = catalogue): Promise<PlanStep[]> {
  const { rows: foreignKeys } = await client.query<ForeignKeyRow>(
    `select c.relname as table, k.conname as name, f.relname as target
     from pg_constraint k
     join pg_class c on c.oid = k.conrelid and c.relnamespace = 'public'::regnamespace
     join pg_class f on f.oid = k.confrelid and f.relnamespace = 'public'::regnamespace
     where k.contype = 'f' and k.conparentid = 0
     order by c.relname, k.conname`,
  );
  const steps: PlanStep[] = [];
  for (const fk of foreignKeys) {
    if (classIn(cat, fk.table) !== 'distributed' || classIn(cat, fk.target) !== 'coordinatorLocal') continue;
    steps.push({
      table: fk.table,
      kind: 'drop-foreign-key',
      colocateWith: null,
      sql: `alter table ${quoteIdentifier(fk.table)} drop constraint ${quoteIdentifier(fk.name)};`,
    });
  }
  for (const table of [...cat.coordinatorLocal].sort())
    steps.push({
      table,
      kind: 'coordinator-local',
      colocateWith: null,
      sql: `-- ${table} stays on the coordinator`,
    });
  for (const table of [...cat.reference].sort())
    steps.push({
      table,
      kind: 'reference',
      colocateWith: null,
      sql: `select create_reference_table(${quoteLiteral(table)});`,
    });
  const targets = new Map<string, string[]>();
  for (const table of cat.distributed) targets.set(table, []);
  for (const fk of foreignKeys)
    if (fk.table !== fk.target && targets.has(fk.table) && targets.has(fk.target))
      targets.get(fk.table)?.push(fk.target);
  const placed = new Map<string, string | null>();
  const visiting = new Set<string>();
  let anchor: string | null = null;
  const place = (table: string, path: string[]) => {
    if (placed.has(table)) return;
    if (visiting.has(table))
      throw new Error(
        `Foreign keys form a cycle: ${[...path, table].join(' → ')}; Citus needs one broken first`,
      );
    visiting.add(table);
    const references = targets.get(table) ?? [];
    for (const target of references) place(target, [...path, table]);
    visiting.delete(table);
    const colocateWith: string | null = references[0] ?? anchor;
    anchor ??= table;
    placed.set(table, colocateWith);
    steps.push({
      table,
      kind: 'distributed',
      colocateWith,
      sql: `select create_distributed_table(${quoteLiteral(table)}, ${quoteLiteral(distributionColumn)}${
        colocateWith ? `, colocate_with => ${quoteLiteral(colocateWith)}` : ''
      });`,
    });
  };
  for (const table of [...cat.distributed].sort()) place(table, []);
  return steps;
}
