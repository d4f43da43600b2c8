import type { DealStage } from '@domain/deals/deal-schemas';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { executeNamed, type Tx } from '../../db/database.js';
import {
  dealSegmentTotals,
  dealStageSettings,
  dealStageTotals,
  deals,
  dealsInWorkspace,
  dealTimeline,
} from '../../db/schema/deals.js';

export type DealRow = typeof deals.$inferSelect;
export type DealInsert = typeof deals.$inferInsert;
export type DealPatch = Partial<Omit<DealInsert, 'id' | 'workspaceId' | 'createdAt' | 'updatedAt'>>;
export type DealTimelineRow = typeof dealTimeline.$inferSelect;
/** A deal as cards and pages show it: with its contact's and company's names, times as ISO strings. */
/** A board card's columns (`cardColumns`). */
export type DealCardRow = {
  id: number;
  name: string;
  valueCents: number;
  currency: string;
  stage: DealStage;
  expectedCloseDate: string | null;
  ownerId: number | null;
  contactId: number;
  contactName: string;
  companyId: number | null;
  companyName: string | null;
  websiteId: number | null;
  stageEnteredAt: string;
};

/** A whole deal's columns (`dealColumns`). */
export type DealListRow = DealCardRow & {
  lostReason: string | null;
  notes: string | null;
  closedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export interface DealFilter {
  stage?: DealStage;
  ownerId?: number;
  websiteId?: number;
  /** First and last day of the close month, YYYY-MM-DD. */
  closeBetween?: [string, string];
  contactId?: number;
  companyId?: number;
}

const v = dealsInWorkspace;

function filterConditions(filter: DealFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.stage) conditions.push(sql`${v.stage} = ${filter.stage}`);
  if (filter.ownerId) conditions.push(sql`${v.ownerId} = ${filter.ownerId}`);
  if (filter.websiteId) conditions.push(sql`${v.websiteId} = ${filter.websiteId}`);
  if (filter.closeBetween)
    conditions.push(
      sql`${v.expectedCloseDate} between ${filter.closeBetween[0]}::date and ${filter.closeBetween[1]}::date`,
    );
  if (filter.contactId) conditions.push(sql`${v.contactId} = ${filter.contactId}`);
  if (filter.companyId) conditions.push(sql`${v.companyId} = ${filter.companyId}`);
  return conditions;
}

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The columns, written out as SQL and read as pg returns them: the board reads 300 cards a request,
 * and mapping them through the query builder cost more than the statement itself (bench/deals,
 * `BENCH_CPU_PROF`). The contact's name is the deal's own copy (kept by triggers); the company's is
 * a primary-key look-up per row. A card has fewer columns than a deal: each column of 300 cards
 * written as JSON is PostgreSQL's time.
 */
const cardColumns = sql`${v.id}::float8 as id, ${v.name} as name, ${v.valueCents}::float8 as "valueCents",
  ${v.currency} as currency, ${v.stage} as stage, ${v.expectedCloseDate}::text as "expectedCloseDate",
  ${v.ownerId}::float8 as "ownerId", ${v.contactId}::float8 as "contactId",
  ${v.contactName} as "contactName",
  ${v.companyId}::float8 as "companyId", (select co.name from companies co where co.id = ${v.companyId}) as "companyName",
  ${v.websiteId} as "websiteId", ${iso(sql`${v.stageEnteredAt}`)} as "stageEnteredAt"`;

const dealColumns = sql`${cardColumns}, ${v.lostReason} as "lostReason", ${v.notes} as notes,
  ${iso(sql`${v.closedAt}`)} as "closedAt", ${iso(sql`${v.createdAt}`)} as "createdAt", ${iso(sql`${v.updatedAt}`)} as "updatedAt"`;

const newestInStageFirst = sql`order by ${v.stageEnteredAt} desc, ${v.id} desc`;

/** One keyset page, newest arrival in its stage first; `after` is the last row of the page before. */
export async function listDealRows(
  tx: Tx,
  options: { filter: DealFilter; after?: { at: Date; id: number }; limit: number },
): Promise<DealListRow[]> {
  const conditions = filterConditions(options.filter);
  if (options.after) {
    conditions.push(
      sql`(${v.stageEnteredAt}, ${v.id}) < (${options.after.at.toISOString()}::timestamptz, ${options.after.id}::bigint)`,
    );
  }
  const { rows } = await tx.execute<DealListRow>(sql`
    select ${dealColumns} from ${v} where ${and(...conditions) ?? sql`true`}
    ${newestInStageFirst} limit ${options.limit}`);
  return rows;
}

/**
 * A board column as one row: its totals, and its first cards as JSON text, each card with its stage's
 * probability, written as the API answers them; `lastAt` and `lastId` are the last card's keys (its cursor).
 */
export type BoardColumnRow = {
  stage: DealStage;
  count: number;
  valueCents: number;
  cards: string;
  lastAt: string | null;
  lastId: number | null;
};

/**
 * The whole board in one statement: per stage its totals and its first `limit` cards (a LATERAL per
 * stage, one range of the board index — or the owner's or website's — read in order and stopped at
 * `limit`, names included). One statement keeps the board at one round trip inside its transaction,
 * and a named one is planned once per connection. The cards stay the text PostgreSQL wrote: parsing
 * 300 cards and writing them out again cost the server more than the rest of the request (bench/deals).
 * Each stage comes with its default probability, which a card shows unless the workspace set its own.
 * The stages are values one by one, not arrays: a named statement whose values are all text or numbers
 * goes out with its transaction's BEGIN in one round trip (`queryNamed`).
 */
export async function listBoardColumns(
  tx: Tx,
  filter: DealFilter,
  stages: readonly { stage: DealStage; defaultProbability: number }[],
  limit: number,
): Promise<BoardColumnRow[]> {
  const each = (values: (string | number)[]) =>
    sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    );
  return executeNamed<BoardColumnRow>(
    tx,
    'deals-board',
    sql`
    with totals as (${stageTotalsSource(filter)})
    select stages.stage, coalesce(t.count, 0)::float8 as count, coalesce(t."valueCents", 0)::float8 as "valueCents",
      coalesce(page.cards::text, '[]') as cards, page.last_at as "lastAt", page.last_id as "lastId"
    from unnest(array[${each(stages.map((s) => s.stage))}]::text[],
      array[${each(stages.map((s) => s.defaultProbability))}]::int[]) with ordinality as stages(stage, default_probability, position)
    left join totals t on t.stage = stages.stage
    cross join lateral (select coalesce((select ${dealStageSettings.probability} from ${dealStageSettings}
      where ${dealStageSettings.stage} = stages.stage), stages.default_probability) as probability) p
    cross join lateral (
      select json_agg(cards order by cards."stageEnteredAt" desc, cards.id desc) as cards,
        (array_agg(cards."stageEnteredAt" order by cards."stageEnteredAt", cards.id))[1] as last_at,
        (array_agg(cards.id order by cards."stageEnteredAt", cards.id))[1] as last_id
      from (
        select ${cardColumns}, p.probability from ${v}
        where ${and(sql`${v.stage} = stages.stage`, ...filterConditions(filter))}
        ${newestInStageFirst} limit ${limit}
      ) as cards
    ) page
    order by stages.position`,
  );
}

/**
 * Count and value per stage, as a statement to run or to embed: from the counters when unfiltered
 * or filtered only by website and owner (a few rows either way), else counted over the matching deals.
 */
function stageTotalsSource(filter: DealFilter): SQL {
  const where = filterConditions(filter);
  if (where.length === 0) {
    const t = dealStageTotals;
    return sql`select ${t.stage} as stage, ${t.dealCount}::float8 as "count", ${t.valueCents}::float8 as "valueCents" from ${t}`;
  }
  const { stage, websiteId, ownerId, ...rest } = filter;
  if (Object.values(rest).every((value) => value === undefined)) {
    const s = dealSegmentTotals;
    return sql`
      select ${s.stage} as stage, sum(${s.dealCount})::float8 as "count", sum(${s.valueCents})::float8 as "valueCents"
      from ${s} where ${and(
        stage ? sql`${s.stage} = ${stage}` : undefined,
        websiteId ? sql`${s.websiteId} = ${websiteId}` : undefined,
        ownerId ? sql`${s.ownerId} = ${ownerId}` : undefined,
      )} group by ${s.stage}`;
  }
  return sql`
    select ${v.stage} as stage, count(*)::float8 as "count", coalesce(sum(${v.valueCents}), 0)::float8 as "valueCents"
    from ${v} where ${and(...where)} group by ${v.stage}`;
}

export async function stageTotals(tx: Tx, filter: DealFilter) {
  const { rows } = await tx.execute<{ stage: DealStage; count: number; valueCents: number }>(
    stageTotalsSource(filter),
  );
  return rows;
}

export async function findDealRow(tx: Tx, id: number): Promise<DealListRow | undefined> {
  const { rows } = await tx.execute<DealListRow>(sql`select ${dealColumns} from ${v} where ${v.id} = ${id}`);
  return rows[0];
}

/** The row, locked until the transaction ends so two moves of one deal take turns. */
export async function lockDealRow(tx: Tx, id: number): Promise<DealRow | undefined> {
  const [row] = await tx.select().from(deals).where(eq(deals.id, id)).for('update');
  return row;
}

export async function insertDealRow(tx: Tx, values: DealInsert): Promise<DealRow> {
  const [row] = await tx.insert(deals).values(values).returning();
  return row;
}

/** Many deals in one statement (imports); their timeline's "created" entries in a second. */
export async function insertDealRows(tx: Tx, values: DealInsert[], createdTitle: string): Promise<number> {
  if (values.length === 0) return 0;
  const rows = await tx.insert(deals).values(values).returning({ id: deals.id });
  await tx
    .insert(dealTimeline)
    .values(rows.map((r) => ({ dealId: r.id, kind: 'import' as const, title: createdTitle })));
  return rows.length;
}

export async function updateDealRow(tx: Tx, id: number, patch: DealPatch): Promise<DealRow | undefined> {
  const [row] = await tx.update(deals).set(patch).where(eq(deals.id, id)).returning();
  return row;
}

export async function deleteDealRow(tx: Tx, id: number): Promise<DealRow | undefined> {
  const [row] = await tx.delete(deals).where(eq(deals.id, id)).returning();
  return row;
}

/** Whether the contact has a won deal other than `exceptId`. */
export async function contactHasOtherWonDeal(tx: Tx, contactId: number, exceptId: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    select 1 from ${deals} where ${deals.contactId} = ${contactId} and ${deals.stage} = 'won' and ${deals.id} <> ${exceptId}
    limit 1`);
  return rows.length > 0;
}

/** Those of `contactIds` that already have a won deal. */
export async function contactsWithWonDeals(tx: Tx, contactIds: number[]): Promise<number[]> {
  if (contactIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ contactId: deals.contactId })
    .from(deals)
    .where(and(inArray(deals.contactId, contactIds), eq(deals.stage, 'won')));
  return rows.map((r) => r.contactId);
}

/** Names of a contact's existing deals, lower-cased (imports skip a deal the contact already has). */
export async function dealNamesOfContacts(tx: Tx, contactIds: number[]) {
  if (contactIds.length === 0) return [];
  return tx
    .select({ contactId: deals.contactId, name: sql<string>`lower(${deals.name})` })
    .from(deals)
    .where(inArray(deals.contactId, contactIds));
}

export async function insertTimelineRow(
  tx: Tx,
  values: typeof dealTimeline.$inferInsert,
): Promise<DealTimelineRow> {
  const [row] = await tx.insert(dealTimeline).values(values).returning();
  return row;
}

export async function listTimelineRows(tx: Tx, dealId: number, limit: number) {
  return tx
    .select()
    .from(dealTimeline)
    .where(eq(dealTimeline.dealId, dealId))
    .orderBy(sql`${dealTimeline.occurredAt} desc, ${dealTimeline.id} desc`)
    .limit(limit);
}

// ---- stage probabilities ----

export async function listStageSettingRows(tx: Tx) {
  return tx
    .select({ stage: dealStageSettings.stage, probability: dealStageSettings.probability })
    .from(dealStageSettings);
}

export async function upsertStageSetting(tx: Tx, stage: DealStage, probability: number): Promise<void> {
  await tx
    .insert(dealStageSettings)
    .values({ stage, probability })
    .onConflictDoUpdate({
      target: [dealStageSettings.workspaceId, dealStageSettings.stage],
      set: { probability },
    });
}

// ---- figures ----

/** One website's deals only, or every deal. */
const ofWebsite = (websiteId: number | undefined) =>
  websiteId === undefined ? sql`true` : sql`${v.websiteId} = ${websiteId}`;

/** Won and lost deals closed since `since` (of one website with `websiteId`). */
export async function countClosedSince(tx: Tx, since: Date, websiteId?: number) {
  const { rows } = await tx.execute<{ won: number; lost: number }>(sql`
    select count(*) filter (where ${v.stage} = 'won')::int as won, count(*) filter (where ${v.stage} = 'lost')::int as lost
    from ${v} where ${v.closedAt} >= ${since.toISOString()}::timestamptz and ${ofWebsite(websiteId)}`);
  return rows[0];
}

/** Deals expected to close between two dates, with their value summed per stage (of one website with `websiteId`). */
export async function closingBetween(tx: Tx, from: string, to: string, websiteId?: number) {
  const { rows } = await tx.execute<{ stage: DealStage; count: number; valueCents: number }>(sql`
    select ${v.stage} as stage, count(*)::int as "count", coalesce(sum(${v.valueCents}), 0)::float8 as "valueCents"
    from ${v} where ${v.expectedCloseDate} between ${from}::date and ${to}::date and ${ofWebsite(websiteId)}
    group by ${v.stage}`);
  return rows;
}

/** The open deals (neither won nor lost) of these contacts. */
export async function openDealsOfContacts(tx: Tx, contactIds: number[]) {
  if (contactIds.length === 0) return [];
  return tx
    .select({
      id: deals.id,
      name: deals.name,
      valueCents: deals.valueCents,
      currency: deals.currency,
      contactId: deals.contactId,
    })
    .from(deals)
    .where(and(inArray(deals.contactId, contactIds), sql`${deals.stage} not in ('won', 'lost')`))
    .orderBy(sql`${deals.valueCents} desc`, deals.id);
}
