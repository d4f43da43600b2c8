import { z } from 'zod';
import { contactStatusSchema } from '../contacts/contact-schemas.js';
import { dealStages } from '../deals/deal-schemas.js';
import { idSchema } from '../ids.js';
import { validationMessage } from '../validation-messages.js';

/** Workflow statuses (spec 000 §4: "active or other"); only active workflows start runs. */
export const workflowStatuses = ['draft', 'active', 'paused'] as const;
export type WorkflowStatus = (typeof workflowStatuses)[number];

export const runStatuses = ['running', 'waiting', 'completed', 'failed', 'exited'] as const;
export type RunStatus = (typeof runStatuses)[number];

/** Why a sequence's run ended early ('left_segment' is reserved for the segments area's hook). */
export const exitReasons = [
  'replied',
  'booked_meeting',
  'unsubscribed',
  'deal_stage',
  'left_segment',
] as const;
export type ExitReason = (typeof exitReasons)[number];

const text = (label: string, max: number) =>
  z
    .string(validationMessage(/*i18n*/ '{label} is required', { label }))
    .trim()
    .min(1, validationMessage(/*i18n*/ '{label} is required', { label }))
    .max(max, validationMessage(/*i18n*/ '{label} is too long', { label }));
const tag = text(/*i18n*/ 'Tag', 50);

export const triggerTypes = [
  'contact_created',
  'status_changed',
  'tag_added',
  'email_received',
  'app_event',
  'date_reached',
  'schedule',
  'form_submitted',
  'page_visited',
  'segment_entered',
  'segment_left',
] as const;
/** The contact dates a date_reached trigger can count from. */
export const dateFields = ['createdAt', 'lastContactedAt'] as const;
export type TriggerType = (typeof triggerTypes)[number];

export const triggerSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('contact_created') }),
    z.object({ type: z.literal('status_changed'), to: contactStatusSchema.optional() }),
    z.object({ type: z.literal('tag_added'), tag }),
    // An email from the contact was filed (capture address, a connected mailbox, or typed in).
    z.object({ type: z.literal('email_received') }),
    // A connected app's event of this type (a form filled in, a purchase) whose data.email is the contact's.
    z.object({ type: z.literal('app_event'), eventType: text(/*i18n*/ 'Event type', 200) }),
    // `days` after the contact's date field, the contact enters the workflow (once per date).
    z.object({
      type: z.literal('date_reached'),
      field: z.enum(dateFields, /*i18n*/ 'Date field must be createdAt or lastContactedAt'),
      days: z
        .number()
        .int(/*i18n*/ 'Whole days')
        .min(0, /*i18n*/ 'At least 0 days')
        .max(3650, /*i18n*/ 'At most 3650 days'),
    }),
    // Every `everyHours` the workflow enters each contact that meets its conditions (once per interval).
    z.object({
      type: z.literal('schedule'),
      everyHours: z
        .number()
        .int(/*i18n*/ 'Whole hours')
        .min(1, /*i18n*/ 'At least 1 hour')
        .max(8760, /*i18n*/ 'At most a year'),
    }),
    // The contact sent this lead form (any of the workspace's forms without formId); one run per submission.
    z.object({ type: z.literal('form_submitted'), formId: idSchema.optional() }),
    // A page view of the contact (a visitor who identified themselves, issue 32 §2) on a path matching the
    // pattern ('*' for any run of characters); with `count`, once they viewed matching pages that often.
    // Each contact enters once.
    z.object({
      type: z.literal('page_visited'),
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
    }),
    // The contact entered or left this live segment (issue 32 §4); one run per entry or exit.
    z.object({ type: z.literal('segment_entered'), segmentId: idSchema }),
    z.object({ type: z.literal('segment_left'), segmentId: idSchema }),
  ],
  /*i18n*/ 'Trigger must be contact_created, status_changed, tag_added, email_received, app_event, date_reached, schedule, form_submitted, page_visited, segment_entered or segment_left',
);
export type Trigger = z.infer<typeof triggerSchema>;

export const conditionSchema = z.discriminatedUnion(
  'field',
  [
    z.object({ field: z.literal('status'), op: z.enum(['is', 'is_not']), value: contactStatusSchema }),
    z.object({
      field: z.literal('source'),
      op: z.enum(['is', 'is_not']),
      value: text(/*i18n*/ 'Source', 200),
    }),
    z.object({ field: z.literal('tag'), op: z.enum(['has', 'has_not']), value: tag }),
  ],
  /*i18n*/ 'Condition field must be status, source or tag',
);
export type Condition = z.infer<typeof conditionSchema>;

export const waitUnits = ['minutes', 'hours', 'days'] as const;
export const updatableFields = ['status', 'company', 'notes'] as const;

const leafStepSchemas = [
  z.object({
    type: z.literal('send_email'),
    subject: text(/*i18n*/ 'Subject', 200),
    body: text(/*i18n*/ 'Body', 20_000),
  }),
  z.object({
    type: z.literal('wait'),
    amount: z
      .number()
      .int(/*i18n*/ 'Whole number')
      .min(1, /*i18n*/ 'At least 1')
      .max(3650, /*i18n*/ 'At most 3650'),
    unit: z.enum(waitUnits),
  }),
  z.object({ type: z.literal('wait_until'), at: z.iso.datetime(/*i18n*/ 'A date and time (ISO 8601)') }),
  z.object({
    type: z.literal('update_field'),
    field: z.enum(updatableFields),
    value: text(/*i18n*/ 'Value', 2000),
  }),
  z.object({ type: z.literal('add_tag'), tag }),
  z.object({ type: z.literal('remove_tag'), tag }),
  z.object({ type: z.literal('create_note'), body: text(/*i18n*/ 'Note', 5000) }),
  // A task about the contact, for its owner (the tasks area), due `dueInDays` after the step runs.
  z.object({
    type: z.literal('create_task'),
    title: text(/*i18n*/ 'Task', 200),
    dueInDays: z
      .number()
      .int(/*i18n*/ 'Whole days')
      .min(0, /*i18n*/ 'At least 0 days')
      .max(365, /*i18n*/ 'At most 365 days'),
  }),
  z.object({ type: z.literal('notify_member'), message: text(/*i18n*/ 'Message', 500) }),
  z.object({
    type: z.literal('webhook'),
    url: z.url(/*i18n*/ 'A URL starting with http:// or https://').max(2000),
  }),
] as const;

export type Step =
  | z.infer<(typeof leafStepSchemas)[number]>
  | { type: 'branch'; condition: Condition; yes: Step[]; no: Step[] }
  | { type: 'ab_split'; variants: { weight: number; steps: Step[] }[] };

const maxSteps = 50;
// Recursive (branches hold steps), so registered by name: the API document's steps refer to
// `components.schemas.WorkflowStep`, a JSON Schema cannot inline itself.
export const stepSchema: z.ZodType<Step> = z
  .lazy(() =>
    z.discriminatedUnion(
      'type',
      [
        ...leafStepSchemas,
        z.object({
          type: z.literal('branch'),
          condition: conditionSchema,
          yes: z.array(stepSchema).max(maxSteps),
          no: z.array(stepSchema).max(maxSteps),
        }),
        z.object({
          type: z.literal('ab_split'),
          variants: z
            .array(
              z.object({
                weight: z.number().int().min(1, /*i18n*/ 'Weight at least 1').max(100),
                steps: z.array(stepSchema).max(maxSteps),
              }),
            )
            .min(2, /*i18n*/ 'An A/B split needs at least two variants')
            .max(5),
        }),
      ],
      /*i18n*/ 'Unknown step type',
    ),
  )
  .meta({ id: 'WorkflowStep' });
export const stepTypes = [
  'send_email',
  'wait',
  'wait_until',
  'update_field',
  'add_tag',
  'remove_tag',
  'create_note',
  'create_task',
  'notify_member',
  'webhook',
  'branch',
  'ab_split',
] as const;
export type StepType = (typeof stepTypes)[number];

/**
 * A workflow with exit rules is a sequence: a contact's run ends (status 'exited', with the reason) the
 * moment one of the ticked things happens, and no step of it runs after that.
 */
export const exitRulesSchema = z.object({
  replied: z.boolean().default(false),
  bookedMeeting: z.boolean().default(false),
  unsubscribed: z.boolean().default(false),
  dealStage: z.enum(dealStages).nullable().default(null),
  /** The segments area's hook: the run exits when the contact leaves this segment (not in the builder yet). */
  leftSegmentId: z.number().int().positive().nullable().default(null),
});
export type ExitRules = z.infer<typeof exitRulesSchema>;

export const workflowDefinitionSchema = z.object({
  trigger: triggerSchema,
  conditions: z.array(conditionSchema).max(20).default([]),
  steps: z.array(stepSchema).min(1, /*i18n*/ 'Add at least one step').max(maxSteps),
  /** Null (or absent, in versions saved before sequences) for an ordinary workflow. */
  exitRules: exitRulesSchema.nullable().optional(),
});
export type WorkflowDefinition = z.infer<typeof workflowDefinitionSchema>;

export const workflowCreateSchema = z
  .object({
    name: text(/*i18n*/ 'Name', 200),
    description: z.string().trim().max(1000, /*i18n*/ 'Description is too long').default(''),
    status: z.enum(workflowStatuses).default('draft'),
  })
  .extend(workflowDefinitionSchema.shape);
export type WorkflowCreateInput = z.input<typeof workflowCreateSchema>;

export const workflowUpdateSchema = z.object({
  name: text(/*i18n*/ 'Name', 200).optional(),
  description: z.string().trim().max(1000, /*i18n*/ 'Description is too long').optional(),
  status: z.enum(workflowStatuses).optional(),
  trigger: triggerSchema.optional(),
  conditions: z.array(conditionSchema).max(20).optional(),
  steps: z.array(stepSchema).min(1, /*i18n*/ 'Add at least one step').max(maxSteps).optional(),
  exitRules: exitRulesSchema.nullable().optional(),
});
export type WorkflowUpdateInput = z.input<typeof workflowUpdateSchema>;

export const workflowIdParamsSchema = z.object({
  id: z.coerce
    .number(/*i18n*/ 'Workflow id must be a number')
    .int()
    .positive()
    .max(2 ** 53 - 1),
});

/** The list of spec 000 §3/§7: id, name, description, status. */
export const workflowSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  status: z.enum(workflowStatuses),
});
export type WorkflowSummary = z.infer<typeof workflowSummarySchema>;

export const workflowDetailSchema = workflowSummarySchema.extend({
  version: z.number(),
  trigger: triggerSchema,
  conditions: z.array(conditionSchema),
  steps: z.array(stepSchema),
  exitRules: exitRulesSchema.nullable(),
  runs: z.object({
    running: z.number(),
    waiting: z.number(),
    completed: z.number(),
    failed: z.number(),
    exited: z.number(),
  }),
});
export type WorkflowDetail = z.infer<typeof workflowDetailSchema>;

export const workflowRunSchema = z.object({
  id: z.number(),
  workflowId: z.number(),
  workflowName: z.string(),
  version: z.number(),
  contactId: z.number().nullable(),
  status: z.enum(runStatuses),
  failureReason: z.string().nullable(),
  exitReason: z.enum(exitReasons).nullable(),
  exitedAt: z.string().nullable(),
  wakeAt: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  steps: z.array(
    z.object({
      path: z.string(),
      type: z.string(),
      status: z.string(),
      attempts: z.number(),
      detail: z.string().nullable(),
      finishedAt: z.string(),
    }),
  ),
});
export type WorkflowRun = z.infer<typeof workflowRunSchema>;

export const runListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const contactIdParamsSchema = z.object({
  contactId: z.coerce
    .number(/*i18n*/ 'Contact id must be a number')
    .int()
    .positive()
    .max(2 ** 53 - 1),
});

/**
 * The automation panel's figures (spec 000 §2.10), each measured over the last `periodDays` from real
 * runs: null when nothing was measured (the panel shows an empty state, never a made-up number).
 */
export const automationMetricsSchema = z.object({
  periodDays: z.number(),
  /** Workflow runs that completed ÷ runs that finished, in percent (the dashboard's Automation Score). */
  overall: z.number().nullable(),
  /** Emails written and queued by workflows ÷ email steps attempted, in percent. */
  contentGeneration: z.number().nullable(),
  /** Runs of workflows triggered by a status change that completed ÷ those that finished, in percent. */
  customerService: z.number().nullable(),
  /** New contacts entered into a workflow ÷ contacts created, in percent. */
  leadProcessing: z.number().nullable(),
  performance: z.object({
    emails: z.object({ done: z.number(), total: z.number() }),
    runs: z.object({ done: z.number(), total: z.number() }),
    leads: z.object({ done: z.number(), total: z.number() }),
  }),
});
export type AutomationMetrics = z.infer<typeof automationMetricsSchema>;

// ---- step paths (pure; used by the runner and its unit test) ----

/**
 * A step's address in the tree: indexes and branch names joined by '/', e.g. '2' (third top-level
 * step), '2/yes/0' (first step of its 'yes' arm), '3/1/0' (first step of the A/B split's second variant).
 */
export function stepAt(steps: Step[], path: string): Step | undefined {
  if (path === '') return undefined;
  const parts = path.split('/');
  let list: Step[] = steps;
  let step: Step | undefined;
  for (let i = 0; i < parts.length; i += 1) {
    step = list[Number(parts[i])];
    if (!step) return undefined;
    if (i === parts.length - 1) return step;
    const arm = parts[i + 1];
    i += 1;
    if (step.type === 'branch' && (arm === 'yes' || arm === 'no')) list = step[arm];
    else if (step.type === 'ab_split' && step.variants[Number(arm)]) list = step.variants[Number(arm)].steps;
    else return undefined;
  }
  return step;
}

/** The path after `path` once its step (and anything inside it) is done; '' when the run is over. */
export function nextPath(steps: Step[], path: string): string {
  let parts = path.split('/');
  for (;;) {
    const index = Number(parts[parts.length - 1]);
    const list = parts.length === 1 ? steps : childList(steps, parts.slice(0, -1));
    if (list && index + 1 < list.length) return [...parts.slice(0, -1), String(index + 1)].join('/');
    if (parts.length === 1) return '';
    // The arm is done, so is the branch or split that owns it: go on after that one.
    parts = parts.slice(0, -2);
  }
}

function childList(steps: Step[], armPath: string[]): Step[] | undefined {
  const arm = armPath[armPath.length - 1];
  const owner = stepAt(steps, armPath.slice(0, -1).join('/'));
  if (owner?.type === 'branch' && (arm === 'yes' || arm === 'no')) return owner[arm];
  if (owner?.type === 'ab_split') return owner.variants[Number(arm)]?.steps;
  return undefined;
}

/** The first step of an arm, or the step after the branch when the arm is empty. */
export function enterArm(steps: Step[], path: string, arm: string): string {
  const list = childList(steps, [...path.split('/'), arm]);
  return list && list.length > 0 ? `${path}/${arm}/0` : nextPath(steps, path);
}

export function waitMilliseconds(step: { amount: number; unit: (typeof waitUnits)[number] }): number {
  const unitMs = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 }[step.unit];
  return step.amount * unitMs;
}

/** Does the contact meet the condition? Pure, so the builder's preview and the runner agree. */
export function meetsCondition(
  contact: { status: string; source: string; tags: string[] },
  condition: Condition,
): boolean {
  switch (condition.field) {
    case 'status':
      return (contact.status === condition.value) === (condition.op === 'is');
    case 'source':
      return (contact.source.toLowerCase() === condition.value.toLowerCase()) === (condition.op === 'is');
    case 'tag': {
      const has = contact.tags.some((t) => t.toLowerCase() === condition.value.toLowerCase());
      return has === (condition.op === 'has');
    }
  }
}

export const automationSettingsSchema = z.object({
  runRetentionDays: z.number(),
  trackingEnabled: z.boolean(),
  sendRatePerMinute: z.number(),
});
export const automationSettingsUpdateSchema = z.object({
  runRetentionDays: z
    .number()
    .int(/*i18n*/ 'Whole days')
    .min(1, /*i18n*/ 'At least 1 day')
    .max(3650, /*i18n*/ 'At most 3650 days')
    .optional(),
  trackingEnabled: z.boolean(/*i18n*/ 'On or off').optional(),
  sendRatePerMinute: z
    .number()
    .int(/*i18n*/ 'Whole number')
    .min(0, /*i18n*/ '0 (no limit) or more')
    .max(100_000)
    .optional(),
});

/** The workspace's signed endpoint for its scheduling provider's booking webhooks (Cal.com, Calendly). */
export const bookingWebhookSchema = z.object({ url: z.string(), secret: z.string() });
export type BookingWebhook = z.infer<typeof bookingWebhookSchema>;

export const bookingWebhookParamsSchema = z.object({
  workspaceId: z.coerce.number(/*i18n*/ 'Workspace id must be a number').int().positive(),
});

export const bookingReceivedSchema = z.object({
  received: z.literal(true),
  contactFound: z.boolean(),
  runsExited: z.number(),
});
