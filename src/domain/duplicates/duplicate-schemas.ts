import { z } from 'zod';
import { type Contact, contactSchema } from '../contacts/contact-schemas.js';
import { idParamSchema, idSchema } from '../ids.js';

/**
 * Why two contacts look like one person. Exact reasons come from normalised keys; fuzzy ones carry the
 * trigram similarity (0–1) of the names, and what put the pair in one block.
 */
export const duplicateReasonSchema = z.discriminatedUnion('kind', [
  /** Same address once case, a +tag and (for Gmail) dots are set aside. */
  z.object({ kind: z.literal('email'), value: z.string() }),
  /** Same phone number (E.164, or the same last ten digits under another country code). */
  z.object({ kind: z.literal('phone'), value: z.string() }),
  /** Names alike, both at the same company email domain. */
  z.object({ kind: z.literal('nameDomain'), similarity: z.number(), domain: z.string() }),
  /** Names alike (same surname sound and initial), companies alike. */
  z.object({ kind: z.literal('nameCompany'), similarity: z.number(), companySimilarity: z.number() }),
]);
export type DuplicateReason = z.infer<typeof duplicateReasonSchema>;

export const suggestionStatuses = ['open', 'dismissed'] as const;

export const duplicateSuggestionSchema = z.object({
  id: z.number(),
  score: z.number(),
  reasons: z.array(duplicateReasonSchema),
  status: z.enum(suggestionStatuses),
  /** The two contacts, older first. */
  contacts: z.array(contactSchema),
  createdAt: z.string(),
});
export type DuplicateSuggestion = z.infer<typeof duplicateSuggestionSchema>;

export const suggestionListQuerySchema = z.object({
  status: z.enum(suggestionStatuses).default('open'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const suggestionListSchema = z.object({
  suggestions: z.array(duplicateSuggestionSchema),
  total: z.number(),
});
export type SuggestionList = z.infer<typeof suggestionListSchema>;

export const scanStatuses = ['queued', 'running', 'done', 'failed'] as const;
export const duplicateScanSchema = z.object({
  id: z.number(),
  status: z.enum(scanStatuses),
  progress: z.number(),
  found: z.number(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type DuplicateScan = z.infer<typeof duplicateScanSchema>;
export const latestScanSchema = z.object({ scan: duplicateScanSchema.nullable() });

export const idParamsSchema = z.object({ id: idParamSchema });

/** The fields a merge chooses one contact's value for; tags and custom properties are joined instead. */
export const mergeFields = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'company',
  'source',
  'status',
  'valueCents',
  'address',
  'contactType',
  'notes',
  'ownerId',
] as const;
export type MergeField = (typeof mergeFields)[number];

const mergeFieldSchema = z.enum(mergeFields);

export const maxMergeContacts = 10;

/** POST /api/contacts/merge. */
export const mergeRequestSchema = z
  .object({
    contactIds: z
      .array(idSchema)
      .min(2, /*i18n*/ 'Choose at least two contacts')
      .max(maxMergeContacts, /*i18n*/ 'At most 10 contacts at once'),
    /** The contact that stays (its id is kept); default the oldest. */
    survivorId: idSchema.optional(),
    /** Per field, the contact whose value the survivor takes; default: non-empty wins, then the newest. */
    fields: z.partialRecord(mergeFieldSchema, idSchema).optional(),
  })
  .superRefine((input, ctx) => {
    const ids = new Set(input.contactIds);
    if (ids.size !== input.contactIds.length)
      ctx.addIssue({ code: 'custom', path: ['contactIds'], message: /*i18n*/ 'Each contact only once' });
    if (input.survivorId !== undefined && !ids.has(input.survivorId))
      ctx.addIssue({
        code: 'custom',
        path: ['survivorId'],
        message: /*i18n*/ 'Must be one of the contacts merged',
      });
    for (const [field, id] of Object.entries(input.fields ?? {}))
      if (!ids.has(id))
        ctx.addIssue({
          code: 'custom',
          path: ['fields', field],
          message: /*i18n*/ 'Must be one of the contacts merged',
        });
  });
export type MergeRequest = z.infer<typeof mergeRequestSchema>;

export const contactMergeSchema = z.object({
  id: z.number(),
  survivorId: z.number(),
  survivorName: z.string(),
  mergedIds: z.array(z.number()),
  mergedNames: z.array(z.string()),
  mergedBy: z.number().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  undoneAt: z.string().nullable(),
  /** Whether undo is still possible (not undone, not expired, not merged again since). */
  undoable: z.boolean(),
});
export type ContactMerge = z.infer<typeof contactMergeSchema>;

export const mergeResultSchema = z.object({ merge: contactMergeSchema, contact: contactSchema });
export type MergeResult = z.infer<typeof mergeResultSchema>;
export const mergeListSchema = z.object({ merges: z.array(contactMergeSchema) });

export const duplicateSettingsSchema = z.object({
  mergeHistoryDays: z
    .number(/*i18n*/ 'must be a number')
    .int(/*i18n*/ 'must be a whole number')
    .min(1, /*i18n*/ 'must be 1 or more')
    .max(365, /*i18n*/ 'must be at most 365'),
});
export type DuplicateSettings = z.infer<typeof duplicateSettingsSchema>;

// ---- the merge's defaults, one rule for both sides ----

type MergeSource = Pick<Contact, 'id' | 'updatedAt'> & Record<string, unknown>;

/** The contact columns behind each merge field (the address moves as one). */
export const mergeFieldColumns: Record<MergeField, (keyof Contact)[]> = {
  firstName: ['firstName'],
  lastName: ['lastName'],
  email: ['email'],
  phone: ['phone'],
  company: ['company', 'companyId'],
  source: ['source'],
  status: ['status'],
  valueCents: ['valueCents'],
  address: ['address', 'city', 'state', 'zip', 'latitude', 'longitude'],
  contactType: ['contactType'],
  notes: ['notes'],
  ownerId: ['ownerId'],
};

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  value === 0 ||
  (typeof value === 'string' && value.trim() === '') ||
  value === 'Unknown';

/** The oldest contact stays unless the caller names another: its id is the one links already use. */
export function defaultSurvivor<T extends { id: number; createdAt: string }>(contacts: T[]): T {
  return contacts.reduce((a, b) =>
    b.createdAt < a.createdAt || (b.createdAt === a.createdAt && b.id < a.id) ? b : a,
  );
}

/**
 * Per field, whose value the survivor takes: a non-empty value wins over an empty one; among non-empty
 * ones that differ, the most recently updated contact's; when all are empty, the survivor's own.
 */
export function defaultMergeChoices(contacts: MergeSource[], survivorId: number): Record<MergeField, number> {
  const newestFirst = [...contacts].sort((a, b) =>
    a.updatedAt === b.updatedAt ? b.id - a.id : a.updatedAt < b.updatedAt ? 1 : -1,
  );
  const choices = {} as Record<MergeField, number>;
  for (const field of mergeFields) {
    const [lead] = mergeFieldColumns[field];
    const filled = newestFirst.find((c) => !isEmpty(c[lead]));
    choices[field] = filled?.id ?? survivorId;
  }
  return choices;
}
