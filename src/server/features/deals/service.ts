import { AppError } from '@domain/app-error';
import { contactDisplayName } from '@domain/contacts/names';
import {
  type Deal,
  type DealCard,
  type DealCreate,
  type DealDetail,
  type DealFilters,
  type DealPage,
  type DealStage,
  type DealStats,
  type DealUpdate,
  type DealWithContactCreate,
  dealFieldLabels,
  dealStages,
  defaultStageProbabilities,
  isOpenStage,
  openDealStages,
  type StageSetting,
} from '@domain/deals/deal-schemas';
import { serverMessage, timelineTitle } from '@domain/messages';
import type { Tx } from '../../db/database.js';
import { emitContactEvent } from '../../events/contact-events.js';
import { recordActivity } from '../activities/index.js';
import { createContact, findCompany, findContact, updateContact } from '../contacts/index.js';
import { listMembers } from '../members/index.js';
import { getWebsite, listWebsites } from '../websites/index.js';
import * as store from './store.js';

type Probabilities = Record<DealStage, number>;

/** The workspace's win probability of every stage (its own where set, else the default). */
export async function loadStageProbabilities(tx: Tx): Promise<Probabilities> {
  const own = await store.listStageSettingRows(tx);
  const result = { ...defaultStageProbabilities };
  for (const row of own) result[row.stage] = row.probability;
  return result;
}

function toCard(row: store.DealCardRow, probabilities: Probabilities): DealCard {
  return {
    id: row.id,
    name: row.name,
    valueCents: row.valueCents,
    currency: row.currency,
    stage: row.stage,
    probability: probabilities[row.stage],
    expectedCloseDate: row.expectedCloseDate,
    ownerId: row.ownerId,
    contactId: row.contactId,
    contactName: row.contactName,
    companyId: row.companyId,
    companyName: row.companyName,
    websiteId: row.websiteId,
    stageEnteredAt: row.stageEnteredAt,
  };
}

function toDeal(row: store.DealListRow, probabilities: Probabilities): Deal {
  return {
    ...toCard(row, probabilities),
    lostReason: row.lostReason,
    notes: row.notes,
    closedAt: row.closedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

// ---- reads ----

/** 'YYYY-MM' to its first and last day. */
function monthRange(month: string): [string, string] {
  const [year, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return [`${month}-01`, `${month}-${String(last).padStart(2, '0')}`];
}

function toFilter(filters: DealFilters & { stage?: DealStage }): store.DealFilter {
  return {
    stage: filters.stage,
    ownerId: filters.ownerId,
    websiteId: filters.websiteId,
    closeBetween: filters.closeMonth ? monthRange(filters.closeMonth) : undefined,
    contactId: filters.contactId,
    companyId: filters.companyId,
  };
}

/** Keyset cursor: the last row's stage-entry time and id, base64url JSON. */
function encodeCursor(row: { stageEnteredAt: string; id: number }): string {
  return Buffer.from(JSON.stringify([row.stageEnteredAt, row.id])).toString('base64url');
}

function decodeCursor(cursor: string): { at: Date; id: number } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const date = typeof at === 'string' && /^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(at) ? new Date(at) : null;
    if (date && !Number.isNaN(date.getTime()) && Number.isSafeInteger(id)) return { at: date, id };
  } catch {
    // Falls through to the 400 below.
  }
  throw AppError.badRequest('cursor', serverMessage('paging.cursorExpired'));
}

export async function listDeals(
  tx: Tx,
  query: DealFilters & { stage?: DealStage; cursor?: string; limit: number },
): Promise<DealPage> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  // One after the other: a transaction is one connection, which runs one statement at a time.
  const rows = await store.listDealRows(tx, { filter: toFilter(query), after, limit: query.limit + 1 });
  const probabilities = await loadStageProbabilities(tx);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    deals: page.map((r) => toDeal(r, probabilities)),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}

/**
 * Every stage's column: its count and value, and its first `limit` cards (the rest page through
 * GET /api/deals), as the JSON text of a `DealBoard`. The cards are PostgreSQL's text as it is
 * (listBoardColumns); only the columns around them are written here. A column has a next page when
 * it counts more deals than it shows: its totals and its cards are read in one statement, so they agree.
 */
export async function loadBoardJson(tx: Tx, query: DealFilters & { limit: number }): Promise<string> {
  const stages = dealStages.map((stage) => ({ stage, defaultProbability: defaultStageProbabilities[stage] }));
  const columns = await store.listBoardColumns(tx, toFilter(query), stages, query.limit);
  const written = columns.map((column) => {
    const nextCursor =
      column.count > query.limit && column.lastAt !== null && column.lastId !== null
        ? encodeCursor({ stageEnteredAt: column.lastAt, id: column.lastId })
        : null;
    const { cards, lastAt: _at, lastId: _id, ...totals } = column;
    const head = JSON.stringify({ ...totals, nextCursor });
    return `${head.slice(0, -1)},"deals":${cards}}`;
  });
  return `{"columns":[${written.join(',')}]}`;
}

export const dealTimelineLimit = 50;

export async function getDeal(tx: Tx, id: number): Promise<DealDetail> {
  const row = await store.findDealRow(tx, id);
  if (!row) throw new AppError('not_found', serverMessage('deals.notFound'));
  const timeline = await store.listTimelineRows(tx, id, dealTimelineLimit);
  const probabilities = await loadStageProbabilities(tx);
  return {
    deal: toDeal(row, probabilities),
    timeline: timeline.map((t) => ({
      id: t.id,
      kind: t.kind,
      title: t.title,
      metadata: t.metadata,
      createdBy: t.createdBy,
      occurredAt: t.occurredAt.toISOString(),
    })),
  };
}

async function readDeal(tx: Tx, id: number): Promise<Deal> {
  const row = await store.findDealRow(tx, id);
  if (!row) throw new AppError('not_found', serverMessage('deals.notFound'));
  return toDeal(row, await loadStageProbabilities(tx));
}

// ---- links (each checked inside the workspace: a foreign key alone would accept another workspace's id) ----

async function assertLinks(
  tx: Tx,
  links: { ownerId?: number | null; websiteId?: number | null; companyId?: number | null },
): Promise<void> {
  if (links.ownerId && !(await listMembers(tx)).some((m) => m.userId === links.ownerId))
    throw AppError.badRequest('ownerId', serverMessage('deals.ownerNotMember'));
  if (links.websiteId && !(await listWebsites(tx)).some((w) => w.id === links.websiteId))
    throw AppError.badRequest('websiteId', serverMessage('deals.websiteNotOwn'));
  if (links.companyId && !(await findCompany(tx, links.companyId)))
    throw AppError.badRequest('companyId', serverMessage('deals.companyNotFound'));
}

async function contactOf(tx: Tx, contactId: number) {
  const contact = await findContact(tx, contactId);
  if (!contact) throw AppError.badRequest('contactId', serverMessage('contacts.notFound'));
  return contact;
}

function assertLostReason(stage: DealStage, lostReason: string | null | undefined): void {
  if (lostReason && stage !== 'lost')
    throw AppError.badRequest('lostReason', serverMessage('deals.lostReasonNotLost'));
}

// ---- writes ----

export type DealVia = 'manual' | 'automation' | 'email';

/**
 * The one way a deal is created: from the API, and from other features (a workflow step, email
 * capture). Checks that every link belongs to the workspace, records the timeline and activity,
 * and applies the won rule when the deal starts out won.
 */
export async function createDeal(
  tx: Tx,
  input: DealCreate,
  options: { actorUserId: number | null; via?: DealVia },
): Promise<Deal> {
  const contact = await contactOf(tx, input.contactId);
  await assertLinks(tx, input);
  assertLostReason(input.stage, input.lostReason);
  const closed = !isOpenStage(input.stage);
  const row = await store.insertDealRow(tx, {
    name: input.name,
    valueCents: input.valueCents,
    currency: input.currency,
    stage: input.stage,
    expectedCloseDate: input.expectedCloseDate ?? null,
    ownerId: input.ownerId === undefined ? options.actorUserId : input.ownerId,
    contactId: contact.id,
    companyId: input.companyId === undefined ? contact.companyId : input.companyId,
    websiteId: input.websiteId ?? null,
    lostReason: input.stage === 'lost' ? (input.lostReason ?? null) : null,
    notes: input.notes ?? null,
    closedAt: closed ? new Date() : null,
  });
  await store.insertTimelineRow(tx, {
    dealId: row.id,
    kind: 'created',
    ...timelineTitle(serverMessage('timeline.dealCreated', { via: options.via ?? 'manual' }), {
      stage: row.stage,
      via: options.via ?? 'manual',
    }),
    createdBy: options.actorUserId,
  });
  await recordActivity(
    tx,
    'deal_created',
    serverMessage('activity.dealCreated', { deal: row.name, contact: contactDisplayName(contact) }),
  );
  if (row.stage === 'won') await applyWonRule(tx, row, options.actorUserId);
  await dealChanged(tx, row.contactId);
  await emitContactEvent(tx, {
    type: 'contact.deal_stage_changed',
    contactId: row.contactId,
    dealId: row.id,
    stage: row.stage,
  });
  return readDeal(tx, row.id);
}

/**
 * A deal for a person not yet in the CRM: the contact (409 when its email is already a contact's) and
 * then the deal, in the caller's transaction, so neither exists without the other.
 */
export async function createDealWithContact(
  tx: Tx,
  input: DealWithContactCreate,
  options: { actorUserId: number; via?: DealVia },
): Promise<Deal> {
  const { contact: fields, ...deal } = input;
  const { contact } = await createContact(tx, fields, options.actorUserId);
  return createDeal(tx, { ...deal, contactId: contact.id }, options);
}

/**
 * ADR 0006: a contact whose first deal is won becomes a customer. Later wins, and deals leaving
 * won, never change the contact's status: from then on it is the person's to set.
 */
async function applyWonRule(tx: Tx, deal: store.DealRow, actorUserId: number | null): Promise<void> {
  if (await store.contactHasOtherWonDeal(tx, deal.contactId, deal.id)) return;
  const contact = await findContact(tx, deal.contactId);
  if (!contact || contact.status === 'customer') return;
  await updateContact(tx, deal.contactId, { status: 'customer' }, actorUserId);
}

/** Tells the contact's listeners (live segments' "has a deal in stage") that one of its deals changed. */
const dealChanged = (tx: Tx, contactId: number) =>
  emitContactEvent(tx, { type: 'contact.deal_changed', contactId });

/** Applies the fields present; null clears an optional field. The stage moves only through moveDeal. */
export async function updateDeal(tx: Tx, id: number, input: DealUpdate, actorUserId: number): Promise<Deal> {
  const existing = await store.lockDealRow(tx, id);
  if (!existing) throw new AppError('not_found', serverMessage('deals.notFound'));
  const patch: store.DealPatch = {};
  if (input.contactId !== undefined && input.contactId !== existing.contactId) {
    const contact = await contactOf(tx, input.contactId);
    patch.contactId = contact.id;
    if (input.companyId === undefined) patch.companyId = contact.companyId;
  }
  await assertLinks(tx, input);
  if (input.lostReason !== undefined) assertLostReason(existing.stage, input.lostReason);
  for (const key of Object.keys(dealFieldLabels) as (keyof DealUpdate)[]) {
    if (key !== 'contactId' && input[key] !== undefined) Object.assign(patch, { [key]: input[key] ?? null });
  }
  const changed = Object.keys(dealFieldLabels).filter(
    (k) => k in patch && (existing as Record<string, unknown>)[k] !== (patch as Record<string, unknown>)[k],
  );
  if (changed.length === 0) return readDeal(tx, id);
  await store.updateDealRow(tx, id, patch);
  if (patch.contactId !== undefined) {
    await dealChanged(tx, existing.contactId);
    await dealChanged(tx, patch.contactId);
  }
  await store.insertTimelineRow(tx, {
    dealId: id,
    kind: 'updated',
    ...timelineTitle(
      serverMessage('timeline.fieldsUpdated', {
        fields: changed.map((k) => dealFieldLabels[k] ?? k).join(', '),
      }),
      { fields: changed },
    ),
    createdBy: actorUserId,
  });
  return readDeal(tx, id);
}

/**
 * Moves a deal to another stage: the timeline and the activity feed record it, closing stages
 * stamp the close time (reopening clears it and the lost reason), and a first win makes the
 * contact a customer. Moving to the stage it is in changes nothing.
 */
export async function moveDeal(
  tx: Tx,
  id: number,
  input: { stage: DealStage; lostReason?: string | null },
  actorUserId: number | null,
): Promise<Deal> {
  const existing = await store.lockDealRow(tx, id);
  if (!existing) throw new AppError('not_found', serverMessage('deals.notFound'));
  assertLostReason(input.stage, input.lostReason);
  if (existing.stage === input.stage) {
    if (input.lostReason !== undefined && input.lostReason !== existing.lostReason)
      await store.updateDealRow(tx, id, { lostReason: input.lostReason ?? null });
    return readDeal(tx, id);
  }
  const now = new Date();
  const moved = await store.updateDealRow(tx, id, {
    stage: input.stage,
    stageEnteredAt: now,
    closedAt: isOpenStage(input.stage) ? null : now,
    lostReason: input.stage === 'lost' ? (input.lostReason ?? null) : null,
  });
  if (!moved) throw new AppError('not_found', serverMessage('deals.notFound'));
  await store.insertTimelineRow(tx, {
    dealId: id,
    kind: 'stage_change',
    ...timelineTitle(serverMessage('timeline.dealMoved', { from: existing.stage, to: input.stage }), {
      from: existing.stage,
      to: input.stage,
      ...(moved.lostReason ? { lostReason: moved.lostReason } : {}),
    }),
    createdBy: actorUserId,
  });
  await recordActivity(
    tx,
    'deal_stage_changed',
    serverMessage('activity.dealMoved', { deal: moved.name, from: existing.stage, to: input.stage }),
  );
  if (input.stage === 'won') await applyWonRule(tx, moved, actorUserId);
  await dealChanged(tx, moved.contactId);
  await emitContactEvent(tx, {
    type: 'contact.deal_stage_changed',
    contactId: moved.contactId,
    dealId: id,
    stage: input.stage,
  });
  return readDeal(tx, id);
}

export async function deleteDeal(tx: Tx, id: number): Promise<void> {
  const deleted = await store.deleteDealRow(tx, id);
  if (!deleted) throw new AppError('not_found', serverMessage('deals.notFound'));
  await recordActivity(tx, 'deal_deleted', serverMessage('activity.dealDeleted', { deal: deleted.name }));
  await dealChanged(tx, deleted.contactId);
}

// ---- imports ----

export interface ImportedDeal {
  contactId: number;
  name: string;
  valueCents: number;
  stage: DealStage;
}

/**
 * Deals from an import's deal columns. A contact that already has a deal of that name (any case)
 * keeps it, so importing the same file twice adds nothing. Applies the won rule to each contact.
 */
export async function createDealsFromImport(tx: Tx, imported: ImportedDeal[]): Promise<number> {
  if (imported.length === 0) return 0;
  const existing = await store.dealNamesOfContacts(
    tx,
    imported.map((d) => d.contactId),
  );
  const seen = new Set(existing.map((e) => `${e.contactId}\u0000${e.name}`));
  const fresh = imported.filter((d) => {
    const key = `${d.contactId}\u0000${d.name.toLowerCase()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const wonBefore = new Set(
    await store.contactsWithWonDeals(
      tx,
      fresh.filter((d) => d.stage === 'won').map((d) => d.contactId),
    ),
  );
  const now = new Date();
  const count = await store.insertDealRows(
    tx,
    fresh.map((d) => ({
      name: d.name,
      valueCents: d.valueCents,
      stage: d.stage,
      contactId: d.contactId,
      companyId: null,
      closedAt: isOpenStage(d.stage) ? null : now,
    })),
    'Deal imported',
  );
  for (const deal of fresh.filter((d) => d.stage === 'won' && !wonBefore.has(d.contactId))) {
    wonBefore.add(deal.contactId);
    const contact = await findContact(tx, deal.contactId);
    if (contact && contact.status !== 'customer')
      await updateContact(tx, contact.id, { status: 'customer' }, null);
  }
  for (const contactId of new Set(fresh.map((d) => d.contactId))) await dealChanged(tx, contactId);
  if (count > 0) await recordActivity(tx, 'deal_created', serverMessage('activity.dealsImported', { count }));
  return count;
}

// ---- stage probabilities ----

export async function listStageSettings(tx: Tx): Promise<StageSetting[]> {
  const own = await store.listStageSettingRows(tx);
  return dealStages.map((stage) => {
    const row = own.find((r) => r.stage === stage);
    return { stage, probability: row?.probability ?? defaultStageProbabilities[stage], isDefault: !row };
  });
}

export async function setStageProbability(
  tx: Tx,
  stage: DealStage,
  probability: number,
): Promise<StageSetting[]> {
  await store.upsertStageSetting(tx, stage, probability);
  return listStageSettings(tx);
}

// ---- figures (CRM tiles and pipeline card) ----

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Active = deals in open stages. Conversion = won / (won + lost) among deals closed in the last
 * `periodDays` days. Forecast = Σ value × stage probability of deals expected to close this
 * calendar month or next (UTC). With `websiteId`, of that website's deals only (404 for a website the
 * workspace does not have).
 */
export async function getDealStats(
  tx: Tx,
  options: { periodDays: number; websiteId?: number },
  now = new Date(),
): Promise<DealStats> {
  const { periodDays, websiteId } = options;
  if (websiteId !== undefined) await getWebsite(tx, websiteId);
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 0));
  const since = new Date(now.getTime() - periodDays * 86_400_000);
  const [totals, probabilities, closed, closing] = [
    await store.stageTotals(tx, { websiteId }),
    await loadStageProbabilities(tx),
    await store.countClosedSince(tx, since, websiteId),
    await store.closingBetween(tx, isoDay(from), isoDay(to), websiteId),
  ];
  const stages = dealStages.map((stage) => {
    const t = totals.find((r) => r.stage === stage);
    return {
      stage,
      count: Number(t?.count ?? 0),
      valueCents: Number(t?.valueCents ?? 0),
      probability: probabilities[stage],
    };
  });
  const open = stages.filter((s) => (openDealStages as readonly string[]).includes(s.stage));
  const decided = closed.won + closed.lost;
  return {
    active: {
      count: open.reduce((n, s) => n + s.count, 0),
      valueCents: open.reduce((n, s) => n + s.valueCents, 0),
    },
    conversion: {
      periodDays,
      won: closed.won,
      lost: closed.lost,
      rate: decided === 0 ? null : Math.round((closed.won / decided) * 1000) / 10,
    },
    forecast: {
      from: isoDay(from),
      to: isoDay(to),
      dealCount: closing.reduce((n, r) => n + Number(r.count), 0),
      valueCents: Math.round(
        closing.reduce((sum, r) => sum + (Number(r.valueCents) * probabilities[r.stage]) / 100, 0),
      ),
    },
    stages,
  };
}

/** The open deals of these contacts, largest first (site health's findings name the deals at stake). */
export function openDealsOfContacts(tx: Tx, contactIds: number[]) {
  return store.openDealsOfContacts(tx, contactIds);
}
