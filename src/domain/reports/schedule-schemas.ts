import { z } from 'zod';
import { emailSchema } from '../auth/email-schema.js';
import { idParamSchema, idSchema } from '../ids.js';
import { locales } from '../locales.js';
import { validationMessage } from '../validation-messages.js';

/** Scheduled reports (issue 34 §3): a saved report or a shared dashboard mailed on a schedule. */
export const scheduleFrequencies = ['daily', 'weekly', 'monthly'] as const;
export type ScheduleFrequency = (typeof scheduleFrequencies)[number];

/** Recipients of one schedule: every member and then some, few enough that a send round stays short. */
export const maxScheduleRecipients = 50;

/** Whether the runtime knows `zone` as an IANA time zone (`Europe/Berlin`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z.string().max(64).refine(isTimeZone, /*i18n*/ 'Choose a valid time zone');

const localeSchema = z.enum(locales, {
  error: validationMessage(/*i18n*/ 'Choose one of: {locales}', { locales: locales.join(', ') }),
});

/** A member (by user id) or an outside address (with the language its mail is written in, English by default). */
export const scheduleRecipientInputSchema = z
  .object({
    userId: idSchema.optional(),
    email: emailSchema.optional(),
    locale: localeSchema.optional(),
    timeZone: timeZoneSchema,
  })
  .refine((r) => (r.userId === undefined) !== (r.email === undefined), {
    path: ['email'],
    message: /*i18n*/ 'Choose a member or enter an email address',
  });
export type ScheduleRecipientInput = z.infer<typeof scheduleRecipientInputSchema>;

const wholeIn = (min: number, max: number) =>
  z
    .number(/*i18n*/ 'must be a number')
    .int(/*i18n*/ 'must be a whole number')
    .min(min, validationMessage(/*i18n*/ 'must be {min} or more', { min }))
    .max(max, validationMessage(/*i18n*/ 'must be at most {max}', { max }));

/**
 * What is sent, how often and when: `weekday` (1 Monday … 7 Sunday) for a weekly one, `monthDay` (1–28, a
 * day every month has) for a monthly one, `timeOfDay` as HH:MM in each recipient's own time zone.
 */
export const scheduleInputSchema = z
  .object({
    reportId: idSchema.optional(),
    dashboardId: idSchema.optional(),
    frequency: z.enum(scheduleFrequencies, /*i18n*/ 'Choose how often'),
    weekday: wholeIn(1, 7).optional(),
    monthDay: wholeIn(1, 28).optional(),
    timeOfDay: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, /*i18n*/ 'Enter a time as HH:MM'),
    recipients: z.array(scheduleRecipientInputSchema).max(maxScheduleRecipients),
  })
  .superRefine((input, ctx) => {
    if ((input.reportId === undefined) === (input.dashboardId === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['reportId'],
        message: /*i18n*/ 'Choose a report or a dashboard',
      });
    if (input.frequency === 'weekly' && input.weekday === undefined)
      ctx.addIssue({ code: 'custom', path: ['weekday'], message: /*i18n*/ 'Choose a weekday' });
    if (input.frequency === 'monthly' && input.monthDay === undefined)
      ctx.addIssue({ code: 'custom', path: ['monthDay'], message: /*i18n*/ 'Choose a day of the month' });
    const seen = new Set<string>();
    input.recipients.forEach((r, i) => {
      const key = r.userId === undefined ? `e${r.email}` : `u${r.userId}`;
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['recipients', i],
          message: /*i18n*/ 'This recipient is already on the list',
        });
      seen.add(key);
    });
  });
export type ScheduleInput = z.infer<typeof scheduleInputSchema>;

/** A member's own subscription to a schedule: the time zone their mail's time of day is read in. */
export const scheduleSubscribeSchema = z.object({ timeZone: timeZoneSchema });

export const scheduleIdParamsSchema = z.object({ id: idParamSchema });

export const scheduleRecipientSchema = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  email: z.string(),
  name: z.string().nullable(),
  locale: z.string().nullable(),
  timeZone: z.string(),
  /** An outside address receives nothing until it opens the link of its confirmation mail. */
  confirmed: z.boolean(),
  unsubscribed: z.boolean(),
  /** The next send to this recipient (ISO instant); null once unsubscribed or while unconfirmed. */
  nextSendAt: z.string().nullable(),
});
export type ScheduleRecipient = z.infer<typeof scheduleRecipientSchema>;

export const scheduleSchema = z.object({
  id: z.number(),
  reportId: z.number().nullable(),
  dashboardId: z.number().nullable(),
  /** The report's or dashboard's name. */
  name: z.string(),
  frequency: z.enum(scheduleFrequencies),
  weekday: z.number().nullable(),
  monthDay: z.number().nullable(),
  timeOfDay: z.string(),
  createdBy: z.number().nullable(),
  recipients: z.array(scheduleRecipientSchema),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const scheduleListSchema = z.object({ schedules: z.array(scheduleSchema) });
export type ScheduleList = z.infer<typeof scheduleListSchema>;
