import { z } from 'zod';

export const phoneSyncTypes = ['contacts', 'calls', 'messages'] as const;
export type PhoneSyncType = (typeof phoneSyncTypes)[number];

/** The most items one sync may carry; a phone sends its changes in batches. */
export const maxSyncItems = 1000;

const optionalText = (max: number) => z.string().trim().max(max).optional().nullable();
const phoneText = z.string().trim().min(1, 'is required').max(40);
const dateText = z.iso.datetime({ offset: true, message: 'must be an ISO date-time' });

export const contactSyncItemSchema = z
  .object({
    firstName: optionalText(100),
    lastName: optionalText(100),
    phone: z.string().trim().max(40).optional().nullable(),
    email: z.email().max(320).optional().nullable().or(z.literal('')),
    company: optionalText(200),
    address: z
      .object({
        street: optionalText(200),
        city: optionalText(100),
        state: optionalText(50),
        zip: optionalText(20),
      })
      .optional()
      .nullable(),
  })
  .refine((c) => Boolean(c.phone || c.email), {
    path: ['phone'],
    message: 'a phone or an email is required',
  });

export const callSyncItemSchema = z.object({
  phoneNumber: phoneText,
  type: z.enum(['outgoing', 'incoming']),
  /** Seconds. */
  duration: z.number().int().min(0).max(86_400),
  date: dateText,
});

export const messageSyncItemSchema = z.object({
  phoneNumber: phoneText,
  type: z.enum(['sent', 'received']),
  text: z.string().max(10_000),
  date: dateText,
});

export type ContactSyncItem = z.infer<typeof contactSyncItemSchema>;
export type CallSyncItem = z.infer<typeof callSyncItemSchema>;
export type MessageSyncItem = z.infer<typeof messageSyncItemSchema>;

export const syncItemSchemas = {
  contacts: contactSyncItemSchema,
  calls: callSyncItemSchema,
  messages: messageSyncItemSchema,
} as const;

export const phoneSyncPayloadSchema = z.object({
  type: z.enum(phoneSyncTypes),
  data: z.array(z.unknown()).min(1, 'must contain at least one item').max(maxSyncItems),
  authToken: z.string().trim().min(1, 'is required').max(200),
});
