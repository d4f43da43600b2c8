import { AppError } from '@domain/app-error';
import {
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
import { holdWrite, type Tx } from '../../db/database.js';
import { emitContactEvent } from '../../events/contact-events.js';
import { recordActivity } from '../activities/index.js';
import { placeAddress } from './placing.js';
import type { Contact } from './read-model.js';
import * as store from './store.js';

/*
 * The contacts ingestion port: a person who reaches the workspace (import, email, phone sync, an app's
 * data, the contact form) comes in or is touched through these functions, so identity, duplicates,
 * timelines and contact events see all of it (DESIGN §3, "One customer record").
 */

/** Geocoding of imported addresses, for the imports area's merge step (one geocoder call per distinct address). */
export { placeAddresses } from './placing.js';

export type TimelineEntry = store.TimelineRow;

// ---- capacity (plan limits, spec 000 §9) ----

const numberFormat = new Intl.NumberFormat('en-US');

/** Within this many of the limit, creators take the capacity lock at once and count exactly. */
const nearLimit = 100;

const knownPlan = (planId: string | undefined): planId is PlanId =>
  planId !== undefined && planIds.includes(planId as PlanId);

/** Each plan's contact limit (null: none), for the database to pick the workspace's. */
const contactLimits = Object.fromEntries(planIds.map((id) => [id, planById(id).limits.contacts]));

/**
 * Throws when adding `adding` contacts would take the workspace past its plan's contact limit
 * (Starter 1,000, Professional 10,000, Enterprise unlimited). Concurrent creators cannot overshoot
 * together: the commit checks again under the workspace's capacity lock (migration 1331), and near the
 * limit that lock is taken here, so the last free places are refused with this message.
 */
export async function assertContactCapacity(tx: Tx, adding: number): Promise<void> {
  if (adding <= 0) {
    if (!knownPlan(await store.readWorkspacePlan(tx)))
      throw new AppError('not_found', serverMessage('auth.workspaceNotFound'));
    return;
  }
  // The plan, its limit set for the commit-time check and the count, in one round trip (every lead
  // form submission passes here).
  const read = await store.contactTotalUnderPlanLimit(tx, contactLimits);
  const planId = read?.plan;
  if (!knownPlan(planId)) throw new AppError('not_found', serverMessage('auth.workspaceNotFound'));
  const plan = planById(planId);
  const limit = plan.limits.contacts;
  if (limit === null) return;
  let total = read?.total ?? 0;
  if (total + adding + nearLimit > limit) total = await store.lockContactCapacity(tx);
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

// ---- timeline ----

/**
 * A line on the contact's timeline. A catalogued title (`serverMessage('timeline.…', values)`) is stored
 * as its English text with its id and values in `metadata.message`, so each reader reads it in their
 * language; a plain string is what someone wrote (a note's first line) and reads as written.
 */
export async function addTimelineEntry(
  tx: Tx,
  contactId: number,
  entry: NewTimelineEntry,
): Promise<TimelineEntry> {
  return store.insertTimelineRow(tx, timelineRow(contactId, entry));
}

interface NewTimelineEntry {
  kind: TimelineKind;
  title: StoredMessage | string;
  body?: string | null;
  occurredAt?: Date;
  metadata?: Record<string, unknown>;
  createdBy?: number | null;
}

const timelineRow = (contactId: number, entry: NewTimelineEntry) => ({
  contactId,
  kind: entry.kind,
  ...timelineTitle(entry.title, entry.metadata),
  body: entry.body ?? null,
  occurredAt: entry.occurredAt ?? new Date(),
  createdBy: entry.createdBy ?? null,
});

/** A line on the timeline when nobody needs it back: held for the commit if the transaction holds its writes. */
export async function noteOnTimeline(tx: Tx, contactId: number, entry: NewTimelineEntry): Promise<void> {
  const row = timelineRow(contactId, entry);
  if (!holdWrite(tx, store.insertTimelineRows, row)) await store.insertTimelineRows(tx, [row]);
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
  /** Custom properties (name -> text), filled like the other fields: an empty one is filled, a set one kept. */
  properties?: Record<string, string> | null;
}

export interface UpsertOptions {
  via: ContactVia;
  actorUserId?: number | null;
  /**
   * The person got in touch at this time (a form sent): their last contact, written with the new
   * contact's insert, else advanced on the known one (as `markContacted`, without its own statement).
   */
  contactedAt?: Date;
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
  const properties = Object.fromEntries(
    Object.entries(input.properties ?? {})
      .map(([name, value]) => [name.trim(), value.trim()])
      .filter(([name, value]) => name !== '' && value !== ''),
  );
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
    properties,
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
      const contact = await fillEmptyFields(tx, existing, clean, options);
      if (options.contactedAt) await store.advanceLastContacted(tx, contact.id, options.contactedAt);
      return { contact, created: false };
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
      properties: clean.properties,
      ownerId: options.actorUserId ?? null,
      lastContactedAt: options.contactedAt ?? null,
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

async function findByIdentity(tx: Tx, email: string | null, phone: string | null) {
  if (email) {
    const byEmail = await store.findContactByEmail(tx, email);
    if (byEmail) return byEmail;
  }
  if (phone) return store.findContactByPhone(tx, phone);
  return undefined;
}

async function recordCreation(tx: Tx, contact: Contact, options: UpsertOptions): Promise<void> {
  await noteOnTimeline(tx, contact.id, {
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
  const newProperties = Object.keys(clean.properties).filter((name) => isBlank(existing.properties[name]));
  if (newProperties.length > 0) {
    patch.properties = { ...existing.properties };
    for (const name of newProperties) patch.properties[name] = clean.properties[name];
  }
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
  const changed = [
    ...Object.keys(patch).filter((k) => k !== 'companyId' && k !== 'longitude' && k !== 'properties'),
    ...newProperties,
  ];
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

/** Changed fields as their labels, for timeline titles. */
export const fieldList = (fields: string[]) => fields.map((f) => contactFieldLabels[f] ?? f).join(', ');
