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
  description: z.string(),
  createdAt: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;
