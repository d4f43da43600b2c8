import { formatMonthlyPrice } from '@client/components/pricing/monthly-price';
import { RadioCard } from '@client/components/radio-card';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Checkbox } from '@client/components/ui/checkbox';
import { useReossCheckout } from '@client/features/checkout';
import { formatMoney } from '@client/i18n/format';
import { cn } from '@client/lib/utils';
import {
  defaultReossTier,
  type ReossAddonId,
  type ReossTierId,
  reossAddons,
  reossPricing,
  reossTiers,
} from '@domain/pricing/reoss';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Check, Loader2, Users } from 'lucide-react';
import { useState } from 'react';
import { PricingPageLayout } from './pricing-page-layout';

/** /pricing/reoss (spec 001 "REOSS Membership Plans"): one tier always selected, add-ons toggle. */
export function ReossPage() {
  const [tierId, setTierId] = useState<ReossTierId>(defaultReossTier);
  const [addonIds, setAddonIds] = useState<ReossAddonId[]>([]);
  const pricing = reossPricing(tierId, addonIds);
  const checkout = useReossCheckout();
  const { t, i18n } = useLingui();
  const tierName = i18n._(reossTiers.find((tier) => tier.id === tierId)?.name ?? '');

  function toggle(id: ReossAddonId, on: boolean) {
    setAddonIds((current) =>
      on ? [...current.filter((a) => a !== id), id] : current.filter((a) => a !== id),
    );
  }

  function startCheckout() {
    const { oneTime: _shownSeparately, ...shown } = pricing;
    checkout.mutate({ tier: tierId, addons: addonIds, pricing: shown });
  }

  return (
    <PricingPageLayout
      title={<Trans>REOSS Membership Plans</Trans>}
      intro={
        <Trans>
          The real estate operating system: listings, leads, referrals and follow-up for agents, teams and
          brokerages.
        </Trans>
      }
    >
      <fieldset className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <legend className="sr-only">
          <Trans>Membership tier</Trans>
        </legend>
        {reossTiers.map((tier) => {
          const isChosen = tier.id === tierId;
          return (
            <RadioCard
              key={tier.id}
              name="reoss-tier"
              value={tier.id}
              isChecked={isChosen}
              onSelect={() => setTierId(tier.id)}
              label={i18n._(tier.name)}
              className={cn(
                'relative flex flex-col rounded-2xl border bg-card p-5 shadow-sm transition hover:shadow-md',
                isChosen && 'border-primary ring-2 ring-primary',
              )}
            >
              {tier.popular && (
                <Badge className="absolute -top-2.5 start-5">
                  <Trans>Most Popular</Trans>
                </Badge>
              )}
              <span className="flex items-center justify-between">
                <span className="text-lg font-semibold">{i18n._(tier.name)}</span>
                {isChosen && <Check className="h-5 w-5 text-primary" />}
              </span>
              <span className="mt-2 text-3xl font-bold">
                {formatMoney(tier.priceCents)}
                <span className="text-sm font-normal text-muted-foreground">
                  <Trans>/mo</Trans>
                </span>
              </span>
              <span className="mt-1 flex items-center gap-1.5 text-xs text-muted-foreground">
                <Users className="h-3.5 w-3.5" />
                <Plural value={tier.seats} one="# seat" other="# seats" />
              </span>
              <span className="mt-3 text-sm text-muted-foreground">{i18n._(tier.description)}</span>
              <ul className="mt-4 space-y-1.5 text-sm">
                {tier.features.map((f) => (
                  <li key={f} className="flex items-start gap-2">
                    <Check className="mt-0.5 h-4 w-4 shrink-0 text-success" />
                    {i18n._(f)}
                  </li>
                ))}
              </ul>
            </RadioCard>
          );
        })}
      </fieldset>

      <div className="mt-10 grid gap-8 lg:grid-cols-[1fr_360px]">
        <Card>
          <CardHeader>
            <CardTitle>
              <Trans>Add-ons</Trans>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-3 sm:grid-cols-2">
              {reossAddons.map((addon) => {
                const id = `reoss-addon-${addon.id}`;
                const isOn = addonIds.includes(addon.id);
                return (
                  <li
                    key={addon.id}
                    className={cn(
                      'flex items-start gap-3 rounded-xl border p-4',
                      isOn && 'border-primary/60 bg-primary/5',
                    )}
                  >
                    <Checkbox
                      id={id}
                      checked={isOn}
                      onCheckedChange={(c) => toggle(addon.id, c === true)}
                      className="mt-0.5"
                    />
                    <div>
                      <label htmlFor={id} className="cursor-pointer font-medium">
                        {i18n._(addon.name)}
                      </label>
                      <p className="text-sm text-primary">
                        {addon.billing === 'monthly'
                          ? formatMonthlyPrice(addon.priceCents)
                          : t`${formatMoney(addon.priceCents)} one-time`}
                      </p>
                      <p className="mt-1 text-xs text-muted-foreground">{i18n._(addon.description)}</p>
                    </div>
                  </li>
                );
              })}
            </ul>
          </CardContent>
        </Card>

        <Card className="h-fit lg:sticky lg:top-24" data-testid="reoss-summary">
          <CardHeader>
            <CardTitle>
              <Trans>Your membership</Trans>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="space-y-2 text-sm">
              <div className="flex justify-between">
                <dt>
                  <Trans>{tierName} plan</Trans>
                </dt>
                <dd className="font-medium">{formatMonthlyPrice(pricing.monthlyBase)}</dd>
              </div>
              {pricing.addons > 0 && (
                <div className="flex justify-between text-muted-foreground">
                  <dt>
                    <Trans>Monthly add-ons</Trans>
                  </dt>
                  <dd>+{formatMonthlyPrice(pricing.addons)}</dd>
                </div>
              )}
              {pricing.oneTime > 0 && (
                <div className="flex justify-between text-muted-foreground">
                  <dt>
                    <Trans>One-time setup</Trans>
                  </dt>
                  <dd>{formatMoney(pricing.oneTime)}</dd>
                </div>
              )}
              <div className="flex justify-between text-muted-foreground">
                <dt>
                  <Trans>Seats</Trans>
                </dt>
                <dd>{pricing.seats}</dd>
              </div>
            </dl>
            <div className="mt-4 space-y-1 border-t pt-4">
              <div className="flex items-baseline justify-between">
                <span className="text-sm font-medium">
                  <Trans>Monthly</Trans>
                </span>
                <span className="text-3xl font-bold tracking-tight" data-testid="reoss-monthly">
                  {formatMoney(pricing.total)}
                </span>
              </div>
              <div className="flex items-baseline justify-between text-sm">
                <span className="text-muted-foreground">
                  <Trans>Annual (save 10%)</Trans>
                </span>
                <span className="font-semibold" data-testid="reoss-annual">
                  {formatMoney(pricing.annualTotal)}
                </span>
              </div>
              {pricing.oneTime > 0 && (
                <p className="text-xs text-muted-foreground">
                  <Trans>The one-time setup is added after the annual discount and is not discounted.</Trans>
                </p>
              )}
            </div>
            <Button className="mt-5 w-full" size="lg" disabled={checkout.isPending} onClick={startCheckout}>
              {checkout.isPending ? (
                <>
                  <Loader2 className="h-4 w-4 animate-spin" />
                  <Trans>Creating Checkout...</Trans>
                </>
              ) : (
                t`Start Membership`
              )}
            </Button>
          </CardContent>
        </Card>
      </div>
    </PricingPageLayout>
  );
}
