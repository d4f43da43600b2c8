import { storedValuesSchema } from '@domain/message-schemas';
import { z } from 'zod';

/** Activity types the dashboard gives an icon of their own (spec 000 §3); any other type is shown as generic. */
export const knownActivityTypes = [
  'content_generated',
  'content_created',
  'payment_received',
  'contact_added',
] as const;
export type KnownActivityType = (typeof knownActivityTypes)[number];

/** GET /api/activities: one line of the dashboard's Recent Activity. */
export const activitySchema = z.object({
  id: z.number(),
  type: z.string(),
  /** The English text; shown as it is when the line has no catalogued message. */
  description: z.string(),
  /** A message of src/domain/messages.ts and its values, for the reader's language (lines recorded since 0031). */
  messageId: z.string().nullable(),
  values: storedValuesSchema.nullable(),
  createdAt: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;
