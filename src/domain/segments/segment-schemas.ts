import { z } from 'zod';
import { dealStages } from '../deals/deal-schemas.js';
import { idParamSchema, idSchema, websiteIdSchema } from '../ids.js';
import { validationMessage } from '../validation-messages.js';

const text = (label: string, max: number) =>
  z
    .string(validationMessage(/*i18n*/ '{label} is required', { label }))
    .trim()
    .min(1, validationMessage(/*i18n*/ '{label} is required', { label }))
    .max(max, validationMessage(/*i18n*/ '{label} is too long', { label }));

/** The contact fields a condition can compare (each maps to one column on the server, never to user text). */
export const segmentContactFields = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'company',
  'status',
  'address',
  'city',
  'state',
  'zip',
  'notes',
  'property',
] as const;
export type SegmentContactField = (typeof segmentContactFields)[number];
export const fieldOperators = ['equals', 'not_equals', 'contains', 'empty', 'not_empty'] as const;
export const campaignEvents = ['received', 'opened', 'clicked', 'bounced'] as const;
export type CampaignEvent = (typeof campaignEvents)[number];

const withinDays = z
  .number(/*i18n*/ 'Whole number')
  .int(/*i18n*/ 'Whole number')
  .min(1, /*i18n*/ 'At least 1 day')
  .max(3650, /*i18n*/ 'At most 3650 days')
  .optional();

/** One test of a contact. Values are compared case-insensitively; a missing `withinDays` means ever. */
const conditionOptions = [
  z
    .object({
      kind: z.literal('field'),
      field: z.enum(segmentContactFields, /*i18n*/ 'Not a contact field'),
      /** The custom property's name, for `field: property`. */
      property: text(/*i18n*/ 'Property', 100).optional(),
      op: z.enum(fieldOperators),
      value: z
        .string()
        .trim()
        .max(200, validationMessage(/*i18n*/ '{label} is too long', { label: /*i18n*/ 'Value' }))
        .optional(),
    })
    .superRefine((c, ctx) => {
      if (c.field === 'property' && !c.property)
        ctx.addIssue({
          code: 'custom',
          path: ['property'],
          message: validationMessage(/*i18n*/ '{label} is required', { label: /*i18n*/ 'Property' }),
        });
      if ((c.op === 'equals' || c.op === 'not_equals' || c.op === 'contains') && !c.value)
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: validationMessage(/*i18n*/ '{label} is required', { label: /*i18n*/ 'Value' }),
        });
    }),
  z.object({ kind: z.literal('tag'), op: z.enum(['has', 'has_not']), tag: text(/*i18n*/ 'Tag', 50) }),
  z.object({ kind: z.literal('source'), op: z.enum(['is', 'is_not']), value: text(/*i18n*/ 'Source', 200) }),
  /** The contact came from the website (its source is the website's name, as campaign audiences read it). */
  z.object({ kind: z.literal('website'), websiteId: websiteIdSchema }),
  /** The contact has a deal in this stage (open stages: an open deal there). */
  z.object({ kind: z.literal('deal_stage'), stage: z.enum(dealStages) }),
  /** Sent this form (any form without `formId`). */
  z.object({ kind: z.literal('form_submitted'), formId: idSchema.optional(), withinDays }),
  /** Viewed pages matching the path pattern (`*` any run of characters) at least `count` times. */
  z.object({
    kind: z.literal('page_views'),
    path: z
      .string(validationMessage(/*i18n*/ '{label} is required', { label: /*i18n*/ 'Page path' }))
      .trim()
      .max(512, validationMessage(/*i18n*/ '{label} is too long', { label: /*i18n*/ 'Page path' }))
      .regex(/^[/*]/, /*i18n*/ 'A page path starts with / (or * for any page)'),
    count: z
      .number()
      .int(/*i18n*/ 'Whole number')
      .min(1, /*i18n*/ 'At least 1')
      .max(1000, /*i18n*/ 'At most 1000')
      .optional(),
    withinDays,
  }),
  /** Received, opened, clicked or bounced this campaign (any campaign without `campaignId`). */
  z.object({
    kind: z.literal('campaign'),
    event: z.enum(campaignEvents),
    campaignId: idSchema.optional(),
    withinDays,
  }),
  /** An email from the contact was filed (a reply, captured or synced). */
  z.object({ kind: z.literal('email_replied'), withinDays }),
] as const;
const notACondition = /*i18n*/ 'Not a segment condition';
export const segmentConditionSchema = z.discriminatedUnion('kind', conditionOptions, notACondition);
export type SegmentCondition = z.infer<typeof segmentConditionSchema>;
export type SegmentConditionKind = SegmentCondition['kind'];

export const segmentMatches = ['all', 'any'] as const;
export type SegmentMatch = (typeof segmentMatches)[number];

/** One level of groups: a group holds conditions, never another group. */
export const segmentGroupSchema = z.object({
  kind: z.literal('group'),
  match: z.enum(segmentMatches),
  conditions: z
    .array(segmentConditionSchema)
    .min(1, /*i18n*/ 'At least 1')
    .max(20, /*i18n*/ 'At most 20 conditions'),
});
export type SegmentGroup = z.infer<typeof segmentGroupSchema>;
export type SegmentItem = SegmentCondition | SegmentGroup;

const itemSchema = z.discriminatedUnion('kind', [segmentGroupSchema, ...conditionOptions], notACondition);

export const segmentDefinitionSchema = z.object({
  match: z.enum(segmentMatches),
  conditions: z.array(itemSchema).min(1, /*i18n*/ 'At least 1').max(20, /*i18n*/ 'At most 20 conditions'),
});
export type SegmentDefinition = z.infer<typeof segmentDefinitionSchema>;

export const segmentCreateSchema = segmentDefinitionSchema.extend({ name: text(/*i18n*/ 'Name', 200) });
export type SegmentCreate = z.infer<typeof segmentCreateSchema>;
export const segmentUpdateSchema = segmentCreateSchema.partial();
export type SegmentUpdate = z.infer<typeof segmentUpdateSchema>;

/** building: its full membership is being computed (one statement over `toBuild` contacts; `built` is set when it is ready). */
export const segmentStatuses = ['building', 'ready'] as const;

export const segmentSchema = segmentDefinitionSchema.extend({
  id: z.number(),
  name: z.string(),
  memberCount: z.number(),
  status: z.enum(segmentStatuses),
  built: z.number(),
  toBuild: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Segment = z.infer<typeof segmentSchema>;

export const segmentIdParamsSchema = z.object({ id: idParamSchema });

export const segmentMemberSchema = z.object({
  contactId: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  since: z.string(),
});
export const segmentMembersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const segmentMemberListSchema = z.object({ total: z.number(), members: z.array(segmentMemberSchema) });

export const segmentChanges = ['entered', 'left'] as const;
export const segmentHistorySchema = z.array(
  z.object({
    contactId: z.number().nullable(),
    name: z.string().nullable(),
    change: z.enum(segmentChanges),
    at: z.string(),
  }),
);
export type SegmentMember = z.infer<typeof segmentMemberSchema>;
export type SegmentHistoryEntry = z.infer<typeof segmentHistorySchema>[number];

/** Which kinds of change can alter a condition's answer: a contact is evaluated again on those only. */
export type SegmentDependency = 'contact' | 'deal' | 'form' | 'page_view' | 'campaign' | 'email';
const dependencyOfKind: Record<SegmentConditionKind, SegmentDependency> = {
  field: 'contact',
  tag: 'contact',
  source: 'contact',
  website: 'contact',
  deal_stage: 'deal',
  form_submitted: 'form',
  page_views: 'page_view',
  campaign: 'campaign',
  email_replied: 'email',
};

export function leafConditions(definition: Pick<SegmentDefinition, 'conditions'>): SegmentCondition[] {
  return definition.conditions.flatMap((c) => (c.kind === 'group' ? c.conditions : [c]));
}

export function segmentDependencies(definition: Pick<SegmentDefinition, 'conditions'>): SegmentDependency[] {
  return [...new Set(leafConditions(definition).map((c) => dependencyOfKind[c.kind]))].sort();
}
