import { messageRefSchema } from '@domain/message-schemas';
import { z } from 'zod';
import { emailProviders } from './providers.js';

export const emailDirections = ['inbound', 'outgoing'] as const;
export type EmailDirection = (typeof emailDirections)[number];

/** An address with an optional display name: "Jane Doe <jane@x.com>" or "jane@x.com". */
const addressField = z
  .string()
  .trim()
  .min(1, /*i18n*/ 'Please provide at least the from and to email addresses.')
  .max(320)
  .refine(
    // An empty value already has its message from min(1).
    (v) => v === '' || /^(?:[^<>]*<)?\s*[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+\s*>?\s*$/.test(v),
    /*i18n*/ 'is not an email address',
  );

export const processEmailSchema = z.object({
  messageId: z.string().trim().max(998).optional(),
  fromEmail: addressField,
  toEmail: addressField,
  subject: z.string().max(998).optional(),
  body: z.string().max(1_000_000).optional(),
  direction: z.enum(emailDirections).optional(),
  receivedAt: z.iso.datetime({ offset: true }).optional(),
});
export type ProcessEmailInput = z.infer<typeof processEmailSchema>;

const secretField = z.string().min(1, /*i18n*/ 'Enter the app password for this mailbox.').max(1024);

/** The mailbox secret may be sent as `password` or `appPassword` (what Gmail and Outlook call it). */
export const connectEmailSchema = z
  .object({
    provider: z.enum(emailProviders),
    email: z.email().max(320),
    password: secretField.optional(),
    appPassword: secretField.optional(),
    host: z
      .string()
      .trim()
      .max(253)
      .regex(/^[a-z0-9.-]+$/i, /*i18n*/ 'is not a host name')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    port: z.number().int().min(1).max(65535).optional(),
    secure: z.boolean().optional(),
  })
  .refine((v) => v.password !== undefined || v.appPassword !== undefined, {
    path: ['password'],
    message: /*i18n*/ 'Enter the app password for this mailbox.',
  });
export type ConnectEmailInput = z.infer<typeof connectEmailSchema>;

/** GET /api/emails/processing-jobs: one queued email and what its processing did. */
export const emailProcessingJobSchema = z.object({
  id: z.number(),
  message_id: z.string(),
  origin: z.enum(['manual', 'imap', 'capture']),
  from_email: z.string(),
  to_email: z.string(),
  subject: z.string().nullable(),
  direction: z.enum(emailDirections),
  processed: z.boolean(),
  contact_created: z.boolean(),
  contact_id: z.number().nullable(),
  error_message: z.string().nullable(),
  /** `error_message`'s catalogued message, for the reader's language (failures since migration 0202). */
  error_message_ref: messageRefSchema.nullable(),
  created_at: z.string(),
});
export type EmailProcessingJob = z.infer<typeof emailProcessingJobSchema>;

/** POST /api/emails/process answers 202 with the queued job. */
export const submittedEmailSchema = z.object({
  jobId: z.number(),
  messageId: z.string(),
  duplicate: z.boolean(),
  message: z.string(),
});

/** A connected mailbox (GET and POST /api/email/sync-status). */
export const emailAccountSchema = z.object({
  id: z.number(),
  email: z.string(),
  provider: z.enum(emailProviders),
  isActive: z.boolean(),
  lastError: z.string().nullable(),
  /** `lastError`'s catalogued message, for the reader's language (failures since migration 0202). */
  lastErrorMessage: messageRefSchema.nullable(),
  lastSyncedAt: z.string().nullable(),
  imapHost: z.string(),
  createdAt: z.string(),
});
export type EmailAccount = z.infer<typeof emailAccountSchema>;

/** GET /api/email/conversations: the latest filed emails. */
export const emailConversationSchema = z.object({
  id: z.number(),
  subject: z.string().nullable(),
  direction: z.enum(emailDirections),
  fromEmail: z.string(),
  toEmail: z.string(),
  receivedAt: z.string(),
  contactId: z.number().nullable(),
});
export type EmailConversation = z.infer<typeof emailConversationSchema>;

export const captureAddressSchema = z.object({ address: z.string() });
