import { z } from 'zod';
import { contactStatusSchema } from '../contacts/contact-schemas.js';
import { validationMessage } from '../validation-messages.js';

export const campaignTypes = ['newsletter', 'promotion', 'announcement'] as const;
export type CampaignType = (typeof campaignTypes)[number];
/** 'held': the pre-send gate found links answering 4xx/5xx (or nothing) and sent nothing. */
export const campaignStatuses = [
  'draft',
  'scheduled',
  'sending',
  'paused',
  'sent',
  'cancelled',
  'held',
] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];
/** A click followed by the contact becoming a customer within this many days is a conversion. */
export const conversionWindowDays = 7;
/** The merge fields a subject or body may use, filled per recipient. */
export const mergeFields = ['firstName', 'lastName', 'email', 'company'] as const;

const id = (label: string) =>
  z.coerce
    .number(validationMessage(/*i18n*/ '{label} must be a number', { label }))
    .int()
    .positive()
    .max(2 ** 53 - 1);
const optionalText = (max: number) => z.string().trim().max(max).optional();

/** Who receives a campaign: contacts with an email meeting every filter given, never a suppressed one. */
export const audienceSchema = z.object({
  status: contactStatusSchema.optional(),
  source: optionalText(200),
  tag: optionalText(50),
  websiteId: z.number().int().positive().optional(),
  /** Members of this live segment (issue 32 §4), at the moment sending starts. */
  segmentId: z.number().int().positive().optional(),
});
export type Audience = z.infer<typeof audienceSchema>;

const campaignFields = {
  name: z
    .string(/*i18n*/ 'Name is required')
    .trim()
    .min(1, /*i18n*/ 'Name is required')
    .max(200, /*i18n*/ 'Name is too long'),
  type: z.enum(campaignTypes, /*i18n*/ 'Type must be newsletter, promotion or announcement'),
  subject: z
    .string(/*i18n*/ 'Subject is required')
    .trim()
    .min(1, /*i18n*/ 'Subject is required')
    .max(200, /*i18n*/ 'Subject is too long'),
  preheader: z.string().trim().max(200, /*i18n*/ 'Preheader is too long'),
  body: z
    .string(/*i18n*/ 'Body is required')
    .trim()
    .min(1, /*i18n*/ 'Body is required')
    .max(100_000, /*i18n*/ 'Body is too long'),
  fromName: z.string().trim().max(100, /*i18n*/ 'Sender name is too long'),
  audience: audienceSchema,
  scheduledAt: z.iso.datetime(/*i18n*/ 'A date and time (ISO 8601)').nullable(),
};

export const campaignCreateSchema = z.object({
  ...campaignFields,
  type: campaignFields.type.default('newsletter'),
  preheader: campaignFields.preheader.default(''),
  fromName: campaignFields.fromName.default(''),
  audience: audienceSchema.default({}),
  scheduledAt: campaignFields.scheduledAt.default(null),
});
export type CampaignCreateInput = z.input<typeof campaignCreateSchema>;
export const campaignUpdateSchema = z.object(campaignFields).partial();
export type CampaignUpdateInput = z.input<typeof campaignUpdateSchema>;
export const campaignIdParamsSchema = z.object({ id: id(/*i18n*/ 'Campaign id') });

/** A link of an email that failed the pre-send check, with the HTTP error status it answered. */
export const failingLinkSchema = z.object({ url: z.string(), status: z.number() });
export type FailingLink = z.infer<typeof failingLinkSchema>;

/** A workflow email the pre-send gate holds (GET /api/workflow-emails/held). */
export const heldWorkflowEmailSchema = z.object({
  id: z.number(),
  runId: z.number().nullable(),
  toEmail: z.string(),
  subject: z.string(),
  linkFailures: z.array(failingLinkSchema),
});
export type HeldWorkflowEmail = z.infer<typeof heldWorkflowEmailSchema>;
export const heldEmailIdParamsSchema = z.object({ id: id(/*i18n*/ 'Email id') });

/** The list of spec 001 (demo campaign fields) plus the sending counters. */
export const campaignSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(campaignTypes),
  status: z.enum(campaignStatuses),
  /** Recipients: fixed when sending starts; before, the audience's current size. */
  subscribers: z.number(),
  sent: z.number(),
  /** Messages kept in the offline outbox (no SMTP configured): NOT delivered. */
  offline: z.number(),
  failed: z.number(),
  opens: z.number(),
  clicks: z.number(),
  conversions: z.number(),
  scheduledAt: z.string().nullable(),
  /** The failing links of the last pre-send check that found any (shown while the campaign is held). */
  linkFailures: z.array(failingLinkSchema),
  linksCheckedAt: z.string().nullable(),
  /** Set when an owner sent it despite failing links. */
  linkOverrideAt: z.string().nullable(),
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

export const abTestMetrics = ['open', 'click'] as const;
export type AbTestMetric = (typeof abTestMetrics)[number];

/**
 * An A/B test of a campaign: each variant goes to an equal part of a test share of the audience;
 * after the wait, the variant with the best open (or click) rate goes to the rest.
 */
export const abTestInputSchema = z.object({
  variants: z
    .array(
      z.object({ subject: campaignFields.subject, body: campaignFields.body }),
      /*i18n*/ 'Variants are required',
    )
    .min(2, /*i18n*/ 'An A/B test needs at least two variants')
    .max(5, /*i18n*/ 'At most five variants'),
  testPercent: z
    .number(/*i18n*/ 'Test share must be a number')
    .int(/*i18n*/ 'Whole percent')
    .min(2, /*i18n*/ 'At least 2%')
    .max(90, /*i18n*/ 'At most 90%')
    .default(20),
  waitHours: z
    .number(/*i18n*/ 'Wait must be a number')
    .int(/*i18n*/ 'Whole hours')
    .min(1, /*i18n*/ 'At least 1 hour')
    .max(720, /*i18n*/ 'At most 720 hours')
    .default(4),
  metric: z.enum(abTestMetrics, /*i18n*/ 'Metric must be open or click').default('open'),
});
export type AbTestInput = z.input<typeof abTestInputSchema>;
export type AbTestSettings = z.output<typeof abTestInputSchema>;

export const abTestSchema = z.object({
  testPercent: z.number(),
  waitHours: z.number(),
  metric: z.enum(abTestMetrics),
  /** ready: not started; testing: the test share is being sent or waited on; decided: the winner went to the rest. */
  phase: z.enum(['ready', 'testing', 'decided']),
  decidesAt: z.string().nullable(),
  /** The winning variant's index, once decided. */
  winner: z.number().nullable(),
  /** 0 to 1: confidence that the winner's rate differs from the runner-up's (two-proportion z-test); null when not measurable. */
  confidence: z.number().nullable(),
  variants: z.array(
    z.object({
      subject: z.string(),
      body: z.string(),
      sent: z.number(),
      opens: z.number(),
      clicks: z.number(),
      openRate: z.number().nullable(),
      clickRate: z.number().nullable(),
    }),
  ),
});
export type AbTest = z.infer<typeof abTestSchema>;

export const campaignDetailSchema = campaignSummarySchema.extend({
  subject: z.string(),
  preheader: z.string(),
  body: z.string(),
  fromName: z.string(),
  audience: audienceSchema,
  /** Per UTC day: messages sent, first opens, first clicks. */
  daily: z.array(z.object({ day: z.string(), sent: z.number(), opens: z.number(), clicks: z.number() })),
  abTest: abTestSchema.nullable(),
});
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

export const campaignPreviewSchema = z.object({
  subject: z.string().max(200),
  body: z.string().max(100_000),
  audience: audienceSchema.default({}),
});
export const campaignPreviewResultSchema = z.object({
  subject: z.string(),
  body: z.string(),
  /** The audience's size now (suppressed contacts left out). */
  audienceSize: z.number(),
  /** Whose details filled the merge fields: the audience's first contact, or a sample. */
  sampleEmail: z.string().nullable(),
});

export const outboxMessageSchema = z.object({
  id: z.number(),
  toEmail: z.string(),
  subject: z.string(),
  /** held: kept for the A/B test's winner, sent once it is decided. */
  status: z.enum(['queued', 'held', 'sending', 'sent', 'offline', 'failed']),
  error: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
