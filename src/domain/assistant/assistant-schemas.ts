import { messageValuesSchema, serverMessageIdSchema } from '@domain/message-schemas';
import { z } from 'zod';
import { validationMessage } from '../validation-messages.js';

/** The demo's three scenarios (spec 001 "AI assistant demo"); the contact form's notes field is note-taking. */
export const assistantScenarios = ['contact-search', 'email-composition', 'note-taking'] as const;
export type AssistantScenario = (typeof assistantScenarios)[number];

export const suggestionTypes = ['completion', 'improvement', 'next_action', 'template'] as const;
export type SuggestionType = (typeof suggestionTypes)[number];

/** Spec 001 §5: requests only from this many typed characters. */
export const minInputLength = 3;
/** Spec 001 §5 and §9: the recent-activity list keeps at most this many entries. */
export const recentActivityLimit = 10;
export const userInputMaxLength = 2000;

const text = (max: number, label: string) =>
  z
    .string(validationMessage(/*i18n*/ '{label} must be text', { label }))
    .max(max, validationMessage(/*i18n*/ '{label} must be at most {max} characters', { label, max }));

/** The contact the input is about (the form being edited, or the demo's sample contact). */
export const assistantContactSchema = z
  .object({
    id: z.number().int().positive().optional(),
    firstName: text(80, /*i18n*/ 'First name').nullish(),
    lastName: text(80, /*i18n*/ 'Last name').nullish(),
    email: text(254, /*i18n*/ 'Email').nullish(),
    phone: text(40, /*i18n*/ 'Phone').nullish(),
    company: text(160, /*i18n*/ 'Company').nullish(),
    status: text(40, /*i18n*/ 'Status').nullish(),
    lastContactedAt: text(40, /*i18n*/ 'Last contact').nullish(),
    notes: text(5000, /*i18n*/ 'Notes').nullish(),
  })
  .strict();
export type AssistantContact = z.infer<typeof assistantContactSchema>;

export const recentActivityEntrySchema = z
  .object({
    action: text(60, /*i18n*/ 'Action').min(1, /*i18n*/ 'Action is required'),
    detail: text(200, /*i18n*/ 'Detail').optional(),
    at: z.iso.datetime({ offset: true, message: /*i18n*/ 'Enter a valid date and time' }).optional(),
  })
  .strict();
export type RecentActivityEntry = z.infer<typeof recentActivityEntrySchema>;

/** POST /api/ai/contextual-suggestions and its public -demo twin (spec 001 §7). */
export const suggestionRequestSchema = z
  .object({
    currentPage: z.enum(
      assistantScenarios,
      /*i18n*/ 'Page must be contact-search, email-composition or note-taking',
    ),
    userInput: text(userInputMaxLength, /*i18n*/ 'Input'),
    contactData: assistantContactSchema.nullish(),
    recentActivity: z
      .array(recentActivityEntrySchema)
      .max(
        recentActivityLimit,
        validationMessage(/*i18n*/ 'At most {count} recent activities', { count: recentActivityLimit }),
      )
      .default([]),
    formData: z
      .record(
        text(60, /*i18n*/ 'Field name'),
        z.union([text(2000, /*i18n*/ 'Field'), z.number(), z.boolean(), z.null()]),
      )
      .refine((record) => Object.keys(record).length <= 30, /*i18n*/ 'At most 30 form fields')
      .nullish(),
  })
  .strict();
export type SuggestionRequest = z.input<typeof suggestionRequestSchema>;
export type ParsedSuggestionRequest = z.output<typeof suggestionRequestSchema>;

/** A catalogued server message (src/domain/messages.ts) the client shows in the user's language. */
const localizedSchema = z.object({ id: serverMessageIdSchema, values: messageValuesSchema });
export type Localized = z.infer<typeof localizedSchema>;

export const suggestionSchema = z.object({
  type: z.enum(suggestionTypes),
  text: z.string().min(1).max(2000),
  confidence: z.number().min(0).max(1),
  /** Why this is suggested, in a few words. */
  reason: z.string().min(1).max(300),
  textMessage: localizedSchema.optional(),
  reasonMessage: localizedSchema.optional(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

/** `append` adds `text` to the input, `replace` puts it in the input's place. */
export const quickActionSchema = z.object({
  label: z.string().min(1).max(80),
  action: z.enum(['append', 'replace']),
  text: z.string().min(1).max(2000),
  labelMessage: localizedSchema.optional(),
  textMessage: localizedSchema.optional(),
});
export type QuickAction = z.infer<typeof quickActionSchema>;

export const maxSuggestions = 6;
export const maxQuickActions = 3;

/** What the engine, or the model, answers: a model's JSON is validated with this very schema. */
export const suggestionAnswerSchema = z.object({
  suggestions: z.array(suggestionSchema).max(maxSuggestions),
  quickActions: z.array(quickActionSchema).max(maxQuickActions),
});
export type SuggestionAnswer = z.infer<typeof suggestionAnswerSchema>;

/**
 * Who answered: the offline rules, the model, or the rules because the model's answer could not be
 * used (failed, or not the JSON asked for).
 */
export const suggestionEngines = ['rules', 'model', 'rules_fallback'] as const;

export const suggestionResponseSchema = suggestionAnswerSchema.extend({
  engine: z.enum(suggestionEngines),
});
export type SuggestionResponse = z.infer<typeof suggestionResponseSchema>;
