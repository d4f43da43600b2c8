import { FormField } from '@client/components/form/form-field';
import { SelectField } from '@client/components/form/select-field';
import { formatMonthlyPrice } from '@client/components/pricing/monthly-price';
import { RadioCard } from '@client/components/radio-card';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Switch } from '@client/components/ui/switch';
import { useLocalBusinessCheckout } from '@client/features/checkout';
import { formatMoney } from '@client/i18n/format';
import { toastError } from '@client/lib/error-toast';
import { checkedByServer } from '@client/lib/form';
import { cn } from '@client/lib/utils';
import {
  businessTypeIds,
  businessTypes,
  defaultIndustryCode,
  exposureLevelIds,
  exposureLevels,
  type LocalBusinessCheckoutBody,
  localAddons,
  localAddonsDisplayMonthlyCents,
  localBusinessCheckoutSchema,
  localBusinessPricing,
  localOneTimeCents,
  noLocalAddons,
  zipCodeCount,
  zipFeeHint,
} from '@domain/pricing/local-business';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { Calculator, Check, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { PricingPageLayout } from './pricing-page-layout';

/** What the calculator's inputs hold: nothing chosen yet is ''. */
const selectionFields = z.object({
  businessType: z.union([z.enum(businessTypeIds), z.literal('')]),
  exposureLevel: z.union([z.enum(exposureLevelIds), z.literal('')]),
  zipCodes: z.string(),
  addons: localBusinessCheckoutSchema.shape.addons,
});
type SelectionForm = z.infer<typeof selectionFields>;

/** Calculate takes what checkout will take: the checkout body's own rules check the choices. */
const selectionSchema = checkedByServer(
  selectionFields,
  localBusinessCheckoutSchema.pick({ businessType: true, exposureLevel: true, zipCodes: true, addons: true }),
  (values) => values,
);

/** /pricing/local-business (spec 001 "Local Business Pricing Calculator", §5, §9). */
export function LocalBusinessPage() {
  const form = useForm<SelectionForm>({
    resolver: zodResolver(selectionSchema, undefined, { raw: true }),
    defaultValues: { businessType: '', exposureLevel: '', zipCodes: '', addons: noLocalAddons },
  });
  const { errors } = form.formState;
  // The result is a snapshot taken by Calculate: later input changes do not refresh it (spec 001 §4).
  const [result, setResult] = useState<LocalBusinessCheckoutBody | null>(null);
  const checkout = useLocalBusinessCheckout();
  const { t, i18n } = useLingui();
  const current = form.watch();

  const calculate = form.handleSubmit(
    ({ businessType, exposureLevel, zipCodes, addons }) => {
      if (!businessType || !exposureLevel) return; // the schema refused these already
      const selection = { businessType, exposureLevel, zipCodes, naicsCode: defaultIndustryCode, addons };
      setResult({ ...selection, pricing: localBusinessPricing(selection) });
    },
    (invalid) => {
      // Spec 001 §9: a missing business type or exposure level is told in a toast.
      if (invalid.businessType || invalid.exposureLevel)
        toastError(t`Missing Information`, null, t`Please select business type and exposure level`);
    },
  );

  return (
    <PricingPageLayout
      title={<Trans>Local Business Pricing Calculator</Trans>}
      intro={
        <Trans>
          Get found by customers across our ecosystem. Tell us about your business and see your price.
        </Trans>
      }
    >
      <div className="mt-10 grid gap-8 lg:grid-cols-[1fr_380px]">
        <Card>
          <CardHeader>
            <CardTitle>
              <Trans>Your business</Trans>
            </CardTitle>
            <CardDescription>
              <Trans>All fields can be changed; press Calculate to update your price.</Trans>
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-8">
            <SelectField
              control={form.control}
              name="businessType"
              label={<Trans>Business type</Trans>}
              triggerLabel={t`Business type`}
              placeholder={t`Select your business type`}
              className="sm:max-w-sm"
              options={businessTypes.map((type) => ({ value: type.id, label: i18n._(type.label) }))}
            />

            <fieldset className="space-y-3">
              <legend className="text-sm font-medium">
                <Trans>Exposure level</Trans>
              </legend>
              <Controller
                control={form.control}
                name="exposureLevel"
                render={({ field }) => (
                  <div className="grid gap-3 sm:grid-cols-3">
                    {exposureLevels.map((level) => {
                      const isChosen = level.id === field.value;
                      return (
                        <RadioCard
                          key={level.id}
                          name={field.name}
                          value={level.id}
                          isChecked={isChosen}
                          onSelect={() => field.onChange(level.id)}
                          className={cn(
                            'flex flex-col rounded-xl border bg-card p-4 transition hover:shadow-sm',
                            isChosen && 'border-primary ring-2 ring-primary',
                          )}
                        >
                          <span className="flex items-center justify-between font-semibold">
                            {i18n._(level.name)}
                            {isChosen && <Check className="h-4 w-4 text-primary" />}
                          </span>
                          <span className="mt-1 text-sm font-medium text-primary">
                            <Trans>{level.displayRange}/mo</Trans>
                          </span>
                          <span className="mt-2 text-xs text-muted-foreground">
                            {i18n._(level.description)}
                          </span>
                        </RadioCard>
                      );
                    })}
                  </div>
                )}
              />
            </fieldset>

            <FormField label={<Trans>ZIP codes you serve</Trans>} error={errors.zipCodes?.message}>
              {(id, invalid) => (
                <>
                  <Input
                    id={id}
                    aria-invalid={invalid}
                    placeholder={t`e.g. 90210, 90211, 90212`}
                    {...form.register('zipCodes')}
                  />
                  <p className="text-xs text-muted-foreground">
                    <Trans>Separate ZIP codes with commas.</Trans> {i18n._(zipFeeHint)}.
                  </p>
                </>
              )}
            </FormField>

            <fieldset className="space-y-3">
              <legend className="text-sm font-medium">
                <Trans>Add-ons</Trans>
              </legend>
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
                          {i18n._(addon.name)}
                        </label>
                        <p className="text-sm text-primary">
                          {addon.billing === 'monthly'
                            ? formatMonthlyPrice(addon.priceCents)
                            : t`${formatMoney(addon.priceCents)} one-time`}
                        </p>
                        <p className="mt-1 text-xs text-muted-foreground">{i18n._(addon.description)}</p>
                      </div>
                      <Controller
                        control={form.control}
                        name={`addons.${addon.key}`}
                        render={({ field }) => (
                          <Switch id={id} checked={field.value} onCheckedChange={field.onChange} />
                        )}
                      />
                    </li>
                  );
                })}
              </ul>
            </fieldset>

            <Button size="lg" className="w-full sm:w-auto" onClick={calculate}>
              <Calculator className="h-4 w-4" />
              <Trans>Calculate</Trans>
            </Button>
          </CardContent>
        </Card>

        <aside className="h-fit lg:sticky lg:top-24">
          {result ? (
            <LocalResult
              result={result}
              isStale={
                result.businessType !== current.businessType ||
                result.exposureLevel !== current.exposureLevel ||
                result.zipCodes !== current.zipCodes ||
                JSON.stringify(result.addons) !== JSON.stringify(current.addons)
              }
              isCreating={checkout.isPending}
              onCheckout={() => checkout.mutate(result)}
            />
          ) : (
            <Card className="border-dashed">
              <CardContent className="flex flex-col items-center gap-3 p-8 text-center text-muted-foreground">
                <Calculator className="h-8 w-8" />
                <p className="font-medium text-foreground">
                  <Trans>Your price appears here</Trans>
                </p>
                <p className="text-sm">
                  <Trans>Choose a business type and exposure level, then press Calculate.</Trans>
                </p>
              </CardContent>
            </Card>
          )}
        </aside>
      </div>
    </PricingPageLayout>
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
  const businessType = businessTypes.find((type) => type.id === result.businessType);
  const { t, i18n } = useLingui();
  const annual = formatMoney(pricing.annualTotal);
  return (
    <Card data-testid="local-result">
      <CardHeader>
        <CardTitle>
          <Trans>Your price</Trans>
        </CardTitle>
        <CardDescription>
          {businessType && i18n._(businessType.label)} · {level && i18n._(level.name)}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="space-y-2 text-sm">
          <Row label={t`Monthly base`} value={formatMoney(pricing.monthlyBase)} />
          <Row
            label={t`Add-ons`}
            value={formatMonthlyPrice(localAddonsDisplayMonthlyCents(pricing.addons))}
            muted
          />
          <Row
            label={t`ZIP codes (${zipCount})`}
            value={pricing.zipFees ? formatMonthlyPrice(pricing.zipFees) : t`Included`}
            muted
          />
        </dl>
        <div className="mt-4 border-t pt-4">
          <div className="flex items-baseline justify-between">
            <span className="text-sm font-medium">
              <Trans>Monthly total</Trans>
            </span>
            <span className="text-3xl font-bold tracking-tight" data-testid="local-total">
              {formatMoney(pricing.total)}
              <span className="text-sm font-normal text-muted-foreground">
                <Trans>/mo</Trans>
              </span>
            </span>
          </div>
          <p className="mt-1 text-end text-sm text-muted-foreground">
            <Trans>
              or <span data-testid="local-annual">{annual}</span>/year (save 10%)
            </Trans>
          </p>
          {oneTime > 0 && (
            <p className="mt-3 rounded-lg bg-muted px-3 py-2 text-xs text-muted-foreground">
              <Trans>
                Co-Branded Page: {formatMoney(oneTime)} one-time, charged once at checkout and not part of the
                monthly total.
              </Trans>
            </p>
          )}
        </div>
        {isStale && (
          <p className="mt-3 text-xs text-muted-foreground" role="status">
            <Trans>Your choices changed since this price was calculated. Press Calculate to update it.</Trans>
          </p>
        )}
        <Button className="mt-5 w-full" size="lg" disabled={isCreating} onClick={onCheckout}>
          {isCreating ? (
            <>
              <Loader2 className="h-4 w-4 animate-spin" />
              <Trans>Creating Checkout...</Trans>
            </>
          ) : (
            t`Proceed to Checkout`
          )}
        </Button>
      </CardContent>
    </Card>
  );
}
