import {
  coordinatorLocalSchemas,
  coordinatorLocalTables,
  distributedTables,
  distributionColumn,
  referenceTables,
  shardLocalTriggerFunctions,
  type TableClass,
} from './catalogue.js';

export interface Catalogue {
  distributed: readonly string[];
  reference: readonly string[];
  coordinatorLocal: readonly string[];
  /** Trigger functions a distributed table may run (they stay inside the row's workspace). */
  shardLocalTriggers: readonly string[];
}

export const catalogue: Catalogue = {
  distributed: distributedTables,
  reference: Object.keys(referenceTables),
  coordinatorLocal: Object.keys(coordinatorLocalTables),
  shardLocalTriggers: Object.keys(shardLocalTriggerFunctions),
};

/**
 * `composite`: a key or foreign key that does not carry `workspace_id` yet (what the per-area migrations fix);
 * `trigger`: a distributed table's trigger that may leave the row's workspace (it would run on the shard);
 * `class`: anything else that breaks the table's class.
 */
export interface Violation {
  table: string;
  kind: 'class' | 'composite' | 'trigger';
  rule: string;
}

export interface Queryable {
  query<R extends object = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
}

export function classIn(cat: Catalogue, table: string): TableClass | undefined {
  if (cat.distributed.includes(table)) return 'distributed';
  if (cat.reference.includes(table)) return 'reference';
  if (cat.coordinatorLocal.includes(table)) return 'coordinatorLocal';
  return undefined;
}

interface TableRow {
  oid: number;
  name: string;
  secured: boolean;
  ws_attnum: number | null;
  ws_not_null: boolean | null;
}
interface IndexRow {
  table_oid: number;
  name: string;
  is_primary: boolean;
  keys: number[];
}
interface ForeignKeyRow {
  table_oid: number;
  name: string;
  target: string;
  target_schema: string;
  keys: number[];
  target_keys: number[];
  target_ws_attnum: number | null;
}

/** The tables of the database (partitions go with their parent; extensions' and pg-boss's tables are not ours). */
const tablesQuery = `
  select c.oid::int as oid,
    case when n.nspname = 'public' then c.relname else n.nspname || '.' || c.relname end as name,
    c.relrowsecurity and c.relforcerowsecurity as secured,
    a.attnum::int as ws_attnum, a.attnotnull as ws_not_null
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  left join pg_attribute a on a.attrelid = c.oid and a.attname = $1 and not a.attisdropped
  where c.relkind in ('r', 'p') and not c.relispartition
    and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
    and n.nspname <> all($2::text[])
    and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')`;

/**
 * Checks the database `client` is connected to against the catalogue: every table classified, and each
 * class's rules (issue 35) held. Returns what breaks them, empty when the schema is ready to distribute.
 */
export async function checkCatalogue(client: Queryable, cat: Catalogue = catalogue): Promise<Violation[]> {
  const { rows: tables } = await client.query<TableRow>(tablesQuery, [
    distributionColumn,
    [...coordinatorLocalSchemas],
  ]);
  const oids = tables.map((t) => t.oid);
  const { rows: indexes } = await client.query<IndexRow>(
    `select x.indrelid::int as table_oid, i.relname as name, x.indisprimary as is_primary,
       string_to_array(x.indkey::text, ' ')::int[] as keys
     from pg_index x join pg_class i on i.oid = x.indexrelid
     where x.indisunique and x.indrelid = any($1::oid[])`,
    [oids],
  );
  const { rows: foreignKeys } = await client.query<ForeignKeyRow>(
    `select k.conrelid::int as table_oid, k.conname as name, f.relname as target, fn.nspname as target_schema,
       k.conkey::int[] as keys, k.confkey::int[] as target_keys, fa.attnum::int as target_ws_attnum
     from pg_constraint k
     join pg_class f on f.oid = k.confrelid
     join pg_namespace fn on fn.oid = f.relnamespace
     left join pg_attribute fa on fa.attrelid = f.oid and fa.attname = $2 and not fa.attisdropped
     where k.contype = 'f' and k.conrelid = any($1::oid[]) and k.conparentid = 0`,
    [oids, distributionColumn],
  );
  const { rows: triggers } = await client.query<{ table_oid: number; name: string; fn: string }>(
    `select t.tgrelid::int as table_oid, t.tgname as name, p.proname as fn
     from pg_trigger t join pg_proc p on p.oid = t.tgfoid
     where not t.tgisinternal and t.tgrelid = any($1::oid[])`,
    [oids],
  );
  const violations: Violation[] = [];
  const add = (table: string, kind: Violation['kind'], rule: string) =>
    violations.push({ table, kind, rule });
  const present = new Set(tables.map((t) => t.name));
  for (const name of [...cat.distributed, ...cat.reference, ...cat.coordinatorLocal])
    if (!present.has(name)) add(name, 'class', 'is in the catalogue but not in the database');
  for (const table of tables) {
    const tableClass = classIn(cat, table.name);
    if (!tableClass) {
      add(table.name, 'class', 'is not in the catalogue (src/server/db/catalogue.ts)');
      continue;
    }
    const fksToDistributed = foreignKeys.filter(
      (fk) =>
        fk.table_oid === table.oid &&
        fk.target_schema === 'public' &&
        classIn(cat, fk.target) === 'distributed',
    );
    if (tableClass !== 'distributed') {
      if (tableClass === 'reference' && table.ws_attnum !== null)
        add(table.name, 'class', `a reference table has ${distributionColumn}`);
      for (const fk of fksToDistributed)
        add(table.name, 'class', `foreign key ${fk.name} points at the distributed table ${fk.target}`);
      continue;
    }
    const ws = table.ws_attnum;
    if (ws === null) {
      add(table.name, 'class', `has no ${distributionColumn}`);
      continue;
    }
    if (!table.ws_not_null) add(table.name, 'class', `${distributionColumn} is nullable`);
    if (!table.secured) add(table.name, 'class', 'row-level security is not enabled and forced');
    for (const index of indexes.filter((i) => i.table_oid === table.oid && !i.keys.includes(ws)))
      add(
        table.name,
        'composite',
        `${index.is_primary ? 'primary key' : 'unique index'} ${index.name} lacks ${distributionColumn}`,
      );
    for (const trigger of triggers.filter(
      (t) => t.table_oid === table.oid && !cat.shardLocalTriggers.includes(t.fn),
    ))
      add(
        table.name,
        'trigger',
        `trigger ${trigger.name} runs ${trigger.fn}, not known to stay inside the row's workspace (shardLocalTriggerFunctions)`,
      );
    for (const fk of fksToDistributed) {
      const position = fk.keys.indexOf(ws);
      if (position < 0 || fk.target_keys[position] !== fk.target_ws_attnum)
        add(
          table.name,
          'composite',
          `foreign key ${fk.name} to ${fk.target} does not pair ${distributionColumn} on both sides`,
        );
    }
  }
  return violations;
}
