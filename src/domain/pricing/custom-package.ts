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

/** The query string carrying a package to sign-up; empty parts are left out. */
export function packageLinkQuery(selection: { planId?: PlanId; addonIds?: readonly AddonId[] }): string {
  const params = new URLSearchParams();
  if (selection.planId) params.set('plan', selection.planId);
  const addons = [...new Set(selection.addonIds ?? [])];
  if (addons.length) params.set('addons', addons.join(','));
  return params.toString();
}

/** Reads a package from a query string, dropping what is not a known plan or add-on (links get edited). */
export function readPackageLink(search: URLSearchParams): { planId?: PlanId; addonIds: AddonId[] } {
  const plan = search.get('plan');
  return {
    planId: planIds.find((id) => id === plan),
    addonIds: [...new Set((search.get('addons') ?? '').split(','))].filter((id): id is AddonId =>
      (addonIds as readonly string[]).includes(id),
    ),
  };
}
