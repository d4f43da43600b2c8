import { FormField } from '@client/components/form/form-field';
import { SelectField } from '@client/components/form/select-field';
import { formatMonthlyPrice } from '@client/components/pricing/monthly-price';
import { RadioCard } from '@client/components/radio-card';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Switch } from '@client/components/ui/switch';
import { formatMoney } from '@client/i18n/format';
import { cn } from '@client/lib/utils';
import { businessTypes, exposureLevels, localAddons, zipFeeHint } from '@domain/pricing/local-business';
import { Trans, useLingui } from '@lingui/react/macro';
import { Calculator, Check } from 'lucide-react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { SelectionForm } from './local-business-selection';

/** The calculator's inputs: business type, exposure level, ZIP codes and add-ons, then Calculate. */
export function LocalBusinessForm({
  form,
  onCalculate,
}: {
  form: UseFormReturn<SelectionForm>;
  onCalculate: () => void;
}) {
  const { errors } = form.formState;
  const { t, i18n } = useLingui();
  return (
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
                      <span className="mt-2 text-xs text-muted-foreground">{i18n._(level.description)}</span>
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
                <li key={addon.key} className="flex items-start justify-between gap-3 rounded-xl border p-4">
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

        <Button size="lg" className="w-full sm:w-auto" onClick={onCalculate}>
          <Calculator className="h-4 w-4" />
          <Trans>Calculate</Trans>
        </Button>
      </CardContent>
    </Card>
  );
}
