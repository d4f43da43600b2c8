import { z } from 'zod';
import { validationMessage } from '../validation-messages.js';
import {
  contactSortKeys,
  contactStatuses,
  contactsPageSize,
  contactTypes,
  timelineKinds,
} from './contact-values.js';
import { normalizePhone } from './phone.js';

export {
  type ContactSortKey,
  type ContactStatus,
  type ContactType,
  type ContactVia,
  contactFieldLabels,
  contactSortKeys,
  contactStatuses,
  contactsPageSize,
  contactTypeLabels,
  contactTypes,
  contactVias,
  type TimelineKind,
  timelineKinds,
  unknownSource,
} from './contact-values.js';

export const contactStatusSchema = z.enum(
  contactStatuses,
  /*i18n*/ 'Status must be lead, qualified, customer or lost',
);

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** Optional free text: trimmed; '' and null clear the field. */
const optionalText = (max: number, label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(max, validationMessage(/*i18n*/ '{label} must be at most {max} characters', { label, max }))
      .nullish(),
  );

const nameField = (label: string) =>
  z
    .string()
    .trim()
    .max(80, validationMessage(/*i18n*/ '{label} must be at most {max} characters', { label, max: 80 }));

export const contactEmailSchema = z.preprocess(
  (v) => (typeof v === 'string' ? blankToNull(v.trim().toLowerCase()) : v),
  z.email(/*i18n*/ 'Enter a valid email address').max(254, /*i18n*/ 'Email is too long').nullish(),
);

export const contactPhoneSchema = z.preprocess(
  blankToNull,
  z
    .string()
    .max(40, /*i18n*/ 'Enter a valid phone number')
    .transform((raw, ctx) => {
      const e164 = normalizePhone(raw);
      if (!e164) {
        ctx.addIssue({ code: 'custom', message: /*i18n*/ 'Enter a valid phone number' });
        return z.NEVER;
      }
      return e164;
    })
    .nullish(),
);

/**
 * Fields of a contact a person (or a client) may set. Every field is optional so the same shape
 * serves create and update; `null` or '' clears an optional field on update.
 */
export const contactFieldsSchema = z.object({
  firstName: nameField(/*i18n*/ 'First name').optional(),
  lastName: nameField(/*i18n*/ 'Last name').optional(),
  email: contactEmailSchema,
  phone: contactPhoneSchema,
  company: optionalText(160, /*i18n*/ 'Company'),
  source: z
    .string()
    .trim()
    .min(1, /*i18n*/ 'Source is required')
    .max(120, /*i18n*/ 'Source is too long')
    .optional(),
  status: contactStatusSchema.optional(),
  valueCents: z
    .number(/*i18n*/ 'Value must be a number')
    .int(/*i18n*/ 'Value must be whole cents')
    .min(0, /*i18n*/ 'Value cannot be negative')
    .max(100_000_000_000, /*i18n*/ 'Value is too large')
    .optional(),
  lastContactedAt: z.iso
    .datetime({ offset: true, message: /*i18n*/ 'Enter a valid date and time' })
    .nullish(),
  address: optionalText(200, /*i18n*/ 'Address'),
  city: optionalText(100, /*i18n*/ 'City'),
  state: optionalText(100, /*i18n*/ 'State'),
  zip: optionalText(20, /*i18n*/ 'ZIP'),
  latitude: z.number(/*i18n*/ 'Latitude must be a number').min(-90).max(90).nullish(),
  longitude: z.number(/*i18n*/ 'Longitude must be a number').min(-180).max(180).nullish(),
  contactType: z.preprocess(blankToNull, z.enum(contactTypes, /*i18n*/ 'Choose a contact type').nullish()),
  tags: z
    .array(z.string().trim().min(1).max(40, /*i18n*/ 'Tags must be at most 40 characters'))
    .max(20, /*i18n*/ 'At most 20 tags')
    .optional(),
  notes: optionalText(5000, /*i18n*/ 'Notes'),
});
export type ContactFields = z.output<typeof contactFieldsSchema>;

const coordinatesTogether = (v: { latitude?: number | null; longitude?: number | null }) =>
  (v.latitude === undefined) === (v.longitude === undefined) &&
  (v.latitude === null) === (v.longitude === null);

const coordinatesIssue = {
  message: 'Latitude and longitude go together',
  path: ['longitude'],
};

const identifiable = (v: ContactFields) => Boolean(v.firstName || v.lastName || v.email || v.phone);

/** POST /api/contacts. `merge: true` folds the input into an existing contact with the same email or phone instead of answering 409. */
export const contactCreateSchema = contactFieldsSchema
  .extend({ merge: z.boolean().optional() })
  .refine(coordinatesTogether, coordinatesIssue)
  .refine(identifiable, {
    message: /*i18n*/ 'Enter a name, an email or a phone number',
    path: ['firstName'],
  });
export type ContactCreateInput = z.input<typeof contactCreateSchema>;

/** PATCH /api/contacts/:id: only the fields present change. */
export const contactUpdateSchema = contactFieldsSchema.refine(coordinatesTogether, coordinatesIssue);
export type ContactUpdateInput = z.input<typeof contactUpdateSchema>;

export const contactNoteSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, /*i18n*/ 'Write a note first')
    .max(5000, /*i18n*/ 'Notes must be at most 5000 characters'),
});

/** Dollars as typed in a form ("1,250.50", "$99") to integer cents, or null when it is not an amount. */
export function parseDollarsToCents(text: string): number | null {
  const clean = text.replace(/[$,\s]/g, '');
  if (clean === '') return 0;
  if (!/^\d+(\.\d{0,2})?$/.test(clean)) return null;
  return Math.round(Number.parseFloat(clean) * 100);
}

// ---- API answers (shared so the client reads the same shapes the server declares) ----

export const contactSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  companyId: z.number().nullable(),
  source: z.string(),
  status: z.enum(contactStatuses),
  valueCents: z.number(),
  lastContactedAt: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  contactType: z.enum(contactTypes).nullable(),
  tags: z.array(z.string()),
  notes: z.string().nullable(),
  ownerId: z.number().nullable(),
  /** Custom properties (name -> text), filled by lead forms. */
  properties: z.record(z.string(), z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

export const timelineEntrySchema = z.object({
  id: z.number(),
  contactId: z.number(),
  kind: z.enum(timelineKinds),
  title: z.string(),
  body: z.string().nullable(),
  occurredAt: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  createdBy: z.number().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const companySchema = z.object({ id: z.number(), name: z.string(), domain: z.string().nullable() });
export type Company = z.infer<typeof companySchema>;

/** GET /api/companies/:id: the company and its contacts (first 200 by name). */
export const companyDetailSchema = companySchema.extend({
  contacts: z.array(
    z.object({
      id: z.number(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string().nullable(),
      status: contactStatusSchema,
    }),
  ),
});
export type CompanyDetail = z.infer<typeof companyDetailSchema>;

export const contactDetailSchema = z.object({
  contact: contactSchema,
  company: companySchema.nullable(),
  timeline: z.array(timelineEntrySchema),
});
export type ContactDetail = z.infer<typeof contactDetailSchema>;

const stageSchema = z.object({ count: z.number(), valueCents: z.number() });
export const contactStatsSchema = z.object({
  total: z.number(),
  lead: z.number(),
  qualified: z.number(),
  customer: z.number(),
  lost: z.number(),
  qualifiedLeads: z.number(),
  pipeline: z.object({ lead: stageSchema, qualified: stageSchema, customer: stageSchema, lost: stageSchema }),
});
export type ContactStats = z.infer<typeof contactStatsSchema>;

export const contactCountSchema = z.object({ count: z.number(), isCapped: z.boolean() });
export type ContactCount = z.infer<typeof contactCountSchema>;

/** GET /api/contacts query: search, filters, sort and keyset cursor (from the X-Next-Cursor header). */
export const contactListQuerySchema = z.object({
  q: z.string().max(200, /*i18n*/ 'Search is too long').optional(),
  source: z.string().max(120).optional(),
  status: contactStatusSchema.optional(),
  sort: z
    .enum(contactSortKeys, /*i18n*/ 'Sort must be createdAt, name, value or lastContactedAt')
    .default('createdAt'),
  dir: z.enum(['asc', 'desc'], /*i18n*/ 'Direction must be asc or desc').optional(),
  cursor: z.string().max(600).optional(),
  limit: z.coerce.number(/*i18n*/ 'Limit must be a number').int().min(1).max(100).default(contactsPageSize),
});
export type ContactListQuery = z.input<typeof contactListQuerySchema>;

export const nextCursorHeader = 'x-next-cursor';
