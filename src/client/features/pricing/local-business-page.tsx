import { BackToHomeLink, SiteHeader } from '@client/components/site-header';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Switch } from '@client/components/ui/switch';
import { toast } from '@client/components/ui/use-toast';
import { useLocalBusinessCheckout } from '@client/features/checkout';
import { cn } from '@client/lib/utils';
import {
  type BusinessType,
  businessTypes,
  defaultIndustryCode,
  type ExposureLevel,
  exposureLevels,
  type LocalAddonSelection,
  type LocalBusinessCheckoutBody,
  localAddons,
  localAddonsDisplayMonthlyCents,
  localBusinessPricing,
  localOneTimeCents,
  noLocalAddons,
  zipCodeCount,
  zipFeeHint,
} from '@domain/pricing/local-business';
import { formatDollars } from '@domain/pricing/money';
import { Calculator, Check, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';

/** /pricing/local-business (spec 001 "Local Business Pricing Calculator", §5, §9). */
export function LocalBusinessPage() {
  const [businessType, setBusinessType] = useState<BusinessType | ''>('');
  const [exposureLevel, setExposureLevel] = useState<ExposureLevel | ''>('');
  const [zipCodes, setZipCodes] = useState('');
  const [addons, setAddons] = useState<LocalAddonSelection>(noLocalAddons);
  // The result is a snapshot taken by Calculate: later input changes do not refresh it (spec 001 §4).
  const [result, setResult] = useState<LocalBusinessCheckoutBody | null>(null);
  const checkout = useLocalBusinessCheckout();

  function calculate() {
    if (!businessType || !exposureLevel) {
      toast({
        title: 'Missing Information',
        description: 'Please select business type and exposure level',
        variant: 'destructive',
      });
      return;
    }
    const selection = { businessType, exposureLevel, zipCodes, naicsCode: defaultIndustryCode, addons };
    setResult({ ...selection, pricing: localBusinessPricing(selection) });
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
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Local Business Pricing Calculator</h1>
          <p className="mt-3 text-muted-foreground">
            Get found by customers across our ecosystem. Tell us about your business and see your price.
          </p>
        </div>

        <div className="mt-10 grid gap-8 lg:grid-cols-[1fr_380px]">
          <Card>
            <CardHeader>
              <CardTitle>Your business</CardTitle>
              <CardDescription>
                All fields can be changed; press Calculate to update your price.
              </CardDescription>
            </CardHeader>
            <CardContent className="space-y-8">
              <div className="space-y-2">
                <Label htmlFor="business-type">Business type</Label>
                <Select value={businessType} onValueChange={(v) => setBusinessType(v as BusinessType)}>
                  <SelectTrigger id="business-type" className="sm:max-w-sm" aria-label="Business type">
                    <SelectValue placeholder="Select your business type" />
                  </SelectTrigger>
                  <SelectContent>
                    {businessTypes.map((t) => (
                      <SelectItem key={t.id} value={t.id}>
                        {t.label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>

              <fieldset className="space-y-3">
                <legend className="text-sm font-medium">Exposure level</legend>
                <div className="grid gap-3 sm:grid-cols-3">
                  {exposureLevels.map((level) => {
                    const isChosen = level.id === exposureLevel;
                    return (
                      <label
                        key={level.id}
                        className={cn(
                          'flex cursor-pointer flex-col rounded-xl border bg-card p-4 transition hover:shadow-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                          isChosen && 'border-primary ring-2 ring-primary',
                        )}
                      >
                        <input
                          type="radio"
                          name="exposure-level"
                          value={level.id}
                          checked={isChosen}
                          onChange={() => setExposureLevel(level.id)}
                          className="sr-only"
                        />
                        <span className="flex items-center justify-between font-semibold">
                          {level.name}
                          {isChosen && <Check className="h-4 w-4 text-primary" />}
                        </span>
                        <span className="mt-1 text-sm font-medium text-primary">{level.displayRange}/mo</span>
                        <span className="mt-2 text-xs text-muted-foreground">{level.description}</span>
                      </label>
                    );
                  })}
                </div>
              </fieldset>

              <div className="space-y-2">
                <Label htmlFor="zip-codes">ZIP codes you serve</Label>
                <Input
                  id="zip-codes"
                  value={zipCodes}
                  onChange={(e) => setZipCodes(e.target.value)}
                  placeholder="e.g. 90210, 90211, 90212"
                />
                <p className="text-xs text-muted-foreground">Separate ZIP codes with commas. {zipFeeHint}.</p>
              </div>

              <fieldset className="space-y-3">
                <legend className="text-sm font-medium">Add-ons</legend>
                <ul className="grid gap-3 sm:grid-cols-2">
                  {localAddons.map((addon) => {
                    const id = `local-addon-${addon.key}`;
                    return (
                      <li
                        key={addon.key}
                        className="flex items-start justify-between gap-3 rounded-xl border p-4"
                      >
                        <div>
                          <label htmlFor={id} className="font-medium">
                            {addon.name}
                          </label>
                          <p className="text-sm text-primary">
                            {formatDollars(addon.priceCents)}
                            {addon.billing === 'monthly' ? '/mo' : ' one-time'}
                          </p>
                          <p className="mt-1 text-xs text-muted-foreground">{addon.description}</p>
                        </div>
                        <Switch
                          id={id}
                          checked={addons[addon.key]}
                          onCheckedChange={(on) => setAddons((a) => ({ ...a, [addon.key]: on }))}
                        />
                      </li>
                    );
                  })}
                </ul>
              </fieldset>

              <Button size="lg" className="w-full sm:w-auto" onClick={calculate}>
                <Calculator className="h-4 w-4" />
                Calculate
              </Button>
            </CardContent>
          </Card>

          <aside className="h-fit lg:sticky lg:top-24">
            {result ? (
              <LocalResult
                result={result}
                isStale={
                  result.businessType !== businessType ||
                  result.exposureLevel !== exposureLevel ||
                  result.zipCodes !== zipCodes ||
                  JSON.stringify(result.addons) !== JSON.stringify(addons)
                }
                isCreating={checkout.isPending}
                onCheckout={() => checkout.mutate(result)}
              />
            ) : (
              <Card className="border-dashed">
                <CardContent className="flex flex-col items-center gap-3 p-8 text-center text-muted-foreground">
                  <Calculator className="h-8 w-8" />
                  <p className="font-medium text-foreground">Your price appears here</p>
                  <p className="text-sm">Choose a business type and exposure level, then press Calculate.</p>
                </CardContent>
              </Card>
            )}
          </aside>
        </div>
      </main>
    </div>
  );
}

function Row({ label, value, muted }: { label: string; value: string; muted?: boolean }) {
  return (
    <div className={cn('flex justify-between gap-3', muted && 'text-muted-foreground')}>
      <dt>{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}

function LocalResult({
  result,
  isStale,
  isCreating,
  onCheckout,
}: {
  result: LocalBusinessCheckoutBody;
  isStale: boolean;
  isCreating: boolean;
  onCheckout: () => void;
}) {
  const { pricing } = result;
  const oneTime = localOneTimeCents(result.addons);
  const zipCount = zipCodeCount(result.zipCodes);
  const level = exposureLevels.find((l) => l.id === result.exposureLevel);
  return (
    <Card data-testid="local-result">
      <CardHeader>
        <CardTitle>Your price</CardTitle>
        <CardDescription>
          {businessTypes.find((t) => t.id === result.businessType)?.label} · {level?.name}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="space-y-2 text-sm">
          <Row label="Monthly base" value={formatDollars(pricing.monthlyBase)} />
          <Row
            label="Add-ons"
            value={`${formatDollars(localAddonsDisplayMonthlyCents(pricing.addons))}/mo`}
            muted
          />
          <Row
            label={`ZIP codes (${zipCount})`}
            value={pricing.zipFees ? `${formatDollars(pricing.zipFees)}/mo` : 'Included'}
            muted
          />
        </dl>
        <div className="mt-4 border-t pt-4">
          <div className="flex items-baseline justify-between">
            <span className="text-sm font-medium">Monthly total</span>
            <span className="text-3xl font-bold tracking-tight" data-testid="local-total">
              {formatDollars(pricing.total)}
              <span className="text-sm font-normal text-muted-foreground">/mo</span>
            </span>
          </div>
          <p className="mt-1 text-right text-sm text-muted-foreground">
            or <span data-testid="local-annual">{formatDollars(pricing.annualTotal)}</span>/year (save 10%)
          </p>
          {oneTime > 0 && (
            <p className="mt-3 rounded-lg bg-muted px-3 py-2 text-xs text-muted-foreground">
              Co-Branded Page: {formatDollars(oneTime)} one-time, charged once at checkout and not part of the
              monthly total.
            </p>
          )}
        </div>
        {isStale && (
          <p className="mt-3 text-xs text-muted-foreground" role="status">
            Your choices changed since this price was calculated. Press Calculate to update it.
          </p>
        )}
        <Button className="mt-5 w-full" size="lg" disabled={isCreating} onClick={onCheckout}>
          {isCreating ? (
            <>
              <Loader2 className="h-4 w-4 animate-spin" />
              Creating Checkout...
            </>
          ) : (
            'Proceed to Checkout'
          )}
        </Button>
      </CardContent>
    </Card>
  );
}
