import { BackToHomeLink, SiteHeader } from '@client/components/site-header';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Checkbox } from '@client/components/ui/checkbox';
import { useReossCheckout } from '@client/features/checkout';
import { cn } from '@client/lib/utils';
import { formatDollars } from '@domain/pricing/money';
import {
  defaultReossTier,
  type ReossAddonId,
  type ReossTierId,
  reossAddons,
  reossPricing,
  reossTiers,
} from '@domain/pricing/reoss';
import { Check, Loader2, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';

/** /pricing/reoss (spec 001 "REOSS Membership Plans"): one tier always selected, add-ons toggle. */
export function ReossPage() {
  const [tierId, setTierId] = useState<ReossTierId>(defaultReossTier);
  const [addonIds, setAddonIds] = useState<ReossAddonId[]>([]);
  const pricing = reossPricing(tierId, addonIds);
  const checkout = useReossCheckout();

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
    <div className="min-h-screen bg-background">
      <SiteHeader>
        <Link
          href="/pricing-selector"
          className="hidden text-sm text-muted-foreground hover:text-foreground sm:block"
        >
          All pricing
        </Link>
        <BackToHomeLink />
      </SiteHeader>
      <main className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
        <div className="max-w-2xl">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">REOSS Membership Plans</h1>
          <p className="mt-3 text-muted-foreground">
            The real estate operating system: listings, leads, referrals and follow-up for agents, teams and
            brokerages.
          </p>
        </div>

        <fieldset className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <legend className="sr-only">Membership tier</legend>
          {reossTiers.map((tier) => {
            const isChosen = tier.id === tierId;
            return (
              <label
                key={tier.id}
                className={cn(
                  'relative flex cursor-pointer flex-col rounded-2xl border bg-card p-5 shadow-sm transition hover:shadow-md has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  isChosen && 'border-primary ring-2 ring-primary',
                )}
              >
                <input
                  type="radio"
                  name="reoss-tier"
                  value={tier.id}
                  checked={isChosen}
                  onChange={() => setTierId(tier.id)}
                  className="sr-only"
                  aria-label={tier.name}
                />
                {tier.popular && <Badge className="absolute -top-2.5 left-5">Most Popular</Badge>}
                <span className="flex items-center justify-between">
                  <span className="text-lg font-semibold">{tier.name}</span>
                  {isChosen && <Check className="h-5 w-5 text-primary" />}
                </span>
                <span className="mt-2 text-3xl font-bold">
                  {formatDollars(tier.priceCents)}
                  <span className="text-sm font-normal text-muted-foreground">/mo</span>
                </span>
                <span className="mt-1 flex items-center gap-1.5 text-xs text-muted-foreground">
                  <Users className="h-3.5 w-3.5" />
                  {tier.seats} {tier.seats === 1 ? 'seat' : 'seats'}
                </span>
                <span className="mt-3 text-sm text-muted-foreground">{tier.description}</span>
                <ul className="mt-4 space-y-1.5 text-sm">
                  {tier.features.map((f) => (
                    <li key={f} className="flex items-start gap-2">
                      <Check className="mt-0.5 h-4 w-4 shrink-0 text-success" />
                      {f}
                    </li>
                  ))}
                </ul>
              </label>
            );
          })}
        </fieldset>

        <div className="mt-10 grid gap-8 lg:grid-cols-[1fr_360px]">
          <Card>
            <CardHeader>
              <CardTitle>Add-ons</CardTitle>
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
                          {addon.name}
                        </label>
                        <p className="text-sm text-primary">
                          {formatDollars(addon.priceCents)}
                          {addon.billing === 'monthly' ? '/mo' : ' one-time'}
                        </p>
                        <p className="mt-1 text-xs text-muted-foreground">{addon.description}</p>
                      </div>
                    </li>
                  );
                })}
              </ul>
            </CardContent>
          </Card>

          <Card className="h-fit lg:sticky lg:top-24" data-testid="reoss-summary">
            <CardHeader>
              <CardTitle>Your membership</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="space-y-2 text-sm">
                <div className="flex justify-between">
                  <dt>{reossTiers.find((t) => t.id === tierId)?.name} plan</dt>
                  <dd className="font-medium">{formatDollars(pricing.monthlyBase)}/mo</dd>
                </div>
                {pricing.addons > 0 && (
                  <div className="flex justify-between text-muted-foreground">
                    <dt>Monthly add-ons</dt>
                    <dd>+{formatDollars(pricing.addons)}/mo</dd>
                  </div>
                )}
                {pricing.oneTime > 0 && (
                  <div className="flex justify-between text-muted-foreground">
                    <dt>One-time setup</dt>
                    <dd>{formatDollars(pricing.oneTime)}</dd>
                  </div>
                )}
                <div className="flex justify-between text-muted-foreground">
                  <dt>Seats</dt>
                  <dd>{pricing.seats}</dd>
                </div>
              </dl>
              <div className="mt-4 space-y-1 border-t pt-4">
                <div className="flex items-baseline justify-between">
                  <span className="text-sm font-medium">Monthly</span>
                  <span className="text-3xl font-bold tracking-tight" data-testid="reoss-monthly">
                    {formatDollars(pricing.total)}
                  </span>
                </div>
                <div className="flex items-baseline justify-between text-sm">
                  <span className="text-muted-foreground">Annual (save 10%)</span>
                  <span className="font-semibold" data-testid="reoss-annual">
                    {formatDollars(pricing.annualTotal)}
                  </span>
                </div>
                {pricing.oneTime > 0 && (
                  <p className="text-xs text-muted-foreground">
                    The one-time setup is added after the annual discount and is not discounted.
                  </p>
                )}
              </div>
              <Button className="mt-5 w-full" size="lg" disabled={checkout.isPending} onClick={startCheckout}>
                {checkout.isPending ? (
                  <>
                    <Loader2 className="h-4 w-4 animate-spin" />
                    Creating Checkout...
                  </>
                ) : (
                  'Start Membership'
                )}
              </Button>
            </CardContent>
          </Card>
        </div>
      </main>
    </div>
  );
}
