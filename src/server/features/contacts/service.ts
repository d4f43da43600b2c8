import { AppError } from '@domain/app-error';
import {
  type CompanyDetail,
  type ContactFields,
  type ContactSortKey,
  type ContactStatus,
  unknownSource,
} from '@domain/contacts/contact-schemas';
import { contactDisplayName } from '@domain/contacts/names';
import { normalizePhone } from '@domain/contacts/phone';
import type { WebsiteFilter } from '@domain/ids';
import { serverMessage } from '@domain/messages';
import type { Tx } from '../../db/database.js';
import { emitContactEvent } from '../../events/contact-events.js';
import { recordActivity } from '../activities/index.js';
import { getWebsite } from '../websites/index.js';
import { addTimelineEntry, fieldList, type TimelineEntry, upsertContactByIdentity } from './ingestion.js';
import { placeAddress } from './placing.js';
import { type Contact, countContactsByStatus } from './read-model.js';
import * as store from './store.js';

/*
 * The contacts area's own CRUD behind its routes. Other features bring people in through
 * ingestion.ts and read counts through read-model.ts, both offered by index.ts.
 */

// ---- sources ----

/**
 * A contact's source is one of the workspace's websites or ecosystem apps (matched case-insensitively,
 * stored in its own spelling) or 'Unknown'.
 */
async function resolveSource(tx: Tx, source: string): Promise<string> {
  const trimmed = source.trim();
  if (trimmed.toLowerCase() === unknownSource.toLowerCase()) return unknownSource;
  const website = await store.findSourceNameInsensitive(tx, trimmed);
  if (!website) {
    throw AppError.badRequest('source', serverMessage('contacts.unknownSource', { unknown: unknownSource }));
  }
  return website;
}

// ---- manual create / update / delete (the API) ----

function duplicateError(field: 'email' | 'phone', other: Contact): AppError {
  const name = contactDisplayName(other);
  const message = serverMessage(field === 'email' ? 'contacts.duplicateEmail' : 'contacts.duplicatePhone', {
    name,
  });
  return new AppError('conflict', message, { issues: [{ path: field, message: message.text }] });
}

/**
 * Creates a contact from the form. A duplicate email or phone is a 409 naming the existing
 * contact, unless `merge` asks to fold the new details into it (empty fields only).
 */
export async function createContact(
  tx: Tx,
  input: ContactFields & { merge?: boolean },
  actorUserId: number,
): Promise<{ contact: Contact; created: boolean }> {
  const source = await resolveSource(tx, input.source ?? unknownSource);
  const byEmail = input.email ? await store.findContactByEmail(tx, input.email) : undefined;
  const byPhone = !byEmail && input.phone ? await store.findContactByPhone(tx, input.phone) : undefined;
  const duplicate = byEmail ?? byPhone;
  if (duplicate && !input.merge) throw duplicateError(byEmail ? 'email' : 'phone', duplicate);
  const { contact, created } = await upsertContactByIdentity(
    tx,
    { ...input, source },
    { via: 'manual', actorUserId },
  );
  // Fields the identity upsert does not carry (value, tags, notes, last contact) apply to new contacts only.
  const extras = pickDefined({
    valueCents: input.valueCents,
    tags: input.tags,
    notes: input.notes,
    lastContactedAt: input.lastContactedAt ? new Date(input.lastContactedAt) : undefined,
  });
  if (!created || Object.keys(extras).length === 0) return { contact, created };
  const updated = await store.updateContactRow(tx, contact.id, extras);
  return { contact: updated ?? contact, created };
}

function pickDefined<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== undefined && v !== null),
  ) as Partial<T>;
}

/** The contact's row, locked for this transaction's change of it (then given to `updateContact`). */
export function lockContact(tx: Tx, id: number): Promise<Contact | undefined> {
  return store.lockContactRow(tx, id);
}

/** Applies the fields present in `input`; null or '' clears an optional field. */
export async function updateContact(
  tx: Tx,
  id: number,
  input: ContactFields,
  actorUserId: number | null,
  /** The contact as `lockContact` locked and read it earlier in this transaction: not read again. */
  locked?: Contact,
): Promise<Contact> {
  const existing = locked ?? (await store.lockContactRow(tx, id));
  if (!existing) throw new AppError('not_found', serverMessage('contacts.notFound'));
  const patch: store.ContactPatch = {};
  if (input.source !== undefined) patch.source = await resolveSource(tx, input.source);
  if (input.email) {
    const other = await store.findContactByEmail(tx, input.email, id);
    if (other) throw duplicateError('email', other);
  }
  if (input.phone) {
    const other = await store.findContactByPhone(tx, input.phone, id);
    if (other) throw duplicateError('phone', other);
  }
  const direct = [
    'firstName',
    'lastName',
    'email',
    'phone',
    'status',
    'valueCents',
    'address',
    'city',
    'state',
    'zip',
    'latitude',
    'longitude',
    'contactType',
    'tags',
    'notes',
  ] as const;
  for (const field of direct) {
    if (input[field] !== undefined) Object.assign(patch, { [field]: input[field] ?? nullValueOf(field) });
  }
  if (input.lastContactedAt !== undefined) {
    patch.lastContactedAt = input.lastContactedAt ? new Date(input.lastContactedAt) : null;
  }
  if (input.company !== undefined) {
    patch.company = input.company ?? null;
    patch.companyId = input.company ? (await store.findOrCreateCompany(tx, input.company)).id : null;
  }
  await placeMovedContact(existing, patch);
  const changed = changedFields(existing, patch);
  if (changed.length === 0) return existing;
  const updated = await store.updateContactRow(tx, id, patch);
  if (!updated) throw new AppError('not_found', serverMessage('contacts.notFound'));
  const name = contactDisplayName(updated);
  if (changed.includes('status')) {
    await addTimelineEntry(tx, id, {
      kind: 'status_change',
      title: serverMessage('timeline.contactStatusChanged', { from: existing.status, to: updated.status }),
      metadata: { from: existing.status, to: updated.status },
      createdBy: actorUserId,
    });
    await recordActivity(
      tx,
      'contact_status_changed',
      serverMessage('activity.contactStatusChanged', { name, from: existing.status, to: updated.status }),
    );
    await emitContactEvent(tx, {
      type: 'contact.status_changed',
      contactId: id,
      from: existing.status,
      to: updated.status,
    });
  }
  if (changed.includes('tags')) {
    const before = new Set(existing.tags.map((t) => t.toLowerCase()));
    for (const tag of updated.tags.filter((t) => !before.has(t.toLowerCase()))) {
      await emitContactEvent(tx, { type: 'contact.tag_added', contactId: id, tag });
    }
  }
  await emitContactEvent(tx, { type: 'contact.updated', contactId: id });
  const others = changed.filter((f) => f !== 'status' && f !== 'longitude');
  if (others.length > 0) {
    await addTimelineEntry(tx, id, {
      kind: 'updated',
      title: serverMessage('timeline.fieldsUpdated', { fields: fieldList(others) }),
      metadata: { fields: others },
      createdBy: actorUserId,
    });
  }
  return updated;
}

/**
 * A contact whose ZIP, city or state changes without coordinates given is placed at its new address
 * (the geofence reads the coordinates); one the geocoder cannot place loses the old position rather
 * than keep one that is no longer true.
 */
async function placeMovedContact(existing: Contact, patch: store.ContactPatch): Promise<void> {
  if (patch.latitude !== undefined) return;
  const moved = (['zip', 'city', 'state'] as const).some(
    (field) => patch[field] !== undefined && !sameValue(existing[field], patch[field]),
  );
  if (!moved) return;
  const place = await placeAddress({
    zip: patch.zip === undefined ? existing.zip : patch.zip,
    city: patch.city === undefined ? existing.city : patch.city,
    state: patch.state === undefined ? existing.state : patch.state,
  });
  patch.latitude = place?.latitude ?? null;
  patch.longitude = place?.longitude ?? null;
}

/** Clearing a required-with-default field restores its default rather than storing null. */
function nullValueOf(field: string): unknown {
  if (field === 'firstName' || field === 'lastName') return '';
  if (field === 'tags') return [];
  return null;
}

function changedFields(existing: Contact, patch: store.ContactPatch): string[] {
  return Object.entries(patch)
    .filter(([key]) => key !== 'companyId')
    .filter(([key, value]) => !sameValue(existing[key as keyof Contact], value))
    .map(([key]) => key);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    return (a as Date | null)?.getTime?.() === (b as Date | null)?.getTime?.();
  }
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => x === b[i]);
  return (a ?? null) === (b ?? null);
}

export async function deleteContact(tx: Tx, id: number): Promise<void> {
  const existing = await store.findContactRow(tx, id);
  if (!existing || !(await store.deleteContactRow(tx, id)))
    throw new AppError('not_found', serverMessage('contacts.notFound'));
  await recordActivity(
    tx,
    'contact_deleted',
    serverMessage('activity.contactDeleted', { name: contactDisplayName(existing) }),
  );
}

export async function addNote(
  tx: Tx,
  contactId: number,
  body: string,
  actorUserId: number,
): Promise<TimelineEntry> {
  const contact = await store.findContactRow(tx, contactId);
  if (!contact) throw new AppError('not_found', serverMessage('contacts.notFound'));
  const firstLine = body.split('\n')[0];
  return addTimelineEntry(tx, contactId, {
    kind: 'note',
    title: firstLine.length > 80 ? `${firstLine.slice(0, 77)}...` : firstLine,
    body,
    createdBy: actorUserId,
  });
}

// ---- reads ----

const timelineLimit = 50;

export async function getContactDetail(tx: Tx, id: number) {
  const contact = await store.findContactRow(tx, id);
  if (!contact) throw new AppError('not_found', serverMessage('contacts.notFound'));
  // One after the other: a transaction is one connection, which runs one statement at a time.
  const company = contact.companyId ? await store.findCompanyRow(tx, contact.companyId) : undefined;
  const timeline = await store.listTimelineRows(tx, id, timelineLimit);
  return { contact, company: company ?? null, timeline };
}

export interface ContactListQuery {
  q?: string;
  source?: string;
  status?: ContactStatus;
  sort: ContactSortKey;
  dir?: 'asc' | 'desc';
  cursor?: string;
  limit: number;
}

/** Keyset cursor: the last row's sort key (as exact text) and id, base64url JSON. */
function encodeCursor(value: string, id: number): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

// What each sort key's text looks like, so a hand-edited cursor is a 400 and never reaches a SQL cast.
const cursorValuePatterns: Record<ContactSortKey, RegExp> = {
  createdAt: /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d{1,6})?([+-]\d\d(:\d\d)?|Z)?$/,
  lastContactedAt: /^(-infinity|\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d{1,6})?([+-]\d\d(:\d\d)?|Z)?)$/,
  value: /^\d{1,18}$/,
  name: /^[\s\S]{0,200}$/,
};

function decodeCursor(cursor: string, sort: ContactSortKey): { value: string; id: number } {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      typeof parsed[0] === 'string' &&
      cursorValuePatterns[sort].test(parsed[0]) &&
      Number.isSafeInteger(parsed[1])
    ) {
      return { value: parsed[0], id: parsed[1] };
    }
  } catch {
    // Falls through to the 400 below.
  }
  throw AppError.badRequest('cursor', serverMessage('paging.cursorExpired'));
}

function toFilter(query: { q?: string; source?: string; status?: ContactStatus }): store.ContactFilter {
  const q = query.q?.trim();
  // A query that reads as a phone number finds that number exactly (E.164), whatever way it was typed.
  const digits = q?.replace(/\D/g, '') ?? '';
  const phone = q && digits.length >= 7 && /^[\d\s()+.-]+$/.test(q) ? normalizePhone(q) : null;
  // A complete email address finds that contact through the unique index: trigram search over
  // an address is slow at scale (its common trigrams — "gma", ".co" — match most rows).
  const email = q && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(q) ? q.toLowerCase() : undefined;
  return {
    text: q ? q.toLowerCase() : undefined,
    phone: phone ?? undefined,
    email,
    source: query.source?.trim() || undefined,
    status: query.status,
  };
}

export async function listContacts(tx: Tx, query: ContactListQuery) {
  const direction = query.dir ?? store.defaultSortDirection(query.sort);
  const after = query.cursor ? decodeCursor(query.cursor, query.sort) : undefined;
  const rows = await store.listContactRows(tx, {
    filter: toFilter(query),
    sort: query.sort,
    direction,
    after,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    contacts: page as Contact[],
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.sortValue, last.id) : null,
  };
}

/** Counting stops here: past it the list says "1,000+" instead of reading every match (a common search term matches tens of thousands). */
const countCap = 1_000;

export async function countContacts(tx: Tx, query: { q?: string; source?: string; status?: ContactStatus }) {
  const filter = toFilter(query);
  if (!filter.text && !filter.phone && !filter.email && !filter.source) {
    // Unfiltered and status-only counts are exact and free: the counters row has them.
    const counts = await countContactsByStatus(tx);
    return { count: filter.status ? counts[filter.status] : counts.total, isCapped: false };
  }
  const count = await store.countContactRows(tx, filter, countCap + 1);
  return { count: Math.min(count, countCap), isCapped: count > countCap };
}

/**
 * The contact tiles' figures, of the workspace or, with `websiteId`, of that website's contacts: those whose
 * source is its name (as the dashboard counts a website's audience). Another workspace's website is not found.
 */
export async function summarizeContactStats(tx: Tx, filter: WebsiteFilter = {}) {
  if (filter.websiteId !== undefined) return statsOfSource(tx, (await getWebsite(tx, filter.websiteId)).name);
  const row = await store.readContactStats(tx);
  const counts = await countContactsByStatus(tx);
  return {
    ...counts,
    qualifiedLeads: counts.qualified,
    pipeline: {
      lead: { count: counts.lead, valueCents: row?.leadValueCents ?? 0 },
      qualified: { count: counts.qualified, valueCents: row?.qualifiedValueCents ?? 0 },
      customer: { count: counts.customer, valueCents: row?.customerValueCents ?? 0 },
      lost: { count: counts.lost, valueCents: row?.lostValueCents ?? 0 },
    },
  };
}

async function statsOfSource(tx: Tx, source: string) {
  const rows = await store.statusTotalsOfSource(tx, source);
  const stage = (status: ContactStatus) => {
    const row = rows.find((r) => r.status === status);
    return { count: row?.count ?? 0, valueCents: row?.valueCents ?? 0 };
  };
  const pipeline = {
    lead: stage('lead'),
    qualified: stage('qualified'),
    customer: stage('customer'),
    lost: stage('lost'),
  };
  return {
    total: rows.reduce((n, r) => n + r.count, 0),
    lead: pipeline.lead.count,
    qualified: pipeline.qualified.count,
    customer: pipeline.customer.count,
    lost: pipeline.lost.count,
    qualifiedLeads: pipeline.qualified.count,
    pipeline,
  };
}

export async function listCompanies(tx: Tx, query: { q?: string; limit: number }) {
  return store.listCompanyRows(tx, { q: query.q?.trim() || undefined, limit: query.limit });
}

/** A company with its contacts (the company screen). */
export async function getCompanyDetail(tx: Tx, id: number): Promise<CompanyDetail> {
  const company = await store.findCompanyRow(tx, id);
  if (!company) throw new AppError('not_found', serverMessage('deals.companyNotFound'));
  const contacts = await store.companyContactRows(tx, id, 200);
  return { id: company.id, name: company.name, domain: company.domain, contacts };
}
