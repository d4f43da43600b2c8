import { type ContactStatus, contactStatuses, parseDollarsToCents } from '@domain/contacts/contact-schemas';
import { splitFullName } from '@domain/contacts/names';
import { normalizePhone } from '@domain/contacts/phone';
import { type DealStage, dealStageLabels, dealStages } from '@domain/deals/deal-schemas';
import { z } from 'zod';
import { restoreNeutralised } from '../../http/csv-download.js';
import type { ColumnMapping } from './header-mapping.js';

/** One CSV row as a contact; null means "the file says nothing" (it never clears a stored value). */
export interface ImportContact {
  email: string | null;
  phone: string | null;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  source: string | null;
  status: ContactStatus | null;
  valueCents: number | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  notes: string | null;
  /** From the deal columns: a deal for this contact. */
  deal: { name: string; valueCents: number; stage: DealStage } | null;
}

export type RowResult = { ok: true; contact: ImportContact } | { ok: false; reason: string };

// The same limits as the contact form (src/domain/contacts/contact-schemas.ts), checked without zod
// per row because a million rows must not pay for a schema parse each.
const maxLength = {
  firstName: ['First name', 80],
  lastName: ['Last name', 80],
  company: ['Company', 160],
  source: ['Source', 120],
  address: ['Address', 200],
  city: ['City', 100],
  state: ['State', 100],
  zip: ['ZIP', 20],
  notes: ['Notes', 5000],
} as const;
const maxValueCents = 100_000_000_000;
const statusSet = new Set<string>(contactStatuses);
// A stage by its name or its label, any case ('negotiation', 'Won').
const stageByName = new Map<string, DealStage>(
  dealStages.flatMap((stage) => [
    [stage, stage],
    [dealStageLabels[stage].toLowerCase(), stage],
  ]),
);

/**
 * U+FFFD is what a decoder leaves where bytes were not text in the file's encoding (a UTF-8 file
 * with a stretch saved in another encoding, a cut UTF-16 character, a byte Windows-1252 leaves
 * undefined). Stored, it would silently corrupt a name for good, so the row fails instead.
 */
const undecodable =
  "Has bytes that are not valid text in the file's encoding; save the file as UTF-8 and import this row again";

export function validateRow(fields: readonly string[], mapping: ColumnMapping): RowResult {
  if (fields.some((f) => f.includes('\uFFFD'))) return { ok: false, reason: undecodable };
  const { columns } = mapping;
  const text = (index: number | undefined): string | null => {
    if (index === undefined) return null;
    const value = restoreNeutralised(fields[index]?.trim() ?? '').trim();
    return value ? value : null;
  };
  const problems: string[] = [];

  let email = text(columns.email)?.toLowerCase() ?? null;
  if (email !== null && (email.length > 254 || !z.regexes.email.test(email))) {
    problems.push(`Email "${email}" is not a valid email address`);
    email = null;
  }

  const rawPhone = text(columns.phone);
  let phone: string | null = null;
  if (rawPhone !== null) {
    phone = rawPhone.length <= 40 ? normalizePhone(rawPhone) : null;
    if (phone === null) problems.push(`Phone "${rawPhone}" is not a valid phone number`);
  }

  let firstName = text(columns.firstName);
  let lastName = text(columns.lastName);
  const fullName = text(columns.fullName);
  if (fullName !== null && firstName === null && lastName === null) {
    const split = splitFullName(fullName);
    firstName = split.firstName || null;
    lastName = split.lastName || null;
  }

  const rawStatus = text(columns.status);
  let status: ContactStatus | null = null;
  if (rawStatus !== null) {
    const lower = rawStatus.toLowerCase();
    if (statusSet.has(lower)) status = lower as ContactStatus;
    else problems.push(`Status "${rawStatus}" must be lead, qualified, customer or lost`);
  }

  const rawValue = text(columns.value);
  let valueCents: number | null = null;
  if (rawValue !== null) {
    const cents = parseDollarsToCents(rawValue);
    if (cents === null) problems.push(`Value "${rawValue}" is not an amount in dollars`);
    else if (cents > maxValueCents) problems.push(`Value "${rawValue}" is too large`);
    else valueCents = cents === 0 ? null : cents;
  }

  const deal = dealOf(text(columns.dealName), text(columns.dealValue), text(columns.dealStage), problems);

  const contact: ImportContact = {
    email,
    phone,
    firstName,
    lastName,
    company: text(columns.company),
    source: text(columns.source),
    status,
    valueCents,
    address: text(columns.address),
    city: text(columns.city),
    state: text(columns.state),
    zip: text(columns.zip),
    notes: text(columns.notes),
    deal,
  };
  for (const [key, [label, max]] of Object.entries(maxLength) as [
    keyof typeof maxLength,
    readonly [string, number],
  ][]) {
    const value = contact[key];
    if (value !== null && value.length > max) problems.push(`${label} must be at most ${max} characters`);
  }
  if (problems.length === 0 && email === null && phone === null) {
    problems.push(
      'Needs an email address or a phone number (they keep re-imports from duplicating contacts)',
    );
  }
  return problems.length > 0 ? { ok: false, reason: problems.join('; ') } : { ok: true, contact };
}

function dealOf(
  name: string | null,
  rawValue: string | null,
  rawStage: string | null,
  problems: string[],
): ImportContact['deal'] {
  if (name === null) {
    if (rawValue !== null || rawStage !== null) problems.push('A deal value or stage needs a deal name');
    return null;
  }
  if (name.length > 200) problems.push('Deal name must be at most 200 characters');
  const valueCents = rawValue === null ? 0 : parseDollarsToCents(rawValue);
  if (valueCents === null || valueCents > maxValueCents)
    problems.push(`Deal value "${rawValue}" is not an amount in dollars`);
  const stage = rawStage === null ? 'leads' : stageByName.get(rawStage.toLowerCase());
  if (!stage)
    problems.push(`Deal stage "${rawStage}" must be leads, qualified, proposal, negotiation, won or lost`);
  return stage && valueCents !== null ? { name, valueCents, stage } : null;
}

/** A later row about the same person fills what the earlier one left blank; it never overwrites. */
export function fillBlanks(target: ImportContact, later: ImportContact): void {
  for (const key of Object.keys(target) as (keyof ImportContact)[]) {
    if (target[key] === null && later[key] !== null)
      (target as unknown as Record<string, unknown>)[key] = later[key];
  }
}
