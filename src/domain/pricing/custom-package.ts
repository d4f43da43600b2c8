import { type AddonId, addonById } from './addons.js';
import { type PlanId, planById } from './plans.js';

/**
 * Custom package total (spec 001 "Pricing tab and pricing page"): the selected plan's price plus
 * the prices of the selected add-ons. A toggled add-on counts once even if listed twice.
 */
export function customPackageTotalCents(planId: PlanId, addonIds: readonly AddonId[]): number {
  const unique = [...new Set(addonIds)];
  return planById(planId).priceCents + unique.reduce((sum, id) => sum + addonById(id).priceCents, 0);
}
