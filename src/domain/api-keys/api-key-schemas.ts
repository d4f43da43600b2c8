import { z } from 'zod';
import { validationMessage } from '../validation-messages.js';

/** A key acts with one of these roles; never owner, and never above the role of whoever creates it. */
export const apiKeyRoles = ['admin', 'member', 'viewer'] as const;
export type ApiKeyRole = (typeof apiKeyRoles)[number];

/** The longest a key may live: a key meant to last longer should be rotated. */
export const maxApiKeyLifetimeDays = 366 * 2;

export const createApiKeySchema = z.object({
  name: z.string().trim().min(1, /*i18n*/ 'is required').max(100, /*i18n*/ 'is at most 100 characters'),
  role: z.enum(apiKeyRoles),
  expiresAt: z.iso
    .datetime({ offset: true })
    .nullable()
    .optional()
    .refine((v) => v == null || new Date(v).getTime() > Date.now(), /*i18n*/ 'must be in the future')
    .refine(
      (v) => v == null || new Date(v).getTime() <= Date.now() + maxApiKeyLifetimeDays * 86_400_000,
      validationMessage(/*i18n*/ 'is at most {days} days away', { days: maxApiKeyLifetimeDays }),
    ),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

export const apiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The public part, e.g. `bh_live_3f9a0c12d4e5`: how a key is recognised without its secret. */
  prefix: z.string(),
  role: z.enum(apiKeyRoles),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  createdBy: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to a creation: the only time the whole key is ever shown. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyIdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});
