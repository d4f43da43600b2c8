import { z } from 'zod';
import { type AddonId, addonById, addonIds } from './addons.js';
import { type PlanId, planById, planIds } from './plans.js';

/**
 * Custom package total (spec 001 "Pricing tab and pricing page"): the selected plan's price plus
 * the prices of the selected add-ons. A toggled add-on counts once even if listed twice.
 */
export function customPackageTotalCents(planId: PlanId, selectedAddonIds: readonly AddonId[]): number {
  const unique = [...new Set(selectedAddonIds)];
  return planById(planId).priceCents + unique.reduce((sum, id) => sum + addonById(id).priceCents, 0);
}

export const packageCheckoutSchema = z.object({
  planId: z.enum(planIds),
  addonIds: z.array(z.enum(addonIds)).max(addonIds.length),
  /** The total the browser showed, in cents; the server recomputes it and refuses a difference. */
  totalCents: z.number().int().nonnegative(),
});
export type PackageCheckoutBody = z.infer<typeof packageCheckoutSchema>;
