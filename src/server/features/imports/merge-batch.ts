import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { clientOf, type Tx } from '../../db/database.js';
import type { GeoPoint } from '../../providers/geocoding/index.js';
import { placeAddresses } from '../contacts/index.js';
import type { FailedRow, ImportBatch, StagedContact } from './import-batch.js';
import type { ImportContact } from './row-validation.js';

export interface BatchOutcome {
  created: number;
  updated: number;
  /** Rows refused by validation or by a conflict with an existing contact, with their reasons. */
  failed: FailedRow[];
}

const stageColumns = [
  'ord',
  'email',
  'phone',
  'first_name',
  'last_name',
  'company',
  'source',
  'status',
  'value_cents',
  'address',
  'city',
  'state',
  'zip',
  'notes',
  'latitude',
  'longitude',
] as const;

const needsEscape = /[\\\t\n\r]/;
const escapes: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A value in COPY's text format. */
function copyValue(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') return String(value);
  return needsEscape.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => escapes[c]) : value;
}

function copyLine(ord: number, c: ImportContact, place: GeoPoint | null): string {
  return [
    ord,
    c.email,
    c.phone,
    c.firstName,
    c.lastName,
    c.company,
    c.source,
    c.status,
    c.valueCents,
    c.address,
    c.city,
    c.state,
    c.zip,
    c.notes,
    place?.latitude,
    place?.longitude,
  ]
    .map(copyValue)
    .join('\t');
}

/**
 * The staged contacts as COPY text, a few hundred lines at a time: the batch's text as one string
 * (over a megabyte) would be a large object that only a full collection frees.
 */
function* copyText(staged: StagedContact[], places: (GeoPoint | null)[]): Generator<string> {
  const linesPerPiece = 256;
  for (let start = 0; start < staged.length; start += linesPerPiece) {
    let piece = '';
    for (let ord = start; ord < Math.min(start + linesPerPiece, staged.length); ord++)
      piece += `${copyLine(ord, staged[ord].contact, places[ord])}\n`;
    yield piece;
  }
}

/**
 * A batch is written in two steps inside the caller's transaction, which also commits the job's
 * checkpoint, so a batch is either wholly in the database or not at all:
 * - `stageBatch` COPYs it into a temporary staging table, resolves sources and existing companies,
 *   and matches every staged contact to an existing one (email first, then phone). It only reads,
 *   so it runs while the batch before is still writing, and the write is left with little else;
 * - `writeBatch` creates the companies that are new, fills only the blank fields of matched
 *   contacts and inserts the rest.
 * If the batch before committed contacts or details this batch's matching could not see yet,
 * `rematchBatch` matches again before the write.
 */
export interface StagedBatch {
  /** Staged contacts refused by the match, by their position in the batch. */
  conflicts: { ord: number; conflict: string }[];
  adding: number;
  updating: number;
  /** Staged contacts naming a company that did not exist when the batch was staged. */
  newCompanies: number;
}

/**
 * Sets the company of staged contacts whose company exists. Only on the company name: the fresh
 * staging table has no statistics, and a guess that few rows lack a company id made the planner
 * compare every staged row with every company of the workspace (1.3 s a batch with 500 of them).
 */
const companyIdsOfExisting = `
  update import_stage s set company_id = c.id
  from companies c where s.company is not null and lower(c.name) = lower(s.company)`;

const nothingStaged: StagedBatch = { conflicts: [], adding: 0, updating: 0, newCompanies: 0 };

/**
 * `source`, when given, is the source of every row of the batch (data collected from an ecosystem app
 * comes from that app whatever its columns say); otherwise each row's source column is resolved.
 */
export async function stageBatch(
  tx: Tx,
  batch: ImportBatch,
  options: { source?: string } = {},
): Promise<StagedBatch> {
  if (batch.staged.length === 0) return nothingStaged;
  const client = clientOf(tx);
  await client.query(`
    create temporary table import_stage (
      ord integer primary key,
      email citext,
      phone text,
      first_name text,
      last_name text,
      company text,
      source text,
      status text,
      value_cents bigint,
      address text,
      city text,
      state text,
      zip text,
      notes text,
      latitude double precision,
      longitude double precision,
      email_match bigint,
      phone_match bigint,
      phone_owner text,
      phone_owner_has_email boolean,
      target bigint,
      conflict text,
      company_id bigint
    ) on commit drop`);
  // Placed for the geofence here, once per distinct address of the batch (see placeAddresses).
  const places = await placeAddresses(batch.staged.map((s) => s.contact));
  await pipeline(
    Readable.from(copyText(batch.staged, places)),
    client.query(copyFrom(`copy import_stage (${stageColumns.join(', ')}) from stdin`)),
  );
  // A contact's source is one of the workspace's websites, in the website's own spelling, or
  // 'Unknown' (the contacts rule); any other source in the file counts as not given.
  if (options.source !== undefined)
    await client.query('update import_stage set source = $1', [options.source]);
  else
    await client.query(`
      update import_stage s set source = (select w.name from websites w where lower(w.name) = lower(s.source) limit 1)
      where s.source is not null`);
  await client.query(companyIdsOfExisting);
  await matchStaged(client);
  return summarise(client);
}

export async function rematchBatch(tx: Tx, batch: ImportBatch): Promise<StagedBatch> {
  if (batch.staged.length === 0) return nothingStaged;
  const client = clientOf(tx);
  await client.query(
    'update import_stage set target = null, conflict = null where target is not null or conflict is not null',
  );
  await matchStaged(client);
  return summarise(client);
}

async function summarise(client: pg.PoolClient): Promise<StagedBatch> {
  const { rows } = await client.query<StagedBatch>(`
    select
      coalesce(jsonb_agg(jsonb_build_object('ord', ord, 'conflict', conflict)) filter (where conflict is not null), '[]')
        as conflicts,
      count(*) filter (where conflict is null and target is null)::int as adding,
      count(*) filter (where conflict is null and target is not null)::int as updating,
      count(*) filter (where conflict is null and company is not null and company_id is null)::int as "newCompanies"
    from import_stage`);
  return rows[0];
}

async function matchStaged(client: pg.PoolClient): Promise<void> {
  // Per-row subqueries are always index look-ups, where a join could be planned as a scan of every
  // contact, once per batch (the fresh staging table has no statistics). They read
  // contact_identities_in_workspace so that the look-up is through the unique (workspace_id, email)
  // and (workspace_id, phone) indexes even in a workspace the statistics do not know yet (0151).
  await client.query(`
    update import_stage s set
      email_match = (select c.id from contact_identities_in_workspace c where s.email is not null and c.email = s.email),
      (phone_match, phone_owner, phone_owner_has_email) = (
        select c.id, coalesce(c.email::text, nullif(btrim(c.first_name || ' ' || c.last_name), '')), c.email is not null
        from contact_identities_in_workspace c where s.phone is not null and c.phone = s.phone)`);
  await client.query(`
    update import_stage set
      target = case
        when email_match is not null and phone_match is not null and email_match <> phone_match then null
        when email_match is not null then email_match
        when phone_match is not null and (not phone_owner_has_email or email is null) then phone_match
      end,
      conflict = case
        when (email_match is not null and phone_match is not null and email_match <> phone_match)
          or (email_match is null and phone_match is not null and phone_owner_has_email and email is not null)
        then format('Phone %s belongs to another contact (%s)', phone, coalesce(phone_owner, 'no name'))
      end
    where email_match is not null or phone_match is not null`);
}

/** A matched contact takes the file's position only where the file's address becomes its whole address. */
const placedByFile = `(c.latitude is null and coalesce(c.zip, '') = '' and coalesce(c.city, '') = '' and coalesce(c.state, '') = '')`;

/**
 * Writes a staged batch. `beforeInsert` is told how many new contacts the batch adds before any
 * is written (plan limits).
 */
export async function writeBatch(
  tx: Tx,
  batch: ImportBatch,
  staged: StagedBatch,
  beforeInsert: (adding: number) => Promise<void>,
): Promise<BatchOutcome> {
  const failed = [...batch.failed];
  if (batch.staged.length === 0) return { created: 0, updated: 0, failed };
  const client = clientOf(tx);
  for (const row of staged.conflicts) failed.push(...failRows(batch.staged[row.ord], row.conflict));
  const { adding, updating } = staged;
  if (adding > 0) await beforeInsert(adding);

  if (staged.newCompanies > 0) {
    // Companies the batch before created since this one was staged are found, not created twice.
    await client.query(`
      insert into companies (name)
      select distinct on (lower(company)) company from import_stage
      where company is not null and company_id is null and conflict is null
      order by lower(company), ord
      on conflict do nothing;
      ${companyIdsOfExisting}`);
  }

  if (updating > 0) {
    // Bounded whatever the planner believes: contacts are read only through the primary key for
    // the matched ids, staged rows only through the target index. Its estimates cannot be trusted
    // here (a fresh staging table, a workspace condition that is a setting): joined freely, it has
    // been seen to scan the staging table once per contact of the workspace.
    await client.query('create index on import_stage (target)');
    await client.query(`
      update contacts c set
        first_name = case when c.first_name = '' then coalesce(s.first_name, '') else c.first_name end,
        last_name = case when c.last_name = '' then coalesce(s.last_name, '') else c.last_name end,
        email = coalesce(c.email, s.email),
        phone = coalesce(c.phone, s.phone),
        company = case when coalesce(c.company, '') = '' then s.company else c.company end,
        company_id = case when coalesce(c.company, '') = '' then s.company_id else c.company_id end,
        source = case when c.source = 'Unknown' then coalesce(s.source, c.source) else c.source end,
        value_cents = case when c.value_cents = 0 then coalesce(s.value_cents, 0) else c.value_cents end,
        address = coalesce(nullif(c.address, ''), s.address),
        city = coalesce(nullif(c.city, ''), s.city),
        state = coalesce(nullif(c.state, ''), s.state),
        zip = coalesce(nullif(c.zip, ''), s.zip),
        notes = coalesce(nullif(c.notes, ''), s.notes),
        latitude = case when ${placedByFile} then s.latitude else c.latitude end,
        longitude = case when ${placedByFile} then s.longitude else c.longitude end
      from import_stage s
      where c.id = any (array(select target from import_stage where target is not null and conflict is null))
        and s.target = c.id and s.conflict is null
        and (
          (c.first_name = '' and s.first_name is not null) or (c.last_name = '' and s.last_name is not null)
          or (c.email is null and s.email is not null) or (c.phone is null and s.phone is not null)
          or (coalesce(c.company, '') = '' and s.company is not null)
          or (c.source = 'Unknown' and s.source is not null)
          or (c.value_cents = 0 and s.value_cents is not null)
          or (coalesce(c.address, '') = '' and s.address is not null) or (coalesce(c.city, '') = '' and s.city is not null)
          or (coalesce(c.state, '') = '' and s.state is not null) or (coalesce(c.zip, '') = '' and s.zip is not null)
          or (coalesce(c.notes, '') = '' and s.notes is not null)
        )`);
  }
  let created = 0;
  if (adding > 0) {
    const inserted = await client.query(`
      insert into contacts (first_name, last_name, email, phone, company, company_id, source, status, value_cents,
        address, city, state, zip, notes, latitude, longitude)
      select coalesce(first_name, ''), coalesce(last_name, ''), email, phone, company, company_id,
        coalesce(source, 'Unknown'), coalesce(status, 'lead'), coalesce(value_cents, 0), address, city, state, zip, notes,
        latitude, longitude
      from import_stage where target is null and conflict is null
      order by ord`);
    created = inserted.rowCount ?? 0;
  }
  return { created, updated: updating, failed };
}

/** The contact each staged row (by position) ended up as, once the batch is written; conflicts have none. */
export async function contactIdsOfStaged(tx: Tx, ords: number[]): Promise<Map<number, number>> {
  const { rows } = await clientOf(tx).query<{ ord: number; id: string }>(
    `select s.ord, coalesce(s.target,
       (select c.id from contacts_in_workspace c where s.email is not null and c.email = s.email),
       (select c.id from contacts_in_workspace c where s.phone is not null and c.phone = s.phone)) as id
     from import_stage s where s.ord = any($1::int[]) and s.conflict is null`,
    [ords],
  );
  return new Map(rows.filter((r) => r.id !== null).map((r) => [r.ord, Number(r.id)]));
}

function failRows(staged: StagedContact, reason: string): FailedRow[] {
  return staged.rows.map((row) => ({ ...row, reason }));
}

export async function recordFailedRows(tx: Tx, jobId: number, failed: FailedRow[]): Promise<void> {
  if (failed.length === 0) return;
  const json = JSON.stringify(
    failed.map((f) => ({ row_number: f.rowNumber, line_number: f.line, reason: f.reason, fields: f.fields })),
  );
  await tx.execute(sql`
    insert into import_row_errors (job_id, row_number, line_number, reason, fields)
    select ${jobId}::bigint, x.row_number, x.line_number, x.reason, x.fields
    from jsonb_to_recordset(${json}::jsonb) as x(row_number integer, line_number integer, reason text, fields text[])
    on conflict do nothing`);
}
