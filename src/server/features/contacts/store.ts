import type { ContactSortKey, ContactStatus } from '@domain/contacts/contact-schemas';
import { type AnyColumn, and, asc, desc, eq, getViewSelectedFields, ne, type SQL, sql } from 'drizzle-orm';
import { queryNamed, type Tx } from '../../db/database.js';
import {
  companies,
  contactStats,
  contacts,
  contactsInWorkspace,
  contactTimeline,
} from '../../db/schema/contacts.js';
import { websites } from '../../db/schema/websites.js';

export type ContactRow = typeof contacts.$inferSelect;
export type ContactInsert = typeof contacts.$inferInsert;
export type ContactPatch = Partial<Omit<ContactInsert, 'id' | 'workspaceId' | 'createdAt' | 'updatedAt'>>;
export type TimelineRow = typeof contactTimeline.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

export async function findContactRow(tx: Tx, id: number): Promise<ContactRow | undefined> {
  const [row] = await tx.select().from(contacts).where(eq(contacts.id, id));
  return row;
}

/** The row, locked until the transaction ends so two writers of one contact take turns. */
export async function lockContactRow(tx: Tx, id: number): Promise<ContactRow | undefined> {
  const [row] = await tx.select().from(contacts).where(eq(contacts.id, id)).for('update');
  return row;
}

/**
 * email is citext: equality ignores case. Through the workspace's view: citext's `=` is not LEAKPROOF, so
 * under RLS the table itself could not use the (workspace, email) index and compared the address with
 * every contact of the workspace (1,000 comparisons and 1.1 ms a lead form's submission at 1,800
 * contacts, bench/forms).
 */
export function contactByEmailQuery(tx: Tx, email: string, exceptId?: number) {
  return tx
    .select()
    .from(contactsInWorkspace)
    .where(
      and(eq(contactsInWorkspace.email, email), exceptId ? ne(contactsInWorkspace.id, exceptId) : undefined),
    )
    .for('update');
}

export async function findContactByEmail(tx: Tx, email: string, exceptId?: number) {
  const [row] = await contactByEmailQuery(tx, email, exceptId);
  return row;
}

export async function findContactByPhone(tx: Tx, phone: string, exceptId?: number) {
  const [row] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.phone, phone), exceptId ? ne(contacts.id, exceptId) : undefined))
    .for('update');
  return row;
}

/** Inserts unless a contact with the same email or phone exists (then returns undefined: a concurrent writer won). */
export async function insertContactRow(tx: Tx, values: ContactInsert): Promise<ContactRow | undefined> {
  const [row] = await tx.insert(contacts).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateContactRow(
  tx: Tx,
  id: number,
  patch: ContactPatch,
): Promise<ContactRow | undefined> {
  const [row] = await tx.update(contacts).set(patch).where(eq(contacts.id, id)).returning();
  return row;
}

export async function deleteContactRow(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx.delete(contacts).where(eq(contacts.id, id)).returning({ id: contacts.id });
  return rows.length > 0;
}

/** Moves last_contacted_at forward only: an older email synced late never makes a contact look colder. */
export async function advanceLastContacted(tx: Tx, id: number, at: Date): Promise<void> {
  await tx
    .update(contacts)
    .set({ lastContactedAt: at })
    .where(
      and(
        eq(contacts.id, id),
        sql`(${contacts.lastContactedAt} is null or ${contacts.lastContactedAt} < ${at.toISOString()}::timestamptz)`,
      ),
    );
}

/** The workspace's counters: the sum of its rows (migration 1331 splits them so creators do not queue). */
export async function readContactStats(tx: Tx) {
  const sum = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);
  const [row] = await tx
    .select({
      total: sum(contactStats.total),
      lead: sum(contactStats.lead),
      qualified: sum(contactStats.qualified),
      customer: sum(contactStats.customer),
      lost: sum(contactStats.lost),
      leadValueCents: sum(contactStats.leadValueCents),
      qualifiedValueCents: sum(contactStats.qualifiedValueCents),
      customerValueCents: sum(contactStats.customerValueCents),
      lostValueCents: sum(contactStats.lostValueCents),
    })
    .from(contactStats);
  return row;
}

/**
 * The workspace's plan and contact total, and its plan's limit (`limits[plan]`, null: none) handed to
 * the commit-time check (migration 1331), which counts again under the workspace's capacity lock:
 * creators far from the limit never wait on each other, and no two can both take the last free place.
 */
export async function contactTotalUnderPlanLimit(
  tx: Tx,
  limits: Record<string, number | null>,
): Promise<{ plan: string; total: number } | undefined> {
  const { rows } = await tx.execute<{ plan: string; total: string }>(sql`
    select w.plan, set_config('app.contact_limit', coalesce(${JSON.stringify(limits)}::jsonb ->> w.plan, ''), true),
      (select coalesce(sum(total), 0) from contact_stats) as total
    from workspaces w where w.id = app_current_workspace()`);
  return rows[0] && { plan: rows[0].plan, total: Number(rows[0].total) };
}

/** Takes the workspace's capacity lock now (held until commit) and counts exactly: for the last free places. */
export async function lockContactCapacity(tx: Tx): Promise<number> {
  await tx.execute(sql`select app_lock_contact_capacity()`);
  // A statement of its own after the lock: its snapshot has every creator that committed before.
  const { rows } = await tx.execute<{ total: string }>(
    sql`select coalesce(sum(total), 0) as total from contact_stats`,
  );
  return Number(rows[0].total);
}

export async function readWorkspacePlan(tx: Tx): Promise<string | undefined> {
  const { rows } = await tx.execute<{ plan: string }>(
    sql`select plan from workspaces where id = app_current_workspace()`,
  );
  return rows[0]?.plan;
}

/** A website's or ecosystem app's name matching `name` case-insensitively, in its own spelling. */
export async function findSourceNameInsensitive(tx: Tx, name: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ name: websites.name })
    .from(websites)
    .where(sql`lower(${websites.name}) = lower(${name})`)
    .limit(1);
  if (row) return row.name;
  const { rows } = await tx.execute<{ name: string }>(
    sql`select name from ecosystem_apps where lower(name) = lower(${name}) limit 1`,
  );
  return rows[0]?.name;
}

// ---- companies ----

/** The company with this name (case-insensitive), created when new; concurrent creators meet on the unique index. */
export async function findOrCreateCompany(tx: Tx, name: string): Promise<CompanyRow> {
  const existing = await findCompanyByName(tx, name);
  if (existing) return existing;
  const [inserted] = await tx.insert(companies).values({ name }).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const raced = await findCompanyByName(tx, name);
  if (!raced) throw new Error(`company ${name} vanished while being created`);
  return raced;
}

async function findCompanyByName(tx: Tx, name: string): Promise<CompanyRow | undefined> {
  const [row] = await tx.select().from(companies).where(sql`lower(${companies.name}) = lower(${name})`);
  return row;
}

export async function findCompanyRow(tx: Tx, id: number): Promise<CompanyRow | undefined> {
  const [row] = await tx.select().from(companies).where(eq(companies.id, id));
  return row;
}

/** A company's contacts, by name. */
export async function companyContactRows(tx: Tx, companyId: number, limit: number) {
  return tx
    .select({
      id: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      email: contacts.email,
      status: contacts.status,
    })
    .from(contacts)
    .where(eq(contacts.companyId, companyId))
    .orderBy(asc(contacts.lastName), asc(contacts.firstName), asc(contacts.id))
    .limit(limit);
}

export async function listCompanyRows(tx: Tx, options: { q?: string; limit: number }) {
  // Written out: drizzle leaves column names unqualified here, and "id" would mean the contact's.
  const countSql = sql<number>`(select count(*) from contacts c where c.company_id = companies.id)::int`;
  return tx
    .select({
      id: companies.id,
      name: companies.name,
      domain: companies.domain,
      contactCount: countSql,
      createdAt: companies.createdAt,
    })
    .from(companies)
    .where(
      options.q ? sql`lower(${companies.name}) like ${`${escapeLike(options.q.toLowerCase())}%`}` : undefined,
    )
    .orderBy(sql`lower(${companies.name})`, asc(companies.id))
    .limit(options.limit);
}

// ---- timeline ----

export async function insertTimelineRow(
  tx: Tx,
  values: typeof contactTimeline.$inferInsert,
): Promise<TimelineRow> {
  const [row] = await tx.insert(contactTimeline).values(values).returning();
  return row;
}

/** Several lines in one statement, in order (their ids follow it). */
export async function insertTimelineRows(
  tx: Tx,
  rows: (typeof contactTimeline.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await tx.insert(contactTimeline).values(rows);
}

export async function listTimelineRows(tx: Tx, contactId: number, limit: number): Promise<TimelineRow[]> {
  return tx
    .select()
    .from(contactTimeline)
    .where(eq(contactTimeline.contactId, contactId))
    .orderBy(desc(contactTimeline.occurredAt), desc(contactTimeline.id))
    .limit(limit);
}

// ---- list and search (through the workspace view: index conditions stay usable, see 0101) ----

const v = contactsInWorkspace;

/**
 * Sort keys as SQL: the expression the keyset compares (unqualified, so it names the view of whichever
 * query or subquery it is in) and its natural direction.
 */
const sortColumn = (column: string, cast: string, defaultDir: 'asc' | 'desc') => ({
  column,
  expr: sql.raw(column),
  cast,
  defaultDir,
});
const sortColumns: Record<ContactSortKey, ReturnType<typeof sortColumn>> = {
  createdAt: sortColumn('created_at', 'timestamptz', 'desc'),
  name: sortColumn('name_key', 'text', 'asc'),
  value: sortColumn('value_cents', 'bigint', 'desc'),
  // Never-contacted contacts sort as the oldest; the expression matches contacts_last_contacted_idx.
  lastContactedAt: sortColumn(`coalesce(last_contacted_at, '-infinity'::timestamptz)`, 'timestamptz', 'desc'),
};

export function defaultSortDirection(sort: ContactSortKey): 'asc' | 'desc' {
  return sortColumns[sort].defaultDir;
}

export interface ContactFilter {
  /** Lower-cased text searched as a substring of name, email and company. */
  text?: string;
  /** An E.164 phone the query text normalised to: matched exactly instead. */
  phone?: string;
  /** A complete email address the query text is: matched exactly (case-insensitive) instead. */
  email?: string;
  source?: string;
  status?: ContactStatus;
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The contacts whose search text contains `text`. The trigram index is consulted per word of three
 * or more letters, and the whole term is then checked exactly: the trigrams spanning the words
 * (" sm", "es ", and "  s", the start of every word beginning with s) have huge posting lists, so
 * a rare full name took twice as long to look up with them as without.
 */
function textMatch(text: string): SQL {
  const contains = (part: string) => sql`${v.searchText} like ${`%${escapeLike(part)}%`}`;
  const words = indexedWords(text);
  if (words.length < 2) return contains(text);
  return sql.join([...words.map(contains), sql`strpos(${v.searchText}, ${text}) > 0`], sql` and `);
}

function indexedWords(text: string): string[] {
  return text.split(/\s+/).filter((word) => word.length >= 3);
}

/** A WHERE clause for the raw subqueries below, empty without conditions. */
function whereAll(conditions: SQL[]): SQL {
  const all = and(...conditions);
  return all ? sql`where ${all}` : sql``;
}

function filterConditions(filter: ContactFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.phone) conditions.push(sql`${v.phone} = ${filter.phone}`);
  else if (filter.email) conditions.push(sql`${v.email} = ${filter.email}::citext`);
  else if (filter.text) conditions.push(textMatch(filter.text));
  if (filter.source) conditions.push(sql`${v.source} = ${filter.source}`);
  if (filter.status) conditions.push(sql`${v.status} = ${filter.status}`);
  return conditions;
}

export interface ContactListRow extends ContactRow {
  /** The sort key as text, exact to the microsecond, for the next page's cursor. */
  sortValue: string;
}

/**
 * A text search first looks for its page among this many contacts in list order after the cursor.
 * PostgreSQL cannot estimate how many rows a substring matches (pg_trgm assumes a few), so alone it
 * takes the trigram index for common terms too and sorts thousands of matches: 25-40 ms at a
 * million contacts for "aylo" (every Taylor), against 1 ms walking the list order. The probe costs
 * at most ~4 ms; a term too rare to fill the page there falls back to the trigram index.
 */
const searchProbeRows = 4_000;

/**
 * A term of several words (a full name, a company's name) is rarely common, so its matches are
 * looked up first, up to this many, and sorted; only a term with more walks the list order. That
 * spares a rare full name the probe (~4 ms); a common one pays ~3 ms more.
 */
const severalWordsMatchCap = 2_000;

export async function listContactRows(
  tx: Tx,
  options: {
    filter: ContactFilter;
    sort: ContactSortKey;
    direction: 'asc' | 'desc';
    after?: { value: string; id: number };
    limit: number;
  },
): Promise<ContactListRow[]> {
  const { expr, cast } = sortColumns[options.sort];
  const { text, ...exact } = options.filter;
  // An exact phone or email match replaces the text search (see filterConditions).
  const searched = exact.phone || exact.email ? undefined : text;
  const conditions = filterConditions(exact);
  if (options.after) {
    const op = options.direction === 'desc' ? sql`<` : sql`>`;
    conditions.push(
      sql`(${expr}, ${v.id}) ${op} (${options.after.value}::${sql.raw(cast)}, ${options.after.id}::bigint)`,
    );
  }
  const dir = options.direction === 'desc' ? sql`desc` : sql`asc`;
  const orderBy = (key: SQL, id: SQL) => sql`${key} ${dir}, ${id} ${dir}`;
  const selected = { ...getViewSelectedFields(v), sortValue: sql<string>`(${expr})::text`.as('sort_value') };
  if (!searched) return listPage(tx, options);
  // The page's rows are read whole only once the page is known: formatting the sort key (a
  // timestamp as text) for each of 10,000 matches of a common term cost more than finding them.
  const pageOf = (ids: SQL) =>
    tx
      .select(selected)
      .from(v)
      .where(sql`${v.id} in (${ids})`)
      .orderBy(orderBy(expr, sql`${v.id}`))
      .limit(options.limit);
  // Names inside the subqueries resolve to their own FROM (the same view), not the outer query.
  // The matches are planned on their own ("offset 0"): with the order and limit in view the
  // planner would walk the sort order instead whenever it guesses the term to be common.
  const matches = (cap?: number) => sql`(
    select ${v.id} as id, ${expr} as sort_key from ${v} ${whereAll([...conditions, textMatch(searched)])}
    offset 0 ${cap === undefined ? sql`` : sql`limit ${cap + 1}`}
  ) matches`;
  if (indexedWords(searched).length >= 2) {
    const { rows } = await tx.execute<{ id: number; matched: number }>(sql`
      select matches.id, count(*) over ()::int as matched from ${matches(severalWordsMatchCap)}
      order by ${orderBy(sql`matches.sort_key`, sql`matches.id`)} limit ${options.limit}`);
    if (rows.length === 0) return [];
    const ids = rows.map((row) => sql`${row.id}`);
    if (rows[0].matched <= severalWordsMatchCap) return pageOf(sql.join(ids, sql`, `));
  }
  const probed = await pageOf(sql`
    select probe.id from (
      select ${v.id} as id, ${expr} as sort_key, ${v.searchText} as search_text from ${v} ${whereAll(conditions)}
      order by ${orderBy(expr, sql`${v.id}`)} limit ${searchProbeRows}
    ) probe
    where strpos(probe.search_text, ${searched}) > 0
    order by ${orderBy(sql`probe.sort_key`, sql`probe.id`)} limit ${options.limit}`);
  if (probed.length === options.limit) return probed;
  // Too rare to fill the page there: every match, found through the trigram index, then sorted.
  return pageOf(sql`
    select matches.id from ${matches()}
    order by ${orderBy(sql`matches.sort_key`, sql`matches.id`)} limit ${options.limit}`);
}

/**
 * The columns of `ContactListRow` in its final shape (the bigints as numbers, as drizzle's mode: 'number'
 * gives them), for statements sent straight through pg.
 */
const listColumns = `id::float8 as id, workspace_id::float8 as "workspaceId", first_name as "firstName",
  last_name as "lastName", email::text as email, phone, company, company_id::float8 as "companyId", source,
  status, value_cents::float8 as "valueCents", last_contacted_at as "lastContactedAt", address, city, state,
  zip, latitude, longitude, contact_type as "contactType", tags, notes, owner_id::float8 as "ownerId",
  created_at as "createdAt", updated_at as "updatedAt", properties, search_text as "searchText",
  name_key as "nameKey"`;

/** One statement text per shape of page (sort, direction, cursor, filters), built once. */
const listTexts = new Map<string, string>();

/**
 * A page of the list without a text search: the list's most frequent read (bench/http), as a named
 * statement whose rows come back in their final shape, so it is parsed and planned once per connection
 * and no query is built per request. The same conditions as `filterConditions` and the keyset above.
 */
async function listPage(
  tx: Tx,
  options: {
    filter: ContactFilter;
    sort: ContactSortKey;
    direction: 'asc' | 'desc';
    after?: { value: string; id: number };
    limit: number;
  },
): Promise<ContactListRow[]> {
  const { filter, sort, direction, after } = options;
  const values: unknown[] = [];
  const conditions: string[] = [];
  const param = (value: unknown, cast = '') => {
    values.push(value);
    return `$${values.length}${cast}`;
  };
  if (filter.phone) conditions.push(`phone = ${param(filter.phone)}`);
  else if (filter.email) conditions.push(`email = ${param(filter.email)}::citext`);
  if (filter.source) conditions.push(`source = ${param(filter.source)}`);
  if (filter.status) conditions.push(`status = ${param(filter.status)}`);
  const { column, cast } = sortColumns[sort];
  if (after) {
    const op = direction === 'desc' ? '<' : '>';
    conditions.push(`(${column}, id) ${op} (${param(after.value)}::${cast}, ${param(after.id)}::bigint)`);
  }
  const limit = param(options.limit, '::int');
  const shape = `${sort} ${direction} ${conditions.join(' and ')} ${limit}`;
  let text = listTexts.get(shape);
  if (text === undefined) {
    text = `select ${listColumns}, (${column})::text as "sortValue" from contacts_in_workspace
      ${conditions.length > 0 ? `where ${conditions.join(' and ')}` : ''}
      order by ${column} ${direction}, id ${direction} limit ${limit}`;
    listTexts.set(shape, text);
  }
  const { rows } = await queryNamed<ContactListRow>(tx, 'contacts-page', text, values);
  return rows;
}

/** How many contacts match, counting at most `cap` (an exact figure past a few thousand helps nobody and costs a scan). */
/** Contacts from one source that are not lost: a website's audience (uses contacts_source_idx). */
export async function countAudienceOfSource(tx: Tx, source: string): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from ${v} where ${v.source} = ${source} and ${v.status} <> 'lost'`);
  return rows[0]?.n ?? 0;
}

/** Count and value per status of one source's contacts: a website's figures (uses contacts_source_idx). */
export async function statusTotalsOfSource(tx: Tx, source: string) {
  const { rows } = await tx.execute<{ status: ContactStatus; count: number; valueCents: number }>(sql`
    select ${v.status} as status, count(*)::int as count, coalesce(sum(${v.valueCents}), 0)::float8 as "valueCents"
    from ${v} where ${v.source} = ${source} group by ${v.status}`);
  return rows;
}

export async function countContactRows(tx: Tx, filter: ContactFilter, cap: number): Promise<number> {
  const conditions = filterConditions(filter);
  const { rows } = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from (select 1 from ${v} ${whereAll(conditions)} limit ${cap}) matched`);
  return rows[0]?.n ?? 0;
}

/** Contacts created in [from, to) per source, with the e-mail addresses of those now customers. */
export async function leadsBySource(tx: Tx, from: Date, to: Date) {
  const { rows } = await tx.execute<{
    source: string;
    leads: number;
    customers: number;
    emails: string[];
  }>(sql`
    select source, count(*)::int as leads, (count(*) filter (where status = 'customer'))::int as customers,
      coalesce(array_agg(email::text) filter (where status = 'customer' and email is not null), '{}') as emails
    from contacts
    where created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz
    group by source`);
  return rows;
}

/**
 * Of `emails`, those that belong to a contact with status 'customer' (compared case-insensitively);
 * through the view, as `contactByEmailQuery`, so that the (workspace, email) index serves.
 */
export async function findCustomerEmails(tx: Tx, emails: string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const result = await tx.execute<{ email: string }>(sql`
    select lower(email::text) as email from contacts_in_workspace
    where status = 'customer' and email = any(${sql.param(emails)}::citext[])`);
  return result.rows.map((r) => r.email);
}

export async function setSourceOfUnknownByEmailDomain(
  tx: Tx,
  evidence: { domain: string; source: string }[],
): Promise<number> {
  const result = await tx.execute(sql`
    update contacts c set source = m.source
    from jsonb_to_recordset(${JSON.stringify(evidence)}::jsonb) as m(domain text, source text)
    where c.source = 'Unknown' and c.email is not null and lower(split_part(c.email::text, '@', 2)) = lower(m.domain)`);
  return result.rowCount ?? 0;
}

/**
 * Per source: the newest contacts (index contacts_source_idx, a few rows each) and the count. The named
 * sources come first, in their order, then every other source contacts have.
 */
export async function contactsBySource(tx: Tx, sources: string[], perSource: number) {
  const { rows } = await tx.execute<{
    source: string;
    total: number;
    contacts: {
      id: number;
      firstName: string;
      lastName: string;
      email: string | null;
      status: ContactStatus;
    }[];
  }>(sql`
    with counted as (
      select source, count(*)::int as total from contacts group by source
    ), named as (
      select s.name as source, s.ord from unnest(${sql.param(sources)}::text[]) with ordinality as s(name, ord)
    ), every_source as (
      select coalesce(n.source, c.source) as source, coalesce(n.ord, 1000000) as ord, coalesce(c.total, 0) as total
      from named n full join counted c on c.source = n.source
    )
    select e.source, e.total,
      coalesce((select jsonb_agg(jsonb_build_object('id', x.id, 'firstName', x.first_name, 'lastName', x.last_name,
          'email', x.email, 'status', x.status) order by x.created_at desc, x.id desc)
        from (select id, first_name, last_name, email, status, created_at from contacts
              where source = e.source order by created_at desc, id desc limit ${perSource}) x), '[]'::jsonb) as contacts
    from every_source e order by e.ord, e.source`);
  return Object.fromEntries(rows.map((r) => [r.source, { contacts: r.contacts, total: r.total }]));
}

/** Renames sources that mean the same thing (`alias`, compared case-insensitively) to `source`. */
export async function renameSources(tx: Tx, aliases: { alias: string; source: string }[]): Promise<number> {
  const result = await tx.execute(sql`
    update contacts c set source = m.source
    from (select distinct on (lower(alias)) alias, source
          from jsonb_to_recordset(${JSON.stringify(aliases)}::jsonb) as x(alias text, source text)) m
    where lower(c.source) = lower(m.alias) and c.source <> m.source`);
  return result.rowCount ?? 0;
}

/** Count and value per source, for the named sources, largest first. */
export async function sourceTotals(tx: Tx, sources: string[]) {
  const { rows } = await tx.execute<{ source: string; count: number; valueCents: number }>(sql`
    select source, count(*)::int as count, coalesce(sum(value_cents), 0)::float8 as "valueCents"
    from contacts where source = any(${sql.param(sources)}::text[])
    group by source order by count(*) desc, sum(value_cents) desc, source`);
  return rows;
}
