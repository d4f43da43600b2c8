import { z } from 'zod';
import { emailProviders } from './providers.js';

export const emailDirections = ['inbound', 'outgoing'] as const;
export type EmailDirection = (typeof emailDirections)[number];

/** An address with an optional display name: "Jane Doe <jane@x.com>" or "jane@x.com". */
const addressField = z
  .string()
  .trim()
  .min(1, 'Please provide at least the from and to email addresses.')
  .max(320)
  .refine(
    // An empty value already has its message from min(1).
    (v) => v === '' || /^(?:[^<>]*<)?\s*[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+\s*>?\s*$/.test(v),
    'is not an email address',
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

const secretField = z.string().min(1, 'Enter the app password for this mailbox.').max(1024);

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
      .regex(/^[a-z0-9.-]+$/i, 'is not a host name')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    port: z.number().int().min(1).max(65535).optional(),
    secure: z.boolean().optional(),
  })
  .refine((v) => v.password !== undefined || v.appPassword !== undefined, {
    path: ['password'],
    message: 'Enter the app password for this mailbox.',
  });
export type ConnectEmailInput = z.infer<typeof connectEmailSchema>;
