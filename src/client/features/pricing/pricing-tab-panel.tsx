import { runConfirmed } from '@client/components/confirm-delete-dialog';
import { QueryState } from '@client/components/query-state';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@client/components/ui/alert-dialog';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { SubscriptionList, useChangePlan, useSubscription } from '@client/features/billing';
import { usePackageCheckout } from '@client/features/checkout';
import { formatDate, formatMoney } from '@client/i18n/format';
import { useAuth } from '@client/lib/use-auth';
import type { PlanChange, PlatformPlan } from '@domain/billing/subscription-schemas';
import { type AddonId, isAddonId } from '@domain/pricing/addons';
import { type PlanId, planById, planIds } from '@domain/pricing/plans';
import { hasRole } from '@domain/roles';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowDown, ArrowUp, BookOpen, Calculator, Check, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { type PackageSelection, PlanPackageBuilder } from './plan-package-builder';

/** Paid for and running: changed through the provider with proration, not bought again. */
const isPaid = (plan: PlatformPlan) =>
  plan.subscriptionStatus === 'active' || plan.subscriptionStatus === 'past_due';

/** Upgrade or downgrade of a paid plan: confirmed first, then through the provider with proration. */
function ChangePlanButton({
  current,
  selection,
  canChange,
}: {
  current: PlatformPlan;
  selection: PackageSelection;
  canChange: boolean;
}) {
  const change = useChangePlan();
  const [isOpen, setIsOpen] = useState(false);
  const { t, i18n } = useLingui();
  const price = formatMoney(selection.totalCents);
  const planName = i18n._(planById(selection.planId).name);
  const isUpgrade = selection.totalCents > current.priceCents;
  const end = current.renewsAt ? formatDate(current.renewsAt) : null;
  /** What the change cost, in one line of the success toast. */
  const costLine = ({ proration }: PlanChange) => {
    if (!proration) return t`The prorated difference is on your next invoice.`;
    const charged = formatMoney(proration.chargedCents);
    const credit = formatMoney(proration.creditBalanceCents);
    if (proration.chargedCents > 0) return t`${charged} charged now for the rest of this period.`;
    if (proration.creditBalanceCents > 0) return t`${credit} credit kept for your next charge.`;
    return undefined;
  };
  const confirm = () => {
    let changed: PlanChange | undefined;
    return runConfirmed(
      async () => {
        changed = await change.mutateAsync({ id: current.id, ...selection });
      },
      {
        close: () => setIsOpen(false),
        errorTitle: t`The plan could not be changed.`,
        onDone: () =>
          changed && toast({ title: t`You are on ${planName} now.`, description: costLine(changed) }),
      },
    );
  };
  return (
    <AlertDialog open={isOpen} onOpenChange={setIsOpen}>
      <Button className="w-full" disabled={!canChange} onClick={() => setIsOpen(true)}>
        {isUpgrade ? <ArrowUp /> : <ArrowDown />}
        {isUpgrade ? t`Upgrade for ${price}/month` : t`Downgrade for ${price}/month`}
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            {isUpgrade ? t`Upgrade to ${planName}?` : t`Downgrade to ${planName}?`}
          </AlertDialogTitle>
          <AlertDialogDescription>
            {end
              ? t`The change applies now. The rest of this period, until ${end}, is prorated: credit for the unused time of your current plan, a charge for the new one. Then it renews at ${price}/month.`
              : t`The change applies now and renews at ${price}/month.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>
            <Trans>Cancel</Trans>
          </AlertDialogCancel>
          <AlertDialogAction
            disabled={change.isPending}
            onClick={(event) => {
              // Radix would close at once; the dialog closes when the change has answered.
              event.preventDefault();
              void confirm();
            }}
          >
            {isUpgrade ? t`Upgrade` : t`Downgrade`}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * Dashboard 'pricing' tab: the workspace's subscriptions, then the shared package builder starting from
 * the current plan. The current package is marked current; a paid plan changes by upgrade or downgrade
 * with proration; a trial (or an ended plan) subscribes through checkout.
 */
export function PricingTabPanel() {
  const { user } = useAuth();
  const subscription = useSubscription();
  const checkout = usePackageCheckout();
  const canBuy = user ? hasRole(user.role, 'admin') : false;
  const isOwner = user?.role === 'owner';
  const { t, i18n } = useLingui();

  // A failed load still shows the builder, starting from the default plan.
  if (subscription.isLoading)
    return <QueryState query={subscription} loading={<Skeleton className="h-96" />} />;
  const current = subscription.data;
  const initialPlanId = planIds.find((id) => id === current?.plan) ?? undefined;
  const initialAddonIds = (current?.addons ?? []).map((a) => a.id).filter(isAddonId) as AddonId[];
  const isCurrentPackage = (selection: PackageSelection) =>
    selection.planId === initialPlanId &&
    selection.addonIds.length === initialAddonIds.length &&
    selection.addonIds.every((id) => initialAddonIds.includes(id));
  const isTrial = current?.subscriptionStatus === 'trialing';
  const trialNote = current?.trialEndsAt
    ? t`Free trial until ${formatDate(current.trialEndsAt)}`
    : t`Free trial`;

  const action = (selection: PackageSelection) => {
    if (current && isPaid(current)) {
      if (isCurrentPackage(selection)) {
        return (
          <Button className="w-full" variant="outline" disabled>
            <Check /> <Trans>Current plan</Trans>
          </Button>
        );
      }
      return (
        <div className="space-y-2">
          <ChangePlanButton current={current} selection={selection} canChange={isOwner} />
          {!isOwner && (
            <p className="text-center text-xs text-muted-foreground">
              <Trans>Only the workspace owner can change a paid plan.</Trans>
            </p>
          )}
        </div>
      );
    }
    // A trial's own package is current, and subscribing to it is how the trial becomes paid: it says both.
    const isTrialPackage = isTrial && isCurrentPackage(selection);
    const price = formatMoney(selection.totalCents);
    return (
      <div className="space-y-2">
        {isTrialPackage && (
          <p
            className="flex items-center justify-center gap-2 text-center text-sm font-medium"
            data-testid="trial-status"
          >
            <Check className="h-4 w-4 shrink-0" aria-hidden="true" />
            <span>
              <Trans>Current plan · {trialNote}</Trans>
            </span>
          </p>
        )}
        <Button
          // The trial's longer label wraps on a phone rather than widening the page.
          className="h-auto min-h-9 w-full whitespace-normal py-2 text-center"
          disabled={!canBuy || checkout.isPending}
          onClick={() => checkout.mutate(selection)}
        >
          {checkout.isPending ? (
            <>
              <Loader2 className="animate-spin" /> <Trans>Creating Checkout...</Trans>
            </>
          ) : isTrialPackage ? (
            t`End the trial and subscribe for ${price}/month`
          ) : (
            t`Subscribe for ${price}/month`
          )}
        </Button>
        {!canBuy && (
          <p className="text-center text-xs text-muted-foreground">
            <Trans>Only owners and admins can change the plan.</Trans>
          </p>
        )}
      </div>
    );
  };

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
      <section aria-labelledby="your-subscriptions" className="space-y-3">
        <h3 id="your-subscriptions" className="text-lg font-semibold">
          <Trans>Your subscriptions</Trans>
        </h3>
        <SubscriptionList canManage={isOwner} />
      </section>
      <PlanPackageBuilder
        initialPlanId={initialPlanId as PlanId | undefined}
        initialAddonIds={initialAddonIds}
        currentPlanId={initialPlanId as PlanId | undefined}
        currentPlanNote={isTrial ? trialNote : undefined}
        action={action}
      />
    </div>
  );
}
