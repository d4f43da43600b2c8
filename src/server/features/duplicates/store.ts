import type { ContactMerge, DuplicateScan, DuplicateSuggestion } from '@domain/duplicates/duplicate-schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';
import type { ContactReference } from './references.js';

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const ident = (name: string) => sql.identifier(name);

// ---- settings ----

export async function readHistoryDays(tx: Tx): Promise<number> {
  const { rows } = await tx.execute<{ days: number }>(sql`
    select merge_history_days as days from duplicate_settings where workspace_id = app_current_workspace()`);
  return rows[0]?.days ?? 30;
}

export async function writeHistoryDays(tx: Tx, days: number): Promise<void> {
  await tx.execute(sql`
    insert into duplicate_settings (merge_history_days) values (${days})
    on conflict (workspace_id) do update set merge_history_days = excluded.merge_history_days, updated_at = now()`);
}

// ---- scans ----

const scanColumns = sql`id::float8 as id, status, progress, found, ${iso(sql`created_at`)} as "createdAt",
  ${iso(sql`finished_at`)} as "finishedAt"`;

export async function latestScan(tx: Tx): Promise<DuplicateScan | undefined> {
  const { rows } = await tx.execute<DuplicateScan>(sql`
    select ${scanColumns} from duplicate_scans where workspace_id = app_current_workspace()
    order by id desc limit 1`);
  return rows[0];
}

/** A scan not finished yet, locked: a second request while one runs gets that one. */
export async function lockUnfinishedScan(tx: Tx): Promise<DuplicateScan | undefined> {
  const { rows } = await tx.execute<DuplicateScan>(sql`
    select ${scanColumns} from duplicate_scans
    where workspace_id = app_current_workspace() and status in ('queued', 'running')
    order by id desc limit 1 for update`);
  return rows[0];
}

export async function insertScan(tx: Tx, requestedBy: number | null): Promise<DuplicateScan> {
  const { rows } = await tx.execute<DuplicateScan>(sql`
    insert into duplicate_scans (requested_by) values (${requestedBy}) returning ${scanColumns}`);
  return rows[0];
}

/** Claims a queued (or, after a crash, running) scan; undefined when it is finished or gone. */
export async function claimScan(tx: Tx, id: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    update duplicate_scans set status = 'running', started_at = coalesce(started_at, now()), progress = 0
    where id = ${id} and status in ('queued', 'running') returning id`);
  return rows.length > 0;
}

export async function setScanProgress(tx: Tx, id: number, progress: number): Promise<void> {
  await tx.execute(sql`update duplicate_scans set progress = ${progress} where id = ${id}`);
}

export async function finishScan(tx: Tx, id: number, status: 'done' | 'failed', error?: string) {
  await tx.execute(sql`
    update duplicate_scans set status = ${status}, progress = case when ${status} = 'done' then 100 else progress end,
      error = ${error ?? null}, finished_at = now(),
      found = (select count(*) from duplicate_suggestions where scan_id = ${id} and status = 'open')
    where id = ${id}`);
}

// ---- the passes: each gives pairs (a < b) with a score and one reason ----

/** Free-mail domains say nothing about a company: they never form a company-domain block. */
export const freeMailDomains = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  'mail.ru',
  'yandex.ru',
  'qq.com',
  '163.com',
  'yahoo.co.jp',
  'orange.fr',
  'libero.it',
  'wp.pl',
];

/**
 * Blocks larger than this are skipped by the fuzzy passes: a block is compared pair by pair, and a huge
 * one (a common surname sound with a common first-name sound) would make the scan quadratic again.
 */
export const maxBlockSize = 500;

/** The keys every pass reads, computed once per pass from the contacts of the workspace. */
const keyed = sql`
  select id, name_key as name, lower(btrim(first_name)) as first, lower(btrim(last_name)) as last,
    lower(btrim(coalesce(company, ''))) as company, phone,
    nullif(soundex(last_name), '') as last_sound, nullif(soundex(first_name), '') as first_sound,
    case when email is null then null
      when split_part(lower(email::text), '@', 2) in ('gmail.com', 'googlemail.com')
        then replace(regexp_replace(split_part(lower(email::text), '@', 1), '\\+.*$', ''), '.', '') || '@gmail.com'
      else regexp_replace(split_part(lower(email::text), '@', 1), '\\+.*$', '') || '@' || split_part(lower(email::text), '@', 2)
    end as email_key,
    lower(email::text) as email,
    nullif(split_part(lower(email::text), '@', 2), '') as domain
  from contacts where workspace_id = app_current_workspace()`;

/**
 * The fuzzy passes' gate: first and last names each the same name or a typo of it (`app_names_alike`).
 * Trigram similarity of the whole name alone let "James Smith" and "James Jones" through.
 */
const namesAlike = sql`app_names_alike(a.first, b.first) and app_names_alike(a.last, b.last)`;

export type Pass = 'email' | 'phone' | 'domain' | 'surname';
export const passes: Pass[] = ['email', 'phone', 'domain', 'surname'];

function passPairs(pass: Pass): SQL {
  switch (pass) {
    case 'email':
      return sql`
        select a.id as a, b.id as b, 1::real as score,
          jsonb_build_object('kind', 'email', 'value', a.email) as reason
        from k a join k b on a.email_key = b.email_key and a.id < b.id`;
    case 'phone':
      // Equal E.164 numbers are one contact already (unique per workspace): what is left is the same
      // national number under another country code, typed without it and read with the wrong default.
      return sql`
        select a.id as a, b.id as b, 1::real as score,
          jsonb_build_object('kind', 'phone', 'value', a.phone) as reason
        from k a join k b on right(a.phone, 10) = right(b.phone, 10) and a.id < b.id
        where length(a.phone) >= 11 and length(b.phone) >= 11`;
    case 'domain':
      // Two blocks per company domain, by surname sound and by first-name sound: a typo rarely hits both.
      return sql`
        select distinct on (a, b) a, b, score, reason from (
          select a.id as a, b.id as b, similarity(a.name, b.name)::real as score,
            jsonb_build_object('kind', 'nameDomain', 'similarity', round(similarity(a.name, b.name)::numeric, 2),
              'domain', a.domain) as reason
          from kd a join kd b on a.domain = b.domain and a.block = b.block and a.id < b.id
          where ${namesAlike}
        ) p order by a, b, score desc`;
    case 'surname':
      return sql`
        select a.id as a, b.id as b,
          ((similarity(a.name, b.name) + similarity(a.company, b.company)) / 2)::real as score,
          jsonb_build_object('kind', 'nameCompany', 'similarity', round(similarity(a.name, b.name)::numeric, 2),
            'companySimilarity', round(similarity(a.company, b.company)::numeric, 2)) as reason
        from ks a join ks b on a.block = b.block and a.id < b.id
        where ${namesAlike} and similarity(a.company, b.company) >= 0.7`;
  }
}

/**
 * The blocked key sets the fuzzy passes compare within, oversized blocks left out. The surname pass's
 * block is the two name sounds, the company's first letter and the digits in its name: by name sounds
 * alone, a block grew with the workspace (the same common names at ever more companies), so the pass
 * grew as its square; and "Harbor Realty 1" and "Harbor Realty 26" are 0.7 alike but two companies
 * (branches, store numbers), so their numbers must agree anyway.
 */
const blocks = sql`
  kd_all as (
    select x.*, count(*) over (partition by domain, block) as size from (
      select id, name, first, last, domain, 's' || last_sound as block from k
      where domain <> all(${sql.param(freeMailDomains)}::text[]) and first <> '' and last_sound is not null
      union all
      select id, name, first, last, domain, 'f' || first_sound from k
      where domain <> all(${sql.param(freeMailDomains)}::text[]) and last <> '' and first_sound is not null
    ) x
  ),
  kd as (select * from kd_all where size <= ${maxBlockSize}),
  ks_all as (
    select x.*, count(*) over (partition by block) as size from (
      select id, name, first, last, company,
        concat_ws(':', last_sound, first_sound, left(company, 1), regexp_replace(company, '\\D', '', 'g')) as block
      from k where last_sound is not null and first_sound is not null and company <> '' and name <> ''
    ) x
  ),
  ks as (select * from ks_all where size <= ${maxBlockSize})`;

/**
 * What each fuzzy pass compares (the benchmark's check that blocks keep the scan near-linear): its blocks
 * and the largest one, the pairs compared within them (n(n-1)/2 each, what a pass's time grows with), and
 * the blocks left out for their size with the contacts in them.
 */
export async function fuzzyBlockStats(tx: Tx) {
  const { rows } = await tx.execute<{
    pass: Pass;
    blocks: number;
    largest: number;
    pairs: number;
    skippedBlocks: number;
    skippedEntries: number;
  }>(sql`
    with k as (${keyed}), ${blocks},
    sized as (
      select 'domain' as pass, count(*) as n from kd_all group by domain, block
      union all
      select 'surname', count(*) from ks_all group by block
    )
    select pass, count(*) filter (where n <= ${maxBlockSize})::int as blocks,
      coalesce(max(n) filter (where n <= ${maxBlockSize}), 0)::int as largest,
      coalesce(sum(n * (n - 1) / 2) filter (where n <= ${maxBlockSize}), 0)::float8 as pairs,
      count(*) filter (where n > ${maxBlockSize})::int as "skippedBlocks",
      coalesce(sum(n) filter (where n > ${maxBlockSize}), 0)::int as "skippedEntries"
    from sized group by pass order by pass`);
  return rows;
}

/**
 * One pass's pairs into the workspace's suggestions. A pair seen before by this scan (another pass) gains
 * the reason; one from an earlier scan is replaced. A dismissed pair stays dismissed.
 */
export async function runPass(tx: Tx, scanId: number, pass: Pass): Promise<void> {
  await tx.execute(passStatement(scanId, pass));
}

/** The plan of a pass's statement, not run (the benchmark prints it with BENCH_DUP_EXPLAIN). */
export async function explainPass(tx: Tx, pass: Pass): Promise<string[]> {
  const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${passStatement(0, pass)}`);
  return rows.map((r) => r['QUERY PLAN']);
}

function passStatement(scanId: number, pass: Pass): SQL {
  return sql`
    with k as (${keyed}), ${blocks},
    pairs as (${passPairs(pass)})
    insert into duplicate_suggestions as s (contact_a, contact_b, score, reasons, scan_id)
    select a, b, score, jsonb_build_array(reason), ${scanId}::bigint from pairs
    on conflict (workspace_id, contact_a, contact_b) do update set
      score = case when s.scan_id = excluded.scan_id then greatest(s.score, excluded.score) else excluded.score end,
      reasons = case when s.scan_id = excluded.scan_id then s.reasons || excluded.reasons else excluded.reasons end,
      scan_id = excluded.scan_id`;
}

/** Open suggestions the scan did not find again (the contacts changed) are gone. */
export async function dropStaleSuggestions(tx: Tx, scanId: number): Promise<void> {
  await tx.execute(sql`
    delete from duplicate_suggestions
    where workspace_id = app_current_workspace() and status = 'open' and scan_id is distinct from ${scanId}`);
}

// ---- suggestions ----

type SuggestionRow = Omit<DuplicateSuggestion, 'contacts'> & { contactIds: number[] };

export async function listSuggestionRows(
  tx: Tx,
  status: 'open' | 'dismissed',
  limit: number,
): Promise<{ rows: SuggestionRow[]; total: number }> {
  const { rows } = await tx.execute<SuggestionRow>(sql`
    select id::float8 as id, score::float8 as score, reasons, status,
      array[contact_a::float8, contact_b::float8] as "contactIds", ${iso(sql`created_at`)} as "createdAt"
    from duplicate_suggestions where workspace_id = app_current_workspace() and status = ${status}
    order by score desc, id limit ${limit}`);
  const { rows: counted } = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from duplicate_suggestions
    where workspace_id = app_current_workspace() and status = ${status}`);
  return { rows, total: counted[0].n };
}

export async function dismissSuggestion(tx: Tx, id: number, userId: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    update duplicate_suggestions set status = 'dismissed', dismissed_by = ${userId}, dismissed_at = now()
    where id = ${id} returning id`);
  return rows.length > 0;
}

// ---- merges: the snapshot of every affected row, and its restore ----

/**
 * The rows a merge keeps for its undo: `{"tables": {"<table>": [row as jsonb, ...]}}`. It is built and read
 * back in SQL only: a row that went through JavaScript came back changed (a numeric 1.00 in a jsonb column
 * as 1, a bigint past 2^53 rounded), so undo wrote back other text than it had taken.
 */
export interface SnapshotSource {
  /** Each table with its columns that name contacts (`contacts` itself by `id`). */
  tables: [string, string[]][];
  ids: number[];
}

function snapshotExpression({ tables, ids }: SnapshotSource): SQL {
  const perTable = tables.map(([table, columns]) => {
    const where = sql.join(
      columns.map((c) => sql`${ident(c)} = any(${sql.param(ids)}::bigint[])`),
      sql` or `,
    );
    return sql`${table}::text, (select coalesce(jsonb_agg(to_jsonb(t)), '[]'::jsonb) from ${ident(table)} t where ${where})`;
  });
  return sql`jsonb_build_object('tables', jsonb_build_object(${sql.join(perTable, sql`, `)}))`;
}

export async function reparent(tx: Tx, ref: ContactReference, survivorId: number, mergedIds: number[]) {
  await tx.execute(sql`
    update ${ident(ref.table)} set ${ident(ref.column)} = ${survivorId}
    where ${ident(ref.column)} = any(${sql.param(mergedIds)}::bigint[])`);
}

export async function dropReferencing(tx: Tx, ref: ContactReference, mergedIds: number[]) {
  await tx.execute(sql`
    delete from ${ident(ref.table)} where ${ident(ref.column)} = any(${sql.param(mergedIds)}::bigint[])`);
}

/**
 * Rows of `ref.table` that would take the same unique key as another once re-parented (a key that names
 * the contact, such as one recipient row per campaign and contact): the later ones are removed before
 * the move, and the snapshot brings them back on undo.
 */
export async function dropUniqueCollisions(
  tx: Tx,
  ref: ContactReference,
  uniqueWith: string[],
  survivorId: number,
  ids: number[],
) {
  const same = sql.join(
    uniqueWith.map((c) => sql`o.${ident(c)} is not distinct from t.${ident(c)}`),
    sql` and `,
  );
  await tx.execute(sql`
    delete from ${ident(ref.table)} t
    where t.${ident(ref.column)} = any(${sql.param(ids)}::bigint[]) and t.${ident(ref.column)} <> ${survivorId}
      and exists (
        select 1 from ${ident(ref.table)} o
        where o.${ident(ref.column)} = any(${sql.param(ids)}::bigint[]) and ${same}
          and (o.${ident(ref.column)} = ${survivorId} or o.ctid < t.ctid)
      )`);
}

export interface TableShape {
  /** Primary key columns. */
  key: string[];
  /** Stored (not generated) columns. */
  columns: string[];
}

export async function tableShape(tx: Tx, table: string): Promise<TableShape> {
  const { rows } = await tx.execute<{ key: string[]; columns: string[] }>(sql`
    select
      array(select a.attname::text from pg_index i join pg_attribute a on a.attrelid = i.indrelid
            and a.attnum = any(i.indkey) where i.indrelid = c.oid and i.indisprimary order by a.attnum) as key,
      array(select a.attname::text from pg_attribute a where a.attrelid = c.oid and a.attnum > 0
            and not a.attisdropped and a.attgenerated = '' order by a.attnum) as columns
    from pg_class c where c.oid = ${table}::regclass`);
  return rows[0];
}

/**
 * Writes the rows merge `mergeId` took of `table` back as they were: a row still there gets every stored
 * column back, a missing one is inserted with its old id. `contact.columns` name the contacts `ids`; with
 * `exact`, rows of those contacts that are not in the snapshot are removed (a trigger-kept table: what its
 * triggers wrote while undoing is replaced by what it was). A table without a primary key (analytics
 * events) knows a row by its other columns: the moved rows equal to a snapshot row but for the contact are
 * replaced by the snapshot's.
 */
export async function restoreRows(
  tx: Tx,
  mergeId: number,
  table: string,
  shape: TableShape,
  contact: { columns: string[]; ids: number[]; exact: boolean; rows: number },
) {
  const t = ident(table);
  const identity = shape.key.length
    ? shape.key.map((k) => sql`s.${ident(k)} = d.${ident(k)}`)
    : shape.columns
        .filter((c) => !contact.columns.includes(c))
        .map((c) => sql`s.${ident(c)} is not distinct from d.${ident(c)}`);
  const same = sql.join(identity, sql` and `);
  const snap = sql`select * from jsonb_populate_recordset(null::${t},
    (select m.snapshot->'tables'->${table}::text from contact_merges m where m.id = ${mergeId}))`;
  const ofContacts = sql.join(
    contact.columns.map((c) => sql`d.${ident(c)} = any(${sql.param(contact.ids)}::bigint[])`),
    sql` or `,
  );
  if (contact.exact)
    await tx.execute(sql`
      with snap as (${snap})
      delete from ${t} d where (${ofContacts}) and not exists (select 1 from snap s where ${same})`);
  if (contact.rows === 0) return;
  const all = sql.join(
    shape.columns.map((c) => ident(c)),
    sql`, `,
  );
  const allValues = sql.join(
    shape.columns.map((c) => sql`s.${ident(c)}`),
    sql`, `,
  );
  if (!shape.key.length) {
    await tx.execute(sql`
      with snap as (${snap})
      delete from ${t} d where (${ofContacts}) and exists (select 1 from snap s where ${same})`);
    await tx.execute(sql`with snap as (${snap}) insert into ${t} (${all}) select ${allValues} from snap s`);
    return;
  }
  const settable = shape.columns.filter((c) => !shape.key.includes(c));
  const columnList = sql.join(
    settable.map((c) => ident(c)),
    sql`, `,
  );
  const values = sql.join(
    settable.map((c) => sql`s.${ident(c)}`),
    sql`, `,
  );
  await tx.execute(sql`
    with snap as (${snap})
    update ${t} d set (${columnList}) = row(${values}) from snap s where ${same}`);
  await tx.execute(sql`
    with snap as (${snap})
    insert into ${t} (${all}) overriding system value
    select ${allValues} from snap s where not exists (select 1 from ${t} d where ${same})`);
}

export async function insertMerge(
  tx: Tx,
  values: {
    survivorId: number;
    mergedIds: number[];
    mergedNames: string[];
    snapshot: SnapshotSource;
    mergedBy: number | null;
    historyDays: number;
  },
): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    insert into contact_merges (survivor_id, merged_ids, merged_names, snapshot, merged_by, expires_at)
    values (${values.survivorId}, ${sql.param(values.mergedIds)}::bigint[], ${sql.param(values.mergedNames)}::text[],
      ${snapshotExpression(values.snapshot)}, ${values.mergedBy}, now() + make_interval(days => ${values.historyDays}))
    returning id::float8 as id`);
  return rows[0].id;
}

const mergeColumns = sql`m.id::float8 as id, m.survivor_id::float8 as "survivorId",
  coalesce((select app_contact_display_name(c.first_name, c.last_name, c.email::text, c.phone) from contacts c
    where c.id = m.survivor_id), '') as "survivorName",
  array(select x::float8 from unnest(m.merged_ids) x) as "mergedIds", m.merged_names as "mergedNames",
  m.merged_by::float8 as "mergedBy", ${iso(sql`m.created_at`)} as "createdAt",
  ${iso(sql`m.expires_at`)} as "expiresAt", ${iso(sql`m.undone_at`)} as "undoneAt",
  (m.snapshot is not null and m.undone_at is null and m.expires_at > now() and not exists (
    select 1 from contact_merges l where l.survivor_id = m.survivor_id and l.id > m.id and l.undone_at is null
  )) as undoable`;

export async function listMerges(tx: Tx, limit: number): Promise<ContactMerge[]> {
  const { rows } = await tx.execute<ContactMerge>(sql`
    select ${mergeColumns} from contact_merges m where m.workspace_id = app_current_workspace()
    order by m.id desc limit ${limit}`);
  return rows;
}

export async function findMerge(tx: Tx, id: number): Promise<ContactMerge | undefined> {
  const { rows } = await tx.execute<ContactMerge>(
    sql`select ${mergeColumns} from contact_merges m where m.id = ${id}`,
  );
  return rows[0];
}

/**
 * The merge and the tables its snapshot holds with their row counts (null once forgotten), locked: two undos of one merge take
 * turns, and the second finds it undone.
 */
export async function lockMergeSnapshot(tx: Tx, id: number) {
  const { rows } = await tx.execute<ContactMerge & { snapshotTables: Record<string, number> | null }>(sql`
    select ${mergeColumns}, (select jsonb_object_agg(key, jsonb_array_length(value))
      from jsonb_each(m.snapshot->'tables')) as "snapshotTables"
    from contact_merges m where m.id = ${id} for update`);
  return rows[0];
}

export async function markUndone(tx: Tx, id: number, userId: number | null): Promise<void> {
  await tx.execute(sql`
    update contact_merges set undone_at = now(), undone_by = ${userId}, snapshot = null where id = ${id}`);
}

/** Undo writes rows back with their own updated_at (the touch trigger steps aside until the transaction ends). */
export async function setRestoringRows(tx: Tx, on: boolean): Promise<void> {
  await tx.execute(sql`select set_config('app.restoring_rows', ${on ? 'on' : 'off'}, true)`);
}

export async function expireMergesEverywhere(tx: Tx): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(sql`select app_expire_contact_merges(now()) as n`);
  return rows[0].n;
}

/**
 * Foreign keys to contacts as the catalog has them (the column paired with contacts.id; workspace_id, which
 * a composite key pairs with itself, is not a contact column), with the unique keys each column is part of.
 */
export async function contactForeignKeys(tx: Tx) {
  const { rows } = await tx.execute<{ table: string; column: string; uniques: string[][] }>(sql`
    select cl.relname as table, a.attname as column,
      coalesce((select jsonb_agg(u.cols) from (
        select array(select ua.attname::text from unnest(i.indkey) k(attnum)
                     join pg_attribute ua on ua.attrelid = i.indrelid and ua.attnum = k.attnum) as cols
        from pg_index i where i.indrelid = f.conrelid and i.indisunique and a.attnum = any(i.indkey)
      ) u), '[]'::jsonb) as uniques
    from pg_constraint f
    join pg_class cl on cl.oid = f.conrelid
    join unnest(f.conkey, f.confkey) k(attnum, target) on true
    join pg_attribute t on t.attrelid = f.confrelid and t.attnum = k.target and t.attname = 'id'
    join pg_attribute a on a.attrelid = f.conrelid and a.attnum = k.attnum
    where f.contype = 'f' and f.confrelid = 'contacts'::regclass and f.conparentid = 0
    order by 1, 2`);
  return rows;
}
