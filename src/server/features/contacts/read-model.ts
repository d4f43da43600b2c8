import type { ContactStatus } from '@domain/contacts/contact-schemas';
import type { Tx } from '../../db/database.js';
import * as store from './store.js';

/*
 * The contacts read model: the counts, totals and look-ups other features read (dashboard, analytics,
 * catalogue, automation, deals, the ecosystem's data collection). Reads only; writes go through the
 * ingestion port or the contacts service.
 */

export type Contact = store.ContactRow;

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

/** The lower-cased emails, among `emails`, of contacts who are customers. */
export async function findCustomerEmails(tx: Tx, emails: string[]): Promise<Set<string>> {
  return new Set(await store.findCustomerEmails(tx, emails));
}

/** The id of the workspace's contact with this email (any case), for features that name contacts by email. */
export async function findContactIdByEmail(tx: Tx, email: string): Promise<number | null> {
  return (await store.findContactByEmail(tx, email))?.id ?? null;
}

/** A contact of the workspace, for other features that link to one (deals). */
export async function findContact(tx: Tx, id: number): Promise<Contact | undefined> {
  return store.findContactRow(tx, id);
}

export async function findCompany(tx: Tx, id: number) {
  return store.findCompanyRow(tx, id);
}
