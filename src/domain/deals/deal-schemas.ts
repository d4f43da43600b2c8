import { z } from 'zod';
import { contactFieldsSchema } from '../contacts/contact-schemas.js';
import { websiteFilterQuerySchema, websiteIdParamSchema } from '../ids.js';
import { validationMessage } from '../validation-messages.js';

/** Pipeline stages in board order (issue 17). The last two close a deal. */
export const dealStages = ['leads', 'qualified', 'proposal', 'negotiation', 'won', 'lost'] as const;
export type DealStage = (typeof dealStages)[number];
export const openDealStages = ['leads', 'qualified', 'proposal', 'negotiation'] as const;
export const isOpenStage = (stage: DealStage) => (openDealStages as readonly string[]).includes(stage);

export const dealStageLabels: Record<DealStage, string> = {
  leads: 'Leads',
  qualified: 'Qualified',
  proposal: 'Proposal',
  negotiation: 'Negotiation',
  won: 'Won',
  lost: 'Lost',
};

/** The fields a deal update may change, as a timeline line names them; catalogued (see contactFieldLabels). */
export const dealFieldLabels: Record<string, string> = {
  name: /*i18n*/ 'name',
  valueCents: /*i18n*/ 'value',
  currency: /*i18n*/ 'currency',
  expectedCloseDate: /*i18n*/ 'expected close date',
  ownerId: /*i18n*/ 'owner',
  contactId: /*i18n*/ 'contact',
  companyId: /*i18n*/ 'company',
  websiteId: /*i18n*/ 'website',
  notes: /*i18n*/ 'notes',
  lostReason: /*i18n*/ 'lost reason',
};

/** Win probability (percent) of a stage until the workspace sets its own. */
export const defaultStageProbabilities: Record<DealStage, number> = {
  leads: 10,
  qualified: 25,
  proposal: 50,
  negotiation: 75,
  won: 100,
  lost: 0,
};

export const dealBoardPageSize = 50;
/** Conversion rate counts deals closed within this many days unless the request names another period. */
export const defaultConversionPeriodDays = 90;

const stageEnum = z.enum(
  dealStages,
  /*i18n*/ 'Stage must be leads, qualified, proposal, negotiation, won or lost',
);
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (max: number, label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(max, validationMessage(/*i18n*/ '{label} must be at most {max} characters', { label, max }))
      .nullish(),
  );
const id = (label: string) =>
  z.coerce
    .number(validationMessage(/*i18n*/ '{label} must be a number', { label }))
    .int(validationMessage(/*i18n*/ '{label} must be a whole number', { label }))
    .positive()
    .max(2 ** 53 - 1);
const isoDate = z.iso.date(/*i18n*/ 'Enter a date as YYYY-MM-DD');

// ---- requests ----

export const dealIdParamsSchema = z.object({ id: id(/*i18n*/ 'Deal id') });

const dealFields = {
  name: z
    .string()
    .trim()
    .min(1, /*i18n*/ 'Name the deal')
    .max(200, /*i18n*/ 'Name must be at most 200 characters'),
  valueCents: z
    .number(/*i18n*/ 'Value must be a number')
    .int(/*i18n*/ 'Value must be whole cents')
    .min(0, /*i18n*/ 'Value cannot be negative')
    .max(100_000_000_000, /*i18n*/ 'Value is too large'),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, /*i18n*/ 'Currency must be a three-letter ISO code such as USD'),
  expectedCloseDate: z.preprocess(blankToNull, isoDate.nullish()),
  ownerId: id(/*i18n*/ 'Owner').nullish(),
  contactId: id(/*i18n*/ 'Contact'),
  websiteId: websiteIdParamSchema.nullish(),
  notes: optionalText(5000, /*i18n*/ 'Notes'),
};

/** POST /api/deals. The company is the contact's unless given. */
export const dealCreateSchema = z.object({
  ...dealFields,
  valueCents: dealFields.valueCents.default(0),
  currency: dealFields.currency.default('USD'),
  stage: stageEnum.default('leads'),
  companyId: id(/*i18n*/ 'Company').nullish(),
  lostReason: optionalText(500, /*i18n*/ 'Lost reason'),
});
export type DealCreateInput = z.input<typeof dealCreateSchema>;
export type DealCreate = z.output<typeof dealCreateSchema>;

/** The new contact a deal may be created with: a name or an email, as a contact needs. */
export const newDealContactSchema = contactFieldsSchema
  .pick({ firstName: true, lastName: true, email: true })
  .refine((v) => Boolean(v.firstName || v.lastName || v.email), {
    message: /*i18n*/ 'Enter a name, an email or a phone number',
    path: ['firstName'],
  });

/** POST /api/deals/with-contact: a deal and the new contact it is for, created in one transaction. */
export const dealWithContactCreateSchema = dealCreateSchema
  .omit({ contactId: true })
  .extend({ contact: newDealContactSchema });
export type DealWithContactCreateInput = z.input<typeof dealWithContactCreateSchema>;
export type DealWithContactCreate = z.output<typeof dealWithContactCreateSchema>;

/** PATCH /api/deals/:id: only the fields present change; the stage moves through its own route. */
export const dealUpdateSchema = z
  .object({
    name: dealFields.name,
    valueCents: dealFields.valueCents,
    currency: dealFields.currency,
    expectedCloseDate: dealFields.expectedCloseDate,
    ownerId: dealFields.ownerId,
    contactId: dealFields.contactId,
    companyId: id(/*i18n*/ 'Company').nullish(),
    websiteId: dealFields.websiteId,
    notes: dealFields.notes,
    lostReason: optionalText(500, /*i18n*/ 'Lost reason'),
  })
  .partial()
  .strict();
export type DealUpdateInput = z.input<typeof dealUpdateSchema>;
export type DealUpdate = z.output<typeof dealUpdateSchema>;

/** POST /api/deals/:id/stage. `lostReason` only goes with a move to lost. */
export const dealMoveSchema = z.object({
  stage: stageEnum,
  lostReason: optionalText(500, /*i18n*/ 'Lost reason'),
});
export type DealMoveInput = z.input<typeof dealMoveSchema>;

/** Filters shared by the list, the board and the table view. */
export const dealFilterSchema = z.object({
  ownerId: id(/*i18n*/ 'Owner').optional(),
  websiteId: websiteIdParamSchema.optional(),
  closeMonth: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, /*i18n*/ 'Close month must look like 2025-06')
    .optional(),
  contactId: id(/*i18n*/ 'Contact').optional(),
  companyId: id(/*i18n*/ 'Company').optional(),
});
export type DealFilters = z.infer<typeof dealFilterSchema>;

/** GET /api/deals: one keyset page, newest arrival in its stage first. */
export const dealListQuerySchema = dealFilterSchema.extend({
  stage: stageEnum.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number(/*i18n*/ 'Limit must be a number').int().min(1).max(200).default(dealBoardPageSize),
});
export type DealListQuery = z.input<typeof dealListQuerySchema>;

export const dealBoardQuerySchema = dealFilterSchema.extend({
  limit: z.coerce.number(/*i18n*/ 'Limit must be a number').int().min(1).max(100).default(dealBoardPageSize),
});

export const dealStatsQuerySchema = websiteFilterQuerySchema.extend({
  periodDays: z.coerce
    .number(/*i18n*/ 'Period must be a number of days')
    .int()
    .min(1)
    .max(3650)
    .default(defaultConversionPeriodDays),
});

export const stageParamsSchema = z.object({ stage: stageEnum });
export const stageProbabilitySchema = z.object({
  probability: z
    .number(/*i18n*/ 'Probability must be a number')
    .int()
    .min(0)
    .max(100, /*i18n*/ 'Probability is a percentage'),
});

// ---- answers ----

export const dealSchema = z.object({
  id: z.number(),
  name: z.string(),
  valueCents: z.number(),
  currency: z.string(),
  stage: z.enum(dealStages),
  /** The stage's win probability in this workspace, percent. */
  probability: z.number(),
  expectedCloseDate: z.string().nullable(),
  ownerId: z.number().nullable(),
  contactId: z.number(),
  contactName: z.string(),
  companyId: z.number().nullable(),
  companyName: z.string().nullable(),
  websiteId: z.number().nullable(),
  lostReason: z.string().nullable(),
  notes: z.string().nullable(),
  stageEnteredAt: z.string(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Deal = z.infer<typeof dealSchema>;

export const dealPageSchema = z.object({ deals: z.array(dealSchema), nextCursor: z.string().nullable() });
export type DealPage = z.infer<typeof dealPageSchema>;

export const dealTimelineKinds = ['created', 'stage_change', 'updated', 'import'] as const;
export const dealTimelineEntrySchema = z.object({
  id: z.number(),
  kind: z.enum(dealTimelineKinds),
  title: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  createdBy: z.number().nullable(),
  occurredAt: z.string(),
});
export type DealTimelineEntry = z.infer<typeof dealTimelineEntrySchema>;

export const dealDetailSchema = z.object({ deal: dealSchema, timeline: z.array(dealTimelineEntrySchema) });
export type DealDetail = z.infer<typeof dealDetailSchema>;

/**
 * A deal as a board card: what the card shows and what moving it needs, without the notes, lost
 * reason and timestamps a card never reads (the deal's own page has them). Six columns of cards are
 * 300 deals an answer; the narrower card is ~40% less for PostgreSQL to write and the server to carry
 * (bench/deals).
 */
export const dealCardSchema = dealSchema.pick({
  id: true,
  name: true,
  valueCents: true,
  currency: true,
  stage: true,
  probability: true,
  expectedCloseDate: true,
  ownerId: true,
  contactId: true,
  contactName: true,
  companyId: true,
  companyName: true,
  websiteId: true,
  stageEnteredAt: true,
});
export type DealCard = z.infer<typeof dealCardSchema>;

export const boardColumnSchema = z.object({
  stage: z.enum(dealStages),
  count: z.number(),
  valueCents: z.number(),
  deals: z.array(dealCardSchema),
  nextCursor: z.string().nullable(),
});
export type BoardColumn = z.infer<typeof boardColumnSchema>;
export const dealBoardSchema = z.object({ columns: z.array(boardColumnSchema) });
export type DealBoard = z.infer<typeof dealBoardSchema>;

export const stageSettingSchema = z.object({
  stage: z.enum(dealStages),
  probability: z.number(),
  isDefault: z.boolean(),
});
export type StageSetting = z.infer<typeof stageSettingSchema>;

export const dealStatsSchema = z.object({
  /** Deals in open stages (leads to negotiation). */
  active: z.object({ count: z.number(), valueCents: z.number() }),
  /** Won / (won + lost) among deals closed in the last `periodDays` days; null when none closed. */
  conversion: z.object({
    periodDays: z.number(),
    won: z.number(),
    lost: z.number(),
    rate: z.number().nullable(),
  }),
  /** Σ value × stage probability of deals expected to close from `from` to `to` (this month and next). */
  forecast: z.object({ from: z.string(), to: z.string(), dealCount: z.number(), valueCents: z.number() }),
  stages: z.array(
    z.object({
      stage: z.enum(dealStages),
      count: z.number(),
      valueCents: z.number(),
      probability: z.number(),
    }),
  ),
});
export type DealStats = z.infer<typeof dealStatsSchema>;
