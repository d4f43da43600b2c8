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

/**
 * What judges an A/B test: the message opened or clicked, or an outcome by the recipient within the
 * attribution window after their message was sent: an analytics goal reached (a page path viewed, or a
 * custom event), a form submitted, a deal created for them, a payment by them.
 */
export const abTestMetrics = ['open', 'click', 'goal', 'form', 'deal', 'payment'] as const;
export type AbTestMetric = (typeof abTestMetrics)[number];
export const abTestOutcomeMetrics: readonly AbTestMetric[] = ['goal', 'form', 'deal', 'payment'];

/**
 * An A/B test of a campaign: each variant goes to an equal part of a test share of the audience; a
 * sequential test (src/domain/marketing/sequential-test.ts) states its confidence as recipients'
 * windows close, and the variant that reaches the target confidence — or leads when the whole test
 * share is counted — goes to the rest.
 */
export const abTestInputSchema = z
  .object({
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
    metric: z
      .enum(abTestMetrics, /*i18n*/ 'Metric must be open, click, goal, form, deal or payment')
      .default('open'),
    /** For the goal metric: a page path ("/thank-you") viewed, or a custom event's name ("signup"). */
    goal: z.string().trim().max(512, /*i18n*/ 'Goal is too long').nullable().default(null),
    /** For the form metric: the one form that counts; null for any form. */
    formId: z.number(/*i18n*/ 'Form must be a number').int().positive().nullable().default(null),
    /** For outcome metrics: how long after a recipient's message an outcome counts for its variant. */
    attributionDays: z
      .number(/*i18n*/ 'Attribution window must be a number')
      .int(/*i18n*/ 'Whole days')
      .min(1, /*i18n*/ 'At least 1 day')
      .max(90, /*i18n*/ 'At most 90 days')
      .default(7),
    /** The confidence at which the test stops and sends its winner, 0.8 to 0.99. */
    targetConfidence: z
      .number(/*i18n*/ 'Target confidence must be a number')
      .min(0.8, /*i18n*/ 'At least 80%')
      .max(0.99, /*i18n*/ 'At most 99%')
      .default(0.95),
  })
  .superRefine((value, ctx) => {
    if (value.metric === 'goal' && !value.goal)
      ctx.addIssue({
        code: 'custom',
        path: ['goal'],
        message: /*i18n*/ 'Name the goal: a page path or an event',
      });
    if (value.metric !== 'goal' && value.goal)
      ctx.addIssue({
        code: 'custom',
        path: ['goal'],
        message: /*i18n*/ 'A goal is only for the goal metric',
      });
    if (value.metric !== 'form' && value.formId !== null)
      ctx.addIssue({
        code: 'custom',
        path: ['formId'],
        message: /*i18n*/ 'A form is only for the form metric',
      });
  });
export type AbTestInput = z.input<typeof abTestInputSchema>;
export type AbTestSettings = z.output<typeof abTestInputSchema>;

export const abTestStates = ['ready', 'collecting', 'winner_declared', 'max_sample', 'winner_sent'] as const;
export type AbTestState = (typeof abTestStates)[number];

const intervalSchema = z.object({ estimate: z.number(), low: z.number(), high: z.number() });

export const abTestSchema = z.object({
  testPercent: z.number(),
  waitHours: z.number(),
  metric: z.enum(abTestMetrics),
  goal: z.string().nullable(),
  formId: z.number().nullable(),
  attributionDays: z.number(),
  targetConfidence: z.number(),
  /** ready: not started; testing: the test share is being sent or waited on; decided: the winner went to the rest. */
  phase: z.enum(['ready', 'testing', 'decided']),
  /**
   * collecting: counting outcomes; winner_declared: the target confidence was reached and the winner
   * is going to the rest; max_sample: the whole test share was counted without reaching it, and the
   * leader is going to the rest; winner_sent: the rest has it.
   */
  state: z.enum(abTestStates),
  /** Why the test stopped, once it has. */
  stopReason: z.enum(['confidence', 'max_sample']).nullable(),
  /** The next look. */
  decidesAt: z.string().nullable(),
  /** The winning variant's index, once decided. */
  winner: z.number().nullable(),
  /** The variant with the best rate now. */
  leader: z.number(),
  /**
   * 0 to 1: the always-valid confidence (mixture SPRT) that the leader's rate differs from every other
   * variant's; it holds however often it is looked at. Null before any recipient is counted.
   */
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
      /** Recipients counted by the test: their message went out and their attribution window has closed. */
      recipients: z.number(),
      /** Of those, the ones with the outcome (for open and click: opened or clicked). */
      outcomes: z.number(),
      rate: z.number().nullable(),
      /** Relative lift over the first variant with its interval at the target confidence; null for the first. */
      lift: intervalSchema.nullable(),
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
