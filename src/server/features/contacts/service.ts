import { AppError } from '@domain/app-error';
import {
  type ContactFields,
  type ContactSortKey,
  type ContactStatus,
  type ContactType,
  type ContactVia,
  contactFieldLabels,
  type TimelineKind,
  unknownSource,
} from '@domain/contacts/contact-schemas';
import { contactDisplayName } from '@domain/contacts/names';
import { normalizePhone } from '@domain/contacts/phone';
import { type StoredMessage, serverMessage, timelineTitle } from '@domain/messages';
import { type PlanId, planById, planIds } from '@domain/pricing/plans';
import type { Tx } from '../../db/database.js';
import { emitContactEvent } from '../../events/contact-events.js';
import { recordActivity } from '../activities/service.js';
import { placeAddress } from './placing.js';
import * as store from './store.js';

/** Geocoding of imported addresses, for the imports area's merge step. */
export { placeAddresses } from './placing.js';

export type Contact = store.ContactRow;
export type TimelineEntry = store.TimelineRow;

// ---- capacity (plan limits, spec 000 §9) ----

const numberFormat = new Intl.NumberFormat('en-US');

/**
 * Throws when adding `adding` contacts would take the workspace past its plan's contact limit
 * (Starter 1,000, Professional 10,000, Enterprise unlimited). Holds the counters row until
 * commit so concurrent creators cannot overshoot together.
 */
export async function assertContactCapacity(tx: Tx, adding: number): Promise<void> {
  const planId = await store.readWorkspacePlan(tx);
  if (!planId || !planIds.includes(planId as PlanId))
    throw new AppError('not_found', serverMessage('auth.workspaceNotFound'));
  const plan = planById(planId as PlanId);
  const limit = plan.limits.contacts;
  if (limit === null || adding <= 0) return;
  const total = await store.lockContactTotal(tx);
  if (total + adding > limit) {
    const room = Math.max(0, limit - total);
    const figures = { plan: plan.name, limit: numberFormat.format(limit), total: numberFormat.format(total) };
    throw new AppError(
      'payment_required',
      adding === 1
        ? serverMessage('contacts.planLimitReached', figures)
        : serverMessage('contacts.planLimitExceeded', {
            ...figures,
            adding: numberFormat.format(adding),
            room: numberFormat.format(room),
          }),
    );
  }
}

// ---- counters ----

export interface ContactStatusCounts {
  total: number;
  lead: number;
  qualified: number;
  customer: number;
  lost: number;
}

/** The audience of one website: its contacts (source = the site's name) except those marked lost. */
export function countWebsiteAudience(tx: Tx, websiteName: string): Promise<number> {
  return store.countAudienceOfSource(tx, websiteName);
}

export async function countContactsByStatus(tx: Tx): Promise<ContactStatusCounts> {
  const row = await store.readContactStats(tx);
  return {
    total: row?.total ?? 0,
    lead: row?.lead ?? 0,
    qualified: row?.qualified ?? 0,
    customer: row?.customer ?? 0,
    lost: row?.lost ?? 0,
  };
}

export interface SourceLeads {
  source: string;
  /** Contacts created in the period from this source. */
  leads: number;
  /** Of those, the ones now marked customer. */
  customers: number;
  customerEmails: string[];
}

/** The analytics funnel's lead and customer steps: contacts created in [from, to), per source website. */
export async function countLeadsBySource(tx: Tx, from: Date, to: Date): Promise<SourceLeads[]> {
  const rows = await store.leadsBySource(tx, from, to);
  return rows.map((r) => ({
    source: r.source,
    leads: r.leads,
    customers: r.customers,
    customerEmails: r.emails,
  }));
}

// ---- timeline ----

/**
 * A line on the contact's timeline. A catalogued title (`serverMessage('timeline.…', values)`) is stored
 * as its English text with its id and values in `metadata.message`, so each reader reads it in their
 * language; a plain string is what someone wrote (a note's first line) and reads as written.
 */
export async function addTimelineEntry(
  tx: Tx,
  contactId: number,
  entry: {
    kind: TimelineKind;
    title: StoredMessage | string;
    body?: string | null;
    occurredAt?: Date;
    metadata?: Record<string, unknown>;
    createdBy?: number | null;
  },
): Promise<TimelineEntry> {
  return store.insertTimelineRow(tx, {
    contactId,
    kind: entry.kind,
    ...timelineTitle(entry.title, entry.metadata),
    body: entry.body ?? null,
    occurredAt: entry.occurredAt ?? new Date(),
    createdBy: entry.createdBy ?? null,
  });
}

/** Records that the contact was in touch at `at`; last_contacted_at only ever moves forward. */
export async function markContacted(tx: Tx, contactId: number, at: Date): Promise<void> {
  await store.advanceLastContacted(tx, contactId, at);
}

// ---- identity upsert (email capture, phone sync, import, manual) ----

export interface ContactIdentityInput {
  email?: string | null;
  phone?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  source?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  contactType?: ContactType | null;
  status?: ContactStatus | null;
}

export interface UpsertOptions {
  via: ContactVia;
  actorUserId?: number | null;
}

const fillableFields = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'company',
  'address',
  'city',
  'state',
  'zip',
  'contactType',
] as const;

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

function cleanIdentity(input: ContactIdentityInput) {
  const text = (v: string | null | undefined) => (isBlank(v) ? null : (v as string).trim());
  const email = text(input.email)?.toLowerCase() ?? null;
  if (email && !/^[^\s@]+@[^\s@]+$/.test(email))
    throw AppError.badRequest('email', serverMessage('contacts.invalidEmail'));
  let phone: string | null = null;
  if (!isBlank(input.phone)) {
    phone = normalizePhone(input.phone as string);
    if (!phone) throw AppError.badRequest('phone', serverMessage('contacts.invalidPhone'));
  }
  const hasCoordinates = typeof input.latitude === 'number' && typeof input.longitude === 'number';
  return {
    firstName: text(input.firstName),
    lastName: text(input.lastName),
    email,
    phone,
    company: text(input.company),
    source: text(input.source),
    address: text(input.address),
    city: text(input.city),
    state: text(input.state),
    zip: text(input.zip),
    latitude: hasCoordinates ? (input.latitude as number) : null,
    longitude: hasCoordinates ? (input.longitude as number) : null,
    contactType: input.contactType ?? null,
    status: input.status ?? null,
  };
}

/**
 * The one way a contact enters the CRM from a person or a machine: finds the workspace's contact
 * with this email (case-insensitive), else this phone (E.164), and fills its empty fields; only
 * when neither exists does it create one (plan limit checked, timeline entry and `contact_added`
 * activity recorded). A filled field is never overwritten, so capture never loses what a person typed.
 */
export async function upsertContactByIdentity(
  tx: Tx,
  input: ContactIdentityInput,
  options: UpsertOptions,
): Promise<{ contact: Contact; created: boolean }> {
  const clean = cleanIdentity(input);
  // Two passes at most: if a concurrent writer creates the same identity between our look-up
  // and our insert, the insert does nothing and the second pass finds their contact.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const existing = await findByIdentity(tx, clean.email, clean.phone);
    if (existing) {
      return { contact: await fillEmptyFields(tx, existing, clean, options), created: false };
    }
    await assertContactCapacity(tx, 1);
    const companyId = clean.company ? (await store.findOrCreateCompany(tx, clean.company)).id : null;
    const place = clean.latitude !== null ? null : await placeAddress(clean);
    const inserted = await store.insertContactRow(tx, {
      firstName: clean.firstName ?? '',
      lastName: clean.lastName ?? '',
      email: clean.email,
      phone: clean.phone,
      company: clean.company,
      companyId,
      source: clean.source ?? unknownSource,
      status: clean.status ?? 'lead',
      address: clean.address,
      city: clean.city,
      state: clean.state,
      zip: clean.zip,
      latitude: clean.latitude ?? place?.latitude ?? null,
      longitude: clean.longitude ?? place?.longitude ?? null,
      contactType: clean.contactType,
      ownerId: options.actorUserId ?? null,
    });
    if (inserted) {
      await recordCreation(tx, inserted, options);
      return { contact: inserted, created: true };
    }
  }
  throw new AppError('conflict', serverMessage('contacts.savedElsewhere'));
}

/**
 * Creates the contact only when no contact has this email (then this phone) yet; a known person is
 * left exactly as they are. For sources that add people but must not edit them (an app's user list).
 */
export async function addContactUnlessKnown(
  tx: Tx,
  input: ContactIdentityInput,
  options: UpsertOptions,
): Promise<{ contact: Contact; created: boolean }> {
  const clean = cleanIdentity(input);
  const existing = await findByIdentity(tx, clean.email, clean.phone);
  if (existing) return { contact: existing, created: false };
  return upsertContactByIdentity(tx, input, options);
}

/**
 * Gives contacts whose source is still 'Unknown' the source their email's domain points to
 * (e.g. an app's or website's domain); answers how many changed.
 */
export async function tagUnknownSourcesByEmailDomain(
  tx: Tx,
  evidence: { domain: string; source: string }[],
): Promise<number> {
  if (evidence.length === 0) return 0;
  return store.setSourceOfUnknownByEmailDomain(tx, evidence);
}

/** Standardises sources that mean the same one (case, a domain, a former name); answers how many changed. */
export async function standardizeSources(
  tx: Tx,
  aliases: { alias: string; source: string }[],
): Promise<number> {
  if (aliases.length === 0) return 0;
  return store.renameSources(tx, aliases);
}

/** Contacts and their value per source, for the named sources, largest first. */
export function sourceTotals(tx: Tx, sources: string[]) {
  return store.sourceTotals(tx, sources);
}

export interface SourceContacts {
  contacts: {
    id: number;
    firstName: string;
    lastName: string;
    email: string | null;
    status: ContactStatus;
  }[];
  total: number;
}

/** The newest `perSource` contacts of each source, with the source's total (sources without contacts included). */
export async function contactsBySource(
  tx: Tx,
  sources: string[],
  perSource: number,
): Promise<Record<string, SourceContacts>> {
  return store.contactsBySource(tx, sources, perSource);
}

async function findByIdentity(tx: Tx, email: string | null, phone: string | null) {
  if (email) {
    const byEmail = await store.findContactByEmail(tx, email);
    if (byEmail) return byEmail;
  }
  if (phone) return store.findContactByPhone(tx, phone);
  return undefined;
}

async function recordCreation(tx: Tx, contact: Contact, options: UpsertOptions): Promise<void> {
  await addTimelineEntry(tx, contact.id, {
    kind: options.via === 'import' ? 'import' : 'created',
    title: serverMessage('timeline.contactCreated', { via: options.via }),
    metadata: { via: options.via, source: contact.source },
    createdBy: options.actorUserId ?? null,
  });
  await recordActivity(
    tx,
    'contact_added',
    serverMessage('activity.contactAdded', { via: options.via, name: contactDisplayName(contact) }),
  );
  await emitContactEvent(tx, { type: 'contact.created', contactId: contact.id });
}

async function fillEmptyFields(
  tx: Tx,
  existing: Contact,
  clean: ReturnType<typeof cleanIdentity>,
  options: UpsertOptions,
): Promise<Contact> {
  const patch: store.ContactPatch = {};
  for (const field of fillableFields) {
    if (isBlank(existing[field]) && !isBlank(clean[field])) Object.assign(patch, { [field]: clean[field] });
  }
  // A phone or email that already belongs to another contact stays there: identities never move silently.
  if (patch.phone && (await store.findContactByPhone(tx, patch.phone, existing.id))) delete patch.phone;
  if (patch.email && (await store.findContactByEmail(tx, patch.email, existing.id))) delete patch.email;
  if (existing.source === unknownSource && clean.source) patch.source = clean.source;
  if (existing.latitude === null) {
    // Coordinates given win; else the address the contact has once filled in is placed.
    const place =
      clean.latitude !== null
        ? { latitude: clean.latitude, longitude: clean.longitude }
        : await placeAddress({
            zip: patch.zip ?? existing.zip,
            city: patch.city ?? existing.city,
            state: patch.state ?? existing.state,
          });
    if (place) {
      patch.latitude = place.latitude;
      patch.longitude = place.longitude;
    }
  }
  if (patch.company) patch.companyId = (await store.findOrCreateCompany(tx, patch.company)).id;
  const changed = Object.keys(patch).filter((k) => k !== 'companyId' && k !== 'longitude');
  if (changed.length === 0) return existing;
  const updated = await store.updateContactRow(tx, existing.id, patch);
  if (!updated) throw new AppError('not_found', serverMessage('contacts.notFound'));
  await addTimelineEntry(tx, existing.id, {
    kind: 'updated',
    title: serverMessage('timeline.contactDetailsAdded', { via: options.via, fields: fieldList(changed) }),
    metadata: { via: options.via, fields: changed },
    createdBy: options.actorUserId ?? null,
  });
  return updated;
}

const fieldList = (fields: string[]) => fields.map((f) => contactFieldLabels[f] ?? f).join(', ');

// ---- sources ----

/**
 * A contact's source is one of the workspace's websites or ecosystem apps (matched case-insensitively,
 * stored in its own spelling) or 'Unknown'.
 */
export async function resolveSource(tx: Tx, source: string): Promise<string> {
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

/** Applies the fields present in `input`; null or '' clears an optional field. */
export async function updateContact(
  tx: Tx,
  id: number,
  input: ContactFields,
  actorUserId: number | null,
): Promise<Contact> {
  const existing = await store.lockContactRow(tx, id);
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

export const timelineLimit = 50;

export async function getContactDetail(tx: Tx, id: number) {
  const contact = await store.findContactRow(tx, id);
  if (!contact) throw new AppError('not_found', serverMessage('contacts.notFound'));
  // One after the other: a transaction is one connection, which runs one statement at a time.
  const company = contact.companyId ? await store.findCompanyRow(tx, contact.companyId) : undefined;
  const timeline = await store.listTimelineRows(tx, id, timelineLimit);
  return { contact, company: company ?? null, timeline };
}

/** A contact of the workspace, for other features that link to one (deals). */
/** The lower-cased emails, among `emails`, of contacts who are customers. */
export async function findCustomerEmails(tx: Tx, emails: string[]): Promise<Set<string>> {
  return new Set(await store.findCustomerEmails(tx, emails));
}

/** The id of the workspace's contact with this email (any case), for features that name contacts by email. */
export async function findContactIdByEmail(tx: Tx, email: string): Promise<number | null> {
  return (await store.findContactByEmail(tx, email))?.id ?? null;
}

export async function findContact(tx: Tx, id: number): Promise<Contact | undefined> {
  return store.findContactRow(tx, id);
}

export async function findCompany(tx: Tx, id: number) {
  return store.findCompanyRow(tx, id);
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
export function encodeCursor(value: string, id: number): string {
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
export const countCap = 1_000;

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

export async function summarizeContactStats(tx: Tx) {
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

export async function listCompanies(tx: Tx, query: { q?: string; limit: number }) {
  return store.listCompanyRows(tx, { q: query.q?.trim() || undefined, limit: query.limit });
}
