import { z } from 'zod';
import { idParamSchema, websiteIdSchema } from '../ids.js';
import { locales } from '../locales.js';
import { validationMessage } from '../validation-messages.js';
import { landingAbTestSchema } from './landing-ab-test.js';

/**
 * Lead forms (issue 32 §1): a form's fields, each mapped to a contact field, a custom property of the
 * contact, or nothing (the answer then lives on the submission and the timeline only); an optional consent
 * checkbox whose text is stored with every submission; what the visitor reads afterwards.
 */

/** Contact fields a form field can fill (the identity and address fields of the ingestion port). */
export const formContactFields = [
  'email',
  'phone',
  'firstName',
  'lastName',
  'company',
  'address',
  'city',
  'state',
  'zip',
] as const;
export type FormContactField = (typeof formContactFields)[number];

/** Where an answer goes: a contact field, a custom property (`property` names it), or nowhere else. */
export const formTargets = [...formContactFields, 'property', 'none'] as const;
export type FormTarget = (typeof formTargets)[number];

export const formFieldTypes = ['text', 'email', 'tel', 'textarea', 'select', 'checkbox'] as const;
export type FormFieldType = (typeof formFieldTypes)[number];

export const maxFormFields = 30;
export const maxAnswerLength = 5000;

const text = (label: string, max: number) =>
  z
    .string(validationMessage(/*i18n*/ '{label} is required', { label }))
    .trim()
    .min(1, validationMessage(/*i18n*/ '{label} is required', { label }))
    .max(max, validationMessage(/*i18n*/ '{label} is too long', { label }));

/** An answer's key in a submission: stable across edits of the form, so old answers keep their field. */
export const fieldKeySchema = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,39}$/, /*i18n*/ 'Use lowercase letters, digits and _ (at most 40)');

export const formFieldSchema = z
  .object({
    key: fieldKeySchema,
    label: text(/*i18n*/ 'Label', 200),
    type: z.enum(formFieldTypes, /*i18n*/ 'Type must be text, email, tel, textarea, select or checkbox'),
    required: z.boolean().default(false),
    target: z.enum(formTargets, /*i18n*/ 'Choose where the answer goes'),
    /** The custom property's name, when `target` is 'property'. */
    property: text(/*i18n*/ 'Property', 40).optional(),
    /** The choices of a select field. */
    options: z.array(text(/*i18n*/ 'Option', 200)).max(50).optional(),
  })
  .superRefine((field, ctx) => {
    if (field.target === 'property' && !field.property)
      ctx.addIssue({ code: 'custom', path: ['property'], message: /*i18n*/ 'Name the property' });
    if (field.target === 'email' && field.type !== 'email')
      ctx.addIssue({
        code: 'custom',
        path: ['type'],
        message: /*i18n*/ 'An email answer needs the email type',
      });
    if (field.target === 'phone' && field.type !== 'tel')
      ctx.addIssue({ code: 'custom', path: ['type'], message: /*i18n*/ 'A phone answer needs the tel type' });
    if (field.type === 'checkbox' && field.target !== 'property' && field.target !== 'none')
      ctx.addIssue({
        code: 'custom',
        path: ['target'],
        message: /*i18n*/ 'A checkbox can fill a custom property or nothing',
      });
    if (field.type === 'select' && (field.options?.length ?? 0) < 1)
      ctx.addIssue({ code: 'custom', path: ['options'], message: /*i18n*/ 'Add at least one option' });
  });
export type FormField = z.output<typeof formFieldSchema>;
export type FormFieldInput = z.input<typeof formFieldSchema>;

/** The consent checkbox: its text (stored with each submission) and whether the form needs it ticked. */
export const formConsentSchema = z.object({
  text: text(/*i18n*/ 'Consent text', 2000),
  required: z.boolean().default(true),
});
export type FormConsent = z.infer<typeof formConsentSchema>;

/**
 * Everything a visitor reads besides the owner's labels, in the form's language: the builder fills them from
 * the catalogs when the language is chosen, and the owner may reword them. The hosted page and the embed
 * show these, so a form reads the same wherever it is.
 */
export const formTextsSchema = z.object({
  submit: text(/*i18n*/ 'Button', 60),
  thankYou: text(/*i18n*/ 'Thank-you message', 1000),
  required: text(/*i18n*/ 'Required-field message', 200),
  invalid: text(/*i18n*/ 'Invalid-answer message', 200),
  failed: text(/*i18n*/ 'Failure message', 300),
});
export type FormTexts = z.infer<typeof formTextsSchema>;

const identityTargets: readonly FormTarget[] = ['email', 'phone'];

const redirectUrlSchema = z
  .url({ protocol: /^https?$/, error: /*i18n*/ 'A URL starting with http:// or https://' })
  .max(2000);

/** A form's content, checked as a whole: keys and targets unique, one required email or phone field. */
const formContentShape = {
  name: text(/*i18n*/ 'Name', 200),
  locale: z.enum(locales, /*i18n*/ 'Choose one of the languages of the product'),
  /** The website whose contacts the form brings (their source); null = the site it is embedded on, if any. */
  websiteId: websiteIdSchema.nullable().default(null),
  fields: z
    .array(formFieldSchema)
    .min(1, /*i18n*/ 'Add at least one field')
    .max(maxFormFields, /*i18n*/ 'At most 30 fields'),
  consent: formConsentSchema.nullable().default(null),
  texts: formTextsSchema,
  /** Where the visitor goes after sending; null = the thank-you message. */
  redirectUrl: redirectUrlSchema.nullable().default(null),
};

function checkFields(fields: FormField[] | undefined, ctx: z.RefinementCtx): void {
  if (!fields) return;
  const keys = new Set<string>();
  const targets = new Set<string>();
  fields.forEach((field, i) => {
    if (keys.has(field.key))
      ctx.addIssue({
        code: 'custom',
        path: ['fields', i, 'key'],
        message: /*i18n*/ 'Two fields have this key',
      });
    keys.add(field.key);
    const target = field.target === 'property' ? `property:${field.property?.toLowerCase()}` : field.target;
    if (field.target !== 'none' && targets.has(target))
      ctx.addIssue({
        code: 'custom',
        path: ['fields', i, 'target'],
        message: /*i18n*/ 'Another field already fills this',
      });
    targets.add(target);
  });
  if (!fields.some((f) => f.required && identityTargets.includes(f.target)))
    ctx.addIssue({
      code: 'custom',
      path: ['fields'],
      message: /*i18n*/ 'A form needs a required email or phone field, so each answer finds its contact',
    });
}

export const formCreateSchema = z
  .object(formContentShape)
  .superRefine((form, ctx) => checkFields(form.fields, ctx));
export type FormCreateInput = z.input<typeof formCreateSchema>;

export const formUpdateSchema = z
  .object({
    name: formContentShape.name.optional(),
    locale: formContentShape.locale.optional(),
    websiteId: websiteIdSchema.nullable().optional(),
    fields: formContentShape.fields.optional(),
    consent: formConsentSchema.nullable().optional(),
    texts: formTextsSchema.optional(),
    redirectUrl: redirectUrlSchema.nullable().optional(),
  })
  .superRefine((form, ctx) => checkFields(form.fields, ctx));
export type FormUpdateInput = z.input<typeof formUpdateSchema>;

export const formIdParamsSchema = z.object({ id: idParamSchema });

/** A public form's key, in its hosted page's address and in the embed snippet. */
export const formKeyParamsSchema = z.object({
  key: z.string().regex(/^[0-9a-f]{24}$/, /*i18n*/ 'Not a form key'),
});

// ---- figures ----

export const formRefusalReasons = ['honeypot', 'tooFast', 'rateLimited', 'invalid'] as const;
export type FormRefusalReason = (typeof formRefusalReasons)[number];

export const formFiguresSchema = z.object({
  views: z.number(),
  submissions: z.number(),
  /** Submissions ÷ views, in percent (one decimal); null before the first view. */
  conversionRate: z.number().nullable(),
  refused: z.object({
    honeypot: z.number(),
    tooFast: z.number(),
    rateLimited: z.number(),
    invalid: z.number(),
  }),
});
export type FormFigures = z.infer<typeof formFiguresSchema>;

/** Conversion in percent with one decimal, null without views (never a made-up 0 %). */
export function conversionRate(submissions: number, views: number): number | null {
  return views === 0 ? null : Math.round((submissions / views) * 1000) / 10;
}

// ---- answers ----

const formShape = {
  id: z.number(),
  key: z.string(),
  name: z.string(),
  locale: z.enum(locales),
  websiteId: z.number().nullable(),
  fields: z.array(formFieldSchema),
  consent: formConsentSchema.nullable(),
  texts: formTextsSchema,
  redirectUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const formSummarySchema = z.object({
  id: z.number(),
  key: z.string(),
  name: z.string(),
  locale: z.enum(locales),
  fieldCount: z.number(),
  figures: formFiguresSchema,
  updatedAt: z.string(),
});
export type FormSummary = z.infer<typeof formSummarySchema>;

export const formDetailSchema = z.object({
  ...formShape,
  /** The hosted page's address. */
  hostedUrl: z.string(),
  /** The tag a site owner pastes where the form should appear. */
  embedSnippet: z.string(),
  /** All time. */
  figures: formFiguresSchema,
  /** The hosted page's A/B test with each variant's figures, or null. */
  abTest: landingAbTestSchema.nullable(),
});
export type FormDetail = z.infer<typeof formDetailSchema>;

export const formSubmissionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const formSubmissionSchema = z.object({
  id: z.number(),
  contactId: z.number().nullable(),
  contactName: z.string().nullable(),
  answers: z.array(z.object({ key: z.string(), label: z.string(), value: z.string() })),
  consent: z.object({ text: z.string(), given: z.boolean() }).nullable(),
  page: z.string().nullable(),
  submittedAt: z.string(),
});
export type FormSubmission = z.infer<typeof formSubmissionSchema>;

/** The analytics tab's card: each form's figures over the chosen range. */
export const formsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: formFiguresSchema,
  forms: z.array(z.object({ id: z.number(), name: z.string(), figures: formFiguresSchema })),
});
export type FormsReport = z.infer<typeof formsReportSchema>;

// ---- the public side: what the hosted page and the embed read and send ----

/** A form as a visitor's browser reads it (no mapping, no internals), with its render token. */
export const publicFormSchema = z.object({
  key: z.string(),
  name: z.string(),
  locale: z.enum(locales),
  dir: z.enum(['ltr', 'rtl']),
  fields: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      type: z.enum(formFieldTypes),
      required: z.boolean(),
      options: z.array(z.string()).optional(),
      /** The browser's autofill hint for a contact field (`email`, `given-name`, …). */
      autocomplete: z.string().optional(),
    }),
  ),
  consent: formConsentSchema.nullable(),
  texts: formTextsSchema,
  redirectUrl: z.string().nullable(),
  /** Signed time of this rendering: a submission sooner than the floor after it is refused as too fast. */
  token: z.string(),
});
export type PublicForm = z.infer<typeof publicFormSchema>;

/** What the embed posts (text/plain JSON: a CORS "simple" request, no preflight). */
export const formSubmitSchema = z.object({
  token: z.string().max(200),
  answers: z
    .record(fieldKeySchema, z.union([z.string().max(maxAnswerLength), z.boolean()]))
    .refine((answers) => Object.keys(answers).length <= maxFormFields, /*i18n*/ 'At most 30 fields'),
  consent: z.boolean().optional(),
  /** The honeypot: a field people never see; anything in it marks a bot. */
  hp: z.string().max(2000).optional(),
  /** The page the form was sent from. */
  page: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .optional(),
});
export type FormSubmitInput = z.infer<typeof formSubmitSchema>;

export const formSubmitResultSchema = z.object({
  ok: z.literal(true),
  redirectUrl: z.string().nullable(),
});
