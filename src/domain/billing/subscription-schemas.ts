import { z } from 'zod';
import { idParamSchema } from '../ids.js';
import { addonIds } from '../pricing/addons.js';
import { planIds } from '../pricing/plans.js';

/**
 * A workspace's subscriptions (ADR 0013): its platform plan, and beside it REOSS memberships and
 * local-business listings, each with its own price, seats and renewal. Amounts in integer cents.
 */
export const subscriptionKinds = ['platform', 'reoss', 'local_business'] as const;
export type SubscriptionKind = (typeof subscriptionKinds)[number];

/** Stripe's subscription states, which the offline provider uses too. */
export const subscriptionStatuses = [
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

const limitsSchema = z.object({
  contacts: z.number().nullable(),
  users: z.number().nullable(),
  storageGb: z.number().nullable(),
});

const addonLineSchema = z.object({ id: z.string(), name: z.string(), priceCents: z.number() });

/** GET /api/billing/subscriptions: one subscription. Names are the catalogue's English text (translated by the client). */
export const subscriptionSchema = z.object({
  id: z.number(),
  kind: z.enum(subscriptionKinds),
  /** The platform plan id, the REOSS tier id or the local-business exposure level. */
  plan: z.string(),
  planName: z.string(),
  addons: z.array(addonLineSchema),
  /** Platform: the users the plan allows (null: unlimited). REOSS: the membership's seats. Listing: null. */
  seats: z.number().nullable(),
  priceCents: z.number(),
  interval: z.enum(['month', 'year']),
  status: z.enum(subscriptionStatuses),
  trialEndsAt: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** Owed to the workspace against its next charge (a prorated downgrade). */
  creditCents: z.number(),
  /** The workspace's limits: on the platform subscription only. */
  limits: limitsSchema.nullable(),
});
export type WorkspaceSubscription = z.infer<typeof subscriptionSchema>;

/** GET /api/billing/subscription: the platform plan, its add-ons, trial, renewal and the workspace's limits. */
export const platformPlanSchema = z.object({
  id: z.number(),
  plan: z.string(),
  planName: z.string(),
  planPriceCents: z.number(),
  priceCents: z.number(),
  addons: z.array(addonLineSchema),
  /** The users the plan allows; null when unlimited. */
  seats: z.number().nullable(),
  subscriptionStatus: z.string(),
  trialEndsAt: z.string().nullable(),
  renewsAt: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  limits: limitsSchema,
});
export type PlatformPlan = z.infer<typeof platformPlanSchema>;

export const subscriptionIdParamsSchema = z.object({ id: idParamSchema });

/** POST /api/billing/subscriptions/:id/change-plan: the package the platform subscription moves to. */
export const changePlanSchema = z.object({
  planId: z.enum(planIds),
  addonIds: z.array(z.enum(addonIds)).max(addonIds.length),
  /** The monthly total the browser showed, in cents; the server recomputes it and refuses a difference. */
  totalCents: z.number().int().nonnegative(),
});
export type ChangePlanBody = z.infer<typeof changePlanSchema>;

/**
 * What a plan change cost. `proration` is null when the provider (Stripe) bills the difference on its next
 * invoice; otherwise credit for the unused time at the old price, the charge for it at the new one, what was
 * charged now and the credit left for the next charge.
 */
export const planChangeSchema = z.object({
  subscription: subscriptionSchema,
  proration: z
    .object({
      creditCents: z.number(),
      chargeCents: z.number(),
      chargedCents: z.number(),
      creditBalanceCents: z.number(),
    })
    .nullable(),
});
export type PlanChange = z.infer<typeof planChangeSchema>;

/** POST /api/billing/subscriptions/:id/cancel-at-period-end: true cancels at the period's end, false undoes it. */
export const cancelAtPeriodEndSchema = z.object({ cancelAtPeriodEnd: z.boolean() });
export type CancelAtPeriodEndBody = z.infer<typeof cancelAtPeriodEndSchema>;
