import { type AnalyticsRange, rangeDays } from '@domain/analytics/analytics-schemas';
import { AppError } from '@domain/app-error';
import { unknownSource } from '@domain/contacts/contact-schemas';
import { contactDisplayName } from '@domain/contacts/names';
import { normalizePhone } from '@domain/contacts/phone';
import {
  conversionRate,
  type FormCreateInput,
  type FormDetail,
  type FormField,
  type FormFigures,
  type FormSubmission,
  type FormSubmitInput,
  type FormSummary,
  type FormsReport,
  type FormUpdateInput,
  formCreateSchema,
  formUpdateSchema,
} from '@domain/forms/form-schemas';
import type { LandingAbTest } from '@domain/forms/landing-ab-test';
import { serverMessage } from '@domain/messages';
import { z } from 'zod';
import type { Tx } from '../../db/database.js';
import type { StoredAnswer } from '../../db/schema/forms.js';
import { emitContactEvent } from '../../events/contact-events.js';
import {
  type ContactIdentityInput,
  findContact,
  noteOnTimeline,
  upsertContactByIdentity,
} from '../contacts/index.js';
import { findWebsiteRow, listWebsiteRows } from '../websites/index.js';
import { embedSnippet } from './embed-script.js';
import { landingAbTestOf } from './landing-ab-test.js';
import * as store from './store.js';

// ---- figures ----

const noFigures: store.FigureRow = {
  form_id: 0,
  views: 0,
  submissions: 0,
  honeypot: 0,
  too_fast: 0,
  rate_limited: 0,
  invalid: 0,
};

function toFigures(row: store.FigureRow | undefined): FormFigures {
  const r = row ?? noFigures;
  return {
    views: r.views,
    submissions: r.submissions,
    conversionRate: conversionRate(r.submissions, r.views),
    refused: { honeypot: r.honeypot, tooFast: r.too_fast, rateLimited: r.rate_limited, invalid: r.invalid },
  };
}

async function figuresOf(tx: Tx, from: string | null, to: string | null) {
  return new Map((await store.figuresByForm(tx, from, to)).map((r) => [r.form_id, r]));
}

// ---- the builder's side ----

/** Where visitors reach this server (PUBLIC_URL, else the address the request came to). */
export type PublicOrigin = string;

export const hostedPath = (key: string) => `/f/${key}`;

function toDetail(
  row: store.FormRow,
  figures: FormFigures,
  origin: PublicOrigin,
  abTest: LandingAbTest | null,
): FormDetail {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    locale: row.locale,
    websiteId: row.websiteId,
    fields: row.fields,
    consent: row.consent ?? null,
    texts: row.texts,
    redirectUrl: row.redirectUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    hostedUrl: `${origin}${hostedPath(row.key)}`,
    embedSnippet: embedSnippet(origin, row.key),
    figures,
    abTest,
  };
}

async function requireForm(tx: Tx, id: number): Promise<store.FormRow> {
  const row = await store.findFormRow(tx, id);
  if (!row) throw new AppError('not_found', serverMessage('forms.notFound'));
  return row;
}

export async function listForms(tx: Tx): Promise<FormSummary[]> {
  const figures = await figuresOf(tx, null, null);
  return (await store.listFormRows(tx)).map((row) => ({
    id: row.id,
    key: row.key,
    name: row.name,
    locale: row.locale,
    fieldCount: row.fields.length,
    figures: toFigures(figures.get(row.id)),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function getForm(tx: Tx, id: number, origin: PublicOrigin): Promise<FormDetail> {
  const row = await requireForm(tx, id);
  return toDetail(
    row,
    toFigures((await figuresOf(tx, null, null)).get(id)),
    origin,
    await landingAbTestOf(tx, id),
  );
}

async function checkWebsite(tx: Tx, websiteId: number | null | undefined): Promise<void> {
  if (websiteId !== null && websiteId !== undefined && !(await findWebsiteRow(tx, websiteId)))
    throw AppError.badRequest('websiteId', serverMessage('websites.notFound'));
}

export async function createForm(tx: Tx, input: FormCreateInput, origin: PublicOrigin): Promise<FormDetail> {
  const form = formCreateSchema.parse(input);
  await checkWebsite(tx, form.websiteId);
  const row = await store.insertFormRow(tx, form);
  return toDetail(row, toFigures(undefined), origin, null);
}

export async function updateForm(
  tx: Tx,
  id: number,
  input: FormUpdateInput,
  origin: PublicOrigin,
): Promise<FormDetail> {
  const patch = formUpdateSchema.parse(input);
  await requireForm(tx, id);
  await checkWebsite(tx, patch.websiteId);
  const row = Object.keys(patch).length > 0 ? await store.updateFormRow(tx, id, patch) : undefined;
  return getForm(tx, (row ?? { id }).id, origin);
}

export async function deleteForm(tx: Tx, id: number): Promise<void> {
  if (!(await store.deleteFormRow(tx, id))) throw new AppError('not_found', serverMessage('forms.notFound'));
}

export async function listSubmissions(tx: Tx, id: number, limit: number): Promise<FormSubmission[]> {
  await requireForm(tx, id);
  const rows = await store.listSubmissionRows(tx, id, limit);
  const names = new Map<number, string>();
  for (const contactId of new Set(rows.map((r) => r.contactId).filter((c) => c !== null))) {
    const contact = await findContact(tx, contactId);
    if (contact) names.set(contactId, contactDisplayName(contact));
  }
  return rows.map((row) => ({
    id: row.id,
    contactId: row.contactId,
    contactName: row.contactId === null ? null : (names.get(row.contactId) ?? null),
    answers: row.answers,
    consent: row.consentText === null ? null : { text: row.consentText, given: row.consentGiven ?? false },
    page: row.pageUrl,
    submittedAt: row.submittedAt.toISOString(),
  }));
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The analytics tab's card: each form's figures over the range's UTC days ending today. */
export async function formsReport(tx: Tx, range: AnalyticsRange, at: Date): Promise<FormsReport> {
  const to = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
  const from = new Date(to.getTime() - rangeDays[range] * 86_400_000);
  const figures = await figuresOf(tx, dayOf(from), dayOf(to));
  const total = { ...noFigures };
  for (const row of figures.values()) {
    for (const key of ['views', 'submissions', 'honeypot', 'too_fast', 'rate_limited', 'invalid'] as const)
      total[key] += row[key];
  }
  return {
    from: dayOf(from),
    to: dayOf(new Date(to.getTime() - 86_400_000)),
    totals: toFigures(total),
    forms: (await store.listFormRows(tx)).map((row) => ({
      id: row.id,
      name: row.name,
      figures: toFigures(figures.get(row.id)),
    })),
  };
}

// ---- a submission ----

const emailSchema = z.email().max(254);

/** Longest answer each contact field takes (the contact form's limits). */
const contactFieldMax: Partial<Record<FormField['target'], number>> = {
  firstName: 80,
  lastName: 80,
  company: 160,
  address: 200,
  city: 100,
  state: 100,
  zip: 20,
};

export interface CheckedAnswers {
  answers: StoredAnswer[];
  identity: ContactIdentityInput;
  consent: { text: string; given: boolean } | null;
}

/**
 * The submission's answers against the form: each unknown key, missing required answer, malformed email
 * or phone, or choice not offered is a 400 naming its field (`answers.<key>`, or `consent`), before
 * anything is written.
 */
export function checkAnswers(form: store.FormRow, input: FormSubmitInput): CheckedAnswers {
  const fields = new Map(form.fields.map((f) => [f.key, f]));
  for (const key of Object.keys(input.answers)) {
    if (!fields.has(key)) throw AppError.badRequest(`answers.${key}`, serverMessage('forms.unknownField'));
  }
  const answers: StoredAnswer[] = [];
  const properties: Record<string, string> = {};
  const identity: ContactIdentityInput = { properties };
  for (const field of form.fields) {
    const at = `answers.${field.key}`;
    const raw = input.answers[field.key];
    if (field.type === 'checkbox') {
      if (raw !== undefined && typeof raw !== 'boolean')
        throw AppError.badRequest(at, serverMessage('forms.answerInvalid'));
      if (field.required && raw !== true)
        throw AppError.badRequest(at, serverMessage('forms.answerRequired'));
      if (raw === undefined) continue;
      const value = raw ? 'yes' : 'no';
      answers.push({ key: field.key, label: field.label, value });
      if (field.target === 'property' && field.property) properties[field.property] = value;
      continue;
    }
    if (raw !== undefined && typeof raw !== 'string')
      throw AppError.badRequest(at, serverMessage('forms.answerInvalid'));
    const value = (raw ?? '').trim();
    if (value === '') {
      if (field.required) throw AppError.badRequest(at, serverMessage('forms.answerRequired'));
      continue;
    }
    let filled = value;
    if (field.type === 'email') {
      if (!emailSchema.safeParse(value).success)
        throw AppError.badRequest(at, serverMessage('forms.answerInvalid'));
    } else if (field.type === 'tel') {
      const e164 = normalizePhone(value);
      if (!e164) throw AppError.badRequest(at, serverMessage('forms.answerInvalid'));
      filled = e164;
    } else if (field.type === 'select' && !field.options?.includes(value)) {
      throw AppError.badRequest(at, serverMessage('forms.answerNotAnOption'));
    }
    const max = contactFieldMax[field.target];
    if (max !== undefined && value.length > max)
      throw AppError.badRequest(at, serverMessage('forms.answerInvalid'));
    answers.push({ key: field.key, label: field.label, value });
    if (field.target === 'property' && field.property) properties[field.property] = value;
    else if (field.target !== 'none' && field.target !== 'property') identity[field.target] = filled;
  }
  let consent: CheckedAnswers['consent'] = null;
  if (form.consent) {
    consent = { text: form.consent.text, given: input.consent === true };
    if (form.consent.required && !consent.given)
      throw AppError.badRequest('consent', serverMessage('forms.consentRequired'));
  }
  return { answers, identity, consent };
}

export interface SubmissionPlace {
  /** The workspace website the form was sent from (its origin), or null on the hosted page. */
  websiteId: number | null;
  page: string | null;
  at: Date;
  /** The hosted page's A/B variant the visitor was shown, if any. */
  ab?: { testId: number; variant: number } | null;
}

/** The workspace's website whose domain the host is or is under, if any. */
export async function websiteOfHost(tx: Tx, host: string) {
  const sites = await listWebsiteRows(tx);
  return sites.find((site) => host === site.domain || host.endsWith(`.${site.domain}`)) ?? null;
}

/** Text of the timeline entry: one line per answer, then the consent box as it was (✓ ticked, ✗ not). */
function answersText(checked: CheckedAnswers): string {
  const lines = checked.answers.map((a) => `${a.label}: ${a.value}`);
  if (checked.consent) lines.push(`${checked.consent.given ? '☑' : '☐'} ${checked.consent.text}`);
  return lines.join('\n');
}

/**
 * Records checked answers: the contact found or created through the ingestion port (its source: the site
 * the form was sent from, else the form's website), the submission with its consent text, a timeline
 * entry with the answers, and the contact event that starts 'form submitted' workflows — one transaction.
 */
export async function recordSubmission(
  tx: Tx,
  form: store.FormRow,
  checked: CheckedAnswers,
  place: SubmissionPlace,
): Promise<{ submissionId: number; contactId: number }> {
  const websiteId = place.websiteId ?? form.websiteId;
  const website = websiteId === null ? null : await findWebsiteRow(tx, websiteId);
  const { contact } = await upsertContactByIdentity(
    tx,
    { ...checked.identity, source: website?.name ?? unknownSource },
    { via: 'form', contactedAt: place.at },
  );
  const submission = await store.insertSubmissionRow(tx, {
    formId: form.id,
    contactId: contact.id,
    answers: checked.answers,
    consentText: checked.consent?.text ?? null,
    consentGiven: checked.consent?.given ?? null,
    websiteId: place.websiteId,
    pageUrl: place.page,
    submittedAt: place.at,
    abTestId: place.ab?.testId ?? null,
    abVariant: place.ab?.variant ?? null,
  });
  await noteOnTimeline(tx, contact.id, {
    kind: 'form',
    title: serverMessage('timeline.formSubmitted', { form: form.name }),
    body: answersText(checked),
    occurredAt: place.at,
    metadata: {
      formId: form.id,
      submissionId: submission.id,
      answers: checked.answers,
      consent: checked.consent,
      websiteId: place.websiteId,
      page: place.page,
    },
  });
  await emitContactEvent(tx, {
    type: 'contact.form_submitted',
    contactId: contact.id,
    formId: form.id,
    submissionId: submission.id,
  });
  return { submissionId: submission.id, contactId: contact.id };
}
