import { messageRefSchema } from '@domain/message-schemas';
import { z } from 'zod';

export const phoneSyncTypes = ['contacts', 'calls', 'messages'] as const;
export type PhoneSyncType = (typeof phoneSyncTypes)[number];

/** The most items one sync may carry; a phone sends its changes in batches. */
export const maxSyncItems = 1000;

const optionalText = (max: number) => z.string().trim().max(max).optional().nullable();
const phoneText = z.string().trim().min(1, /*i18n*/ 'is required').max(40);
const dateText = z.iso.datetime({ offset: true, message: /*i18n*/ 'must be an ISO date-time' });

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
    message: /*i18n*/ 'a phone or an email is required',
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
  data: z.array(z.unknown()).min(1, /*i18n*/ 'must contain at least one item').max(maxSyncItems),
  authToken: z.string().trim().min(1, /*i18n*/ 'is required').max(200),
  /**
   * A test sync (the tab's Test buttons): it carries only the sample items. Any token sends one; a testing
   * token sends nothing else.
   */
  test: z.boolean(/*i18n*/ 'must be true or false').default(false),
});

/** POST /api/iphone/sync answers 202: the batch is stored and queued. */
export const receivedSyncSchema = z.object({
  recordId: z.number(),
  status: z.literal('processing'),
  itemCount: z.number(),
  message: z.string(),
});

/** GET /api/iphone/sync-records: one received batch and what processing it did. */
export const syncRecordSchema = z.object({
  id: z.number(),
  sync_type: z.enum(phoneSyncTypes),
  item_count: z.number(),
  processed: z.boolean(),
  contacts_created: z.number(),
  contacts_updated: z.number(),
  error_message: z.string().nullable(),
  /** `error_message`'s catalogued message, for the reader's language (failures since migration 0203). */
  error_message_ref: messageRefSchema.nullable(),
  /** Sent by a Test button (the sample items), not by a phone. */
  is_test: z.boolean(),
  created_at: z.string(),
});
export type SyncRecord = z.infer<typeof syncRecordSchema>;

/** A sync token as listed in settings: only its hint, never the token. */
export const syncTokenSchema = z.object({
  id: z.number(),
  name: z.string(),
  tokenHint: z.string(),
  /** A testing token: every member can read it, and it sends test syncs only. */
  isTestToken: z.boolean(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SyncToken = z.infer<typeof syncTokenSchema>;

export const createSyncTokenSchema = z.object({
  name: z.string().trim().min(1, /*i18n*/ 'Give the token a name').max(100),
});
export type CreateSyncTokenInput = z.infer<typeof createSyncTokenSchema>;

/** The answer to a creation: the only time the whole token is shown. */
export const createdSyncTokenSchema = syncTokenSchema.extend({ token: z.string() });

/** GET /api/iphone/test-token: the workspace's testing token (every workspace starts with one), null once revoked. */
export const testTokenSchema = z.object({ token: z.string().nullable() });
