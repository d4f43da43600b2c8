import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { usePackageCheckout } from '@client/features/checkout';
import { useSubscription } from '@client/features/payments';
import { formatMoney } from '@client/i18n/format';
import { useAuth } from '@client/lib/use-auth';
import { type AddonId, isAddonId } from '@domain/pricing/addons';
import { type PlanId, planIds } from '@domain/pricing/plans';
import { hasRole } from '@domain/roles';
import { Trans, useLingui } from '@lingui/react/macro';
import { BookOpen, Calculator, Check, Loader2 } from 'lucide-react';
import { Link } from 'wouter';
import { type PackageSelection, PlanPackageBuilder } from './plan-package-builder';

/** Dashboard 'pricing' tab: the shared package builder, starting from the workspace's current plan. */
export function PricingTabPanel() {
  const { user } = useAuth();
  const subscription = useSubscription();
  const checkout = usePackageCheckout();
  const canBuy = user ? hasRole(user.role, 'admin') : false;
  const { t, i18n } = useLingui();

  // A failed load still shows the builder, starting from the default plan.
  if (subscription.isLoading)
    return <QueryState query={subscription} loading={<Skeleton className="h-96" />} />;
  const current = subscription.data;
  const initialPlanId = planIds.find((id) => id === current?.plan) ?? undefined;
  const initialAddonIds = (current?.addons ?? []).map((a) => a.id).filter(isAddonId) as AddonId[];
  // The package the workspace already has is shown as current, never offered as a new subscription.
  // (The payments provider has no subscription change with proration yet: other packages go through
  // the same checkout as before.)
  // A trial's package is offered, though: subscribing to it is how the trial becomes paid.
  const isCurrentPackage = (selection: PackageSelection) =>
    current?.subscriptionStatus !== 'trialing' &&
    selection.planId === initialPlanId &&
    selection.addonIds.length === initialAddonIds.length &&
    selection.addonIds.every((id) => initialAddonIds.includes(id));

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-2xl font-bold tracking-tight">
            <Trans>Pricing</Trans>
          </h2>
          <p className="text-sm text-muted-foreground">
            {current
              ? current.subscriptionStatus === 'trialing'
                ? t`You are on ${i18n._(current.planName)} (trial). Build a package to change it.`
                : t`You are on ${i18n._(current.planName)}. Build a package to change it.`
              : t`Build the package your business needs.`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <Link href="/pricing-selector">
              <Calculator /> <Trans>Pricing calculators</Trans>
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link href="/pricing/cards">
              <BookOpen /> <Trans>Complete pricing guide</Trans>
            </Link>
          </Button>
        </div>
      </div>
      <PlanPackageBuilder
        initialPlanId={initialPlanId as PlanId | undefined}
        initialAddonIds={initialAddonIds}
        currentPlanId={initialPlanId as PlanId | undefined}
        action={(selection) => (
          <div className="space-y-2">
            {isCurrentPackage(selection) ? (
              <Button className="w-full" variant="outline" disabled>
                <Check /> <Trans>Current plan</Trans>
              </Button>
            ) : (
              <Button
                className="w-full"
                disabled={!canBuy || checkout.isPending}
                onClick={() => checkout.mutate(selection)}
              >
                {checkout.isPending ? (
                  <>
                    <Loader2 className="animate-spin" /> <Trans>Creating Checkout...</Trans>
                  </>
                ) : (
                  t`Subscribe for ${formatMoney(selection.totalCents)}/month`
                )}
              </Button>
            )}
            {!canBuy && (
              <p className="text-center text-xs text-muted-foreground">
                <Trans>Only owners and admins can change the plan.</Trans>
              </p>
            )}
          </div>
        )}
      />
    </div>
  );
}
