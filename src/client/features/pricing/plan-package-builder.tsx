import { formatMonthlyPrice } from '@client/components/pricing/monthly-price';
import { PlanCard } from '@client/components/pricing/plan-card';
import { RadioCard } from '@client/components/radio-card';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Switch } from '@client/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { formatMoney } from '@client/i18n/format';
import { useContactSalesHref } from '@client/lib/use-public-config';
import { cn } from '@client/lib/utils';
import { type AddonId, addonById, addons } from '@domain/pricing/addons';
import { customPackageTotalCents } from '@domain/pricing/custom-package';
import { basePlans, contactSalesCta, isSalesLedPlan, type PlanId, planById } from '@domain/pricing/plans';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Mail, Package } from 'lucide-react';
import { type ReactNode, useState } from 'react';

export interface PackageSelection {
  planId: PlanId;
  addonIds: AddonId[];
  totalCents: number;
}

/** Spec 001 "Pricing tab and pricing page": Professional is selected until the visitor picks another plan. */
export const defaultPlanId: PlanId = 'professional';

/**
 * Base Plans / Add-On Apps tabs with a running custom package total (selected plan + selected add-ons,
 * computed by the pricing domain). Shared by the public /pricing page and the dashboard's pricing tab;
 * `action` renders the call to action under the total for the current selection. A sales-led plan
 * (Enterprise) always gets 'Contact Sales' instead (spec 000 §9): it is neither a trial nor a checkout.
 */
export function PlanPackageBuilder({
  initialPlanId = defaultPlanId,
  initialAddonIds = [],
  currentPlanId,
  currentPlanNote,
  action,
}: {
  initialPlanId?: PlanId;
  /** The workspace's plan, badged on its card (the dashboard's tab; the public page has none). */
  currentPlanId?: PlanId;
  /** Said on the current plan's card under its badge (a trial and its end). */
  currentPlanNote?: string;
  initialAddonIds?: AddonId[];
  action?: (selection: PackageSelection) => ReactNode;
}) {
  const [planId, setPlanId] = useState<PlanId>(initialPlanId);
  const [addonIds, setAddonIds] = useState<AddonId[]>(initialAddonIds);
  const selection: PackageSelection = {
    planId,
    addonIds,
    totalCents: customPackageTotalCents(planId, addonIds),
  };
  const plan = planById(planId);
  const contactSalesHref = useContactSalesHref();
  const { t, i18n } = useLingui();
  const planName = i18n._(plan.name);

  function toggleAddon(id: AddonId, isOn: boolean) {
    setAddonIds((current) =>
      isOn ? [...current.filter((a) => a !== id), id] : current.filter((a) => a !== id),
    );
  }

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_320px]">
      <Tabs defaultValue="plans">
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="plans" className="flex-1 sm:flex-none">
            <Trans>Base Plans</Trans>
          </TabsTrigger>
          <TabsTrigger value="addons" className="flex-1 sm:flex-none">
            <Trans>Add-On Apps</Trans>
            {addonIds.length > 0 && (
              <Badge variant="secondary" className="ms-1 px-1.5 py-0">
                {addonIds.length}
              </Badge>
            )}
          </TabsTrigger>
        </TabsList>

        <TabsContent value="plans" className="mt-8">
          <fieldset className="grid gap-6 md:grid-cols-3">
            <legend className="sr-only">
              <Trans>Base plan</Trans>
            </legend>
            {basePlans.map((p) => {
              const isSelected = p.id === planId;
              const name = i18n._(p.name);
              return (
                <RadioCard
                  key={p.id}
                  name="base-plan"
                  value={p.id}
                  isChecked={isSelected}
                  onSelect={() => setPlanId(p.id)}
                  label={name}
                  className="h-full rounded-2xl has-[:focus-visible]:ring-offset-2"
                >
                  <PlanCard
                    plan={p}
                    isSelected={isSelected}
                    isCurrent={p.id === currentPlanId}
                    currentNote={currentPlanNote}
                    className={cn('hover:shadow-md', !isSelected && 'opacity-90')}
                    footer={
                      <span
                        className={cn(
                          'flex h-9 w-full items-center justify-center gap-2 rounded-md border text-sm font-medium',
                          isSelected ? 'border-primary bg-primary text-primary-foreground' : 'bg-card',
                        )}
                      >
                        {isSelected ? (
                          <>
                            <Check className="h-4 w-4" /> <Trans>Selected</Trans>
                          </>
                        ) : isSalesLedPlan(p.id) ? (
                          i18n._(contactSalesCta)
                        ) : (
                          t`Select ${name}`
                        )}
                      </span>
                    }
                  />
                </RadioCard>
              );
            })}
          </fieldset>
        </TabsContent>

        <TabsContent value="addons" className="mt-8">
          <ul className="grid gap-4 sm:grid-cols-2">
            {addons.map((addon) => {
              const isOn = addonIds.includes(addon.id);
              const switchId = `addon-${addon.id}`;
              return (
                <li
                  key={addon.id}
                  data-addon={addon.id}
                  className={cn(
                    'flex flex-col rounded-2xl border bg-card p-5 shadow-sm transition-shadow',
                    isOn && 'border-primary/60 ring-1 ring-primary',
                  )}
                >
                  <div className="flex items-start justify-between gap-3">
                    <div>
                      <label htmlFor={switchId} className="font-semibold">
                        {i18n._(addon.name)}
                      </label>
                      <p className="mt-0.5 text-sm font-medium text-primary">
                        {formatMonthlyPrice(addon.priceCents)}
                      </p>
                    </div>
                    <Switch
                      id={switchId}
                      checked={isOn}
                      onCheckedChange={(checked) => toggleAddon(addon.id, checked)}
                      aria-label={t`Add ${i18n._(addon.name)}`}
                    />
                  </div>
                  <p className="mt-3 text-sm text-muted-foreground">{i18n._(addon.description)}</p>
                  <ul className="mt-3 grid grid-cols-2 gap-1.5 text-xs text-muted-foreground">
                    {addon.features.map((feature) => (
                      <li key={feature} className="flex items-center gap-1.5">
                        <Check className="h-3.5 w-3.5 shrink-0 text-success" />
                        {i18n._(feature)}
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        </TabsContent>
      </Tabs>

      <aside
        aria-label={t`Your custom package`}
        className="h-fit rounded-2xl border bg-card p-6 shadow-sm lg:sticky lg:top-24 lg:mt-[3.25rem]"
      >
        <h3 className="flex items-center gap-2 font-semibold">
          <Package className="h-4 w-4 text-primary" />
          <Trans>Your custom package</Trans>
        </h3>
        <dl className="mt-4 space-y-2 text-sm">
          <div className="flex justify-between gap-3">
            <dt>
              <Trans>{planName} plan</Trans>
            </dt>
            <dd className="font-medium">{formatMonthlyPrice(plan.priceCents)}</dd>
          </div>
          {addonIds.map((id) => {
            const addon = addonById(id);
            return (
              <div key={id} className="flex justify-between gap-3 text-muted-foreground">
                <dt>{i18n._(addon.name)}</dt>
                <dd>+{formatMonthlyPrice(addon.priceCents)}</dd>
              </div>
            );
          })}
        </dl>
        {addonIds.length === 0 && (
          <p className="mt-2 text-xs text-muted-foreground">
            <Trans>No add-ons selected yet.</Trans>
          </p>
        )}
        <div className="mt-4 flex items-baseline justify-between border-t pt-4">
          <span className="text-sm font-medium">
            <Trans>Total</Trans>
          </span>
          <span className="text-end">
            <span data-testid="package-total" className="text-3xl font-bold tracking-tight">
              {formatMoney(selection.totalCents)}
            </span>
            <span className="text-sm text-muted-foreground">
              <Trans>/month</Trans>
            </span>
          </span>
        </div>
        {isSalesLedPlan(planId) ? (
          <div className="mt-5 space-y-2">
            <Button asChild className="w-full" size="lg">
              <a href={contactSalesHref}>
                <Mail /> {i18n._(contactSalesCta)}
              </a>
            </Button>
            <p className="text-center text-xs text-muted-foreground">
              <Trans>{planName} is arranged with our sales team, who tailor it to your business.</Trans>
            </p>
          </div>
        ) : (
          action && <div className="mt-5">{action(selection)}</div>
        )}
      </aside>
    </div>
  );
}
