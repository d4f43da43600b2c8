import { z } from 'zod';
import { idSchema } from '../ids.js';

export const successionStatusSchema = z.enum(['active', 'notified', 'claimed', 'cancelled']);

export const successionPlanInputSchema = z
  .object({
    successorId: idSchema,
    inactivityDays: z
      .number(/*i18n*/ 'must be a number')
      .int(/*i18n*/ 'must be a whole number of days')
      .min(1, /*i18n*/ 'at least 1 day')
      .max(3650, /*i18n*/ 'at most 3650 days'),
  })
  .strict();
export type SuccessionPlanInput = z.infer<typeof successionPlanInputSchema>;

const personSchema = z.object({ id: z.number(), name: z.string(), email: z.string() });

/** The workspace's succession plan as the Succession tab shows it (null: none set). */
export const successionPlanSchema = z.object({
  owner: personSchema,
  successor: personSchema,
  inactivityDays: z.number(),
  status: successionStatusSchema,
  /** When the owner last signed in, and when the successor may claim if the owner stays away. */
  ownerLastSignInAt: z.string(),
  claimableAt: z.string(),
  notifiedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SuccessionPlan = z.infer<typeof successionPlanSchema>;

/** What the tab needs: the plan, who may be named, and what the viewer may do. */
export const successionStateSchema = z.object({
  plan: successionPlanSchema.nullable(),
  candidates: z.array(personSchema),
  canManage: z.boolean(),
  canClaim: z.boolean(),
});
export type SuccessionState = z.infer<typeof successionStateSchema>;
