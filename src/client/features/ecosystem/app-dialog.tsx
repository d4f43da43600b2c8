import { FormDialog } from '@client/components/form/form-dialog';
import { FormField } from '@client/components/form/form-field';
import { Input } from '@client/components/ui/input';
import { Textarea } from '@client/components/ui/textarea';
import { errorMessage } from '@client/lib/api';
import { applyServerErrors } from '@client/lib/form';
import {
  appCategories,
  appInputSchema,
  appPricingSchema,
  appTypes,
  type EcosystemApp,
} from '@domain/ecosystem/ecosystem-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useSaveApp } from './ecosystem-api';

/** Not words: the start of an address. */
const urlPlaceholder = 'https://';

/** The server's app schema over the inputs as typed: blank users URL is none, the price is dollars, features a list. */
/** A price typed in dollars ('' for none), checked as the server checks its cents. */
const dollarsField = (centsSchema: (typeof appPricingSchema.shape)['monthlyCents']) =>
  z
    .string()
    .transform((value) => (value.trim() === '' ? null : Math.round(Number(value) * 100)))
    .pipe(centsSchema.unwrap());

const appFormSchema = appInputSchema
  .pick({ name: true, category: true, type: true, url: true, description: true })
  .extend({
    usersUrl: z
      .string()
      .transform((value) => value.trim() || null)
      .pipe(appInputSchema.shape.usersUrl.unwrap()),
    monthly: dollarsField(appPricingSchema.shape.monthlyCents),
    annual: dollarsField(appPricingSchema.shape.annualCents),
    lifetime: dollarsField(appPricingSchema.shape.lifetimeCents),
    oneTime: dollarsField(appPricingSchema.shape.oneTimeCents),
    free: z.boolean(),
    features: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((f) => f.trim())
          .filter(Boolean),
      )
      .pipe(appInputSchema.shape.features.unwrap()),
  });

const dollarsText = (dollars: number | null | undefined) => (dollars == null ? '' : String(dollars));

/** Adds an app to the workspace's ecosystem, or edits `app`. */
export function AppDialog({ app, onClose }: { app: EcosystemApp | null; onClose: () => void }) {
  const { t } = useLingui();
  const save = useSaveApp();
  const form = useForm<z.input<typeof appFormSchema>, unknown, z.output<typeof appFormSchema>>({
    resolver: zodResolver(appFormSchema),
    defaultValues: {
      name: app?.name ?? '',
      category: app?.category ?? 'core',
      type: app?.type ?? 'B2C',
      url: app?.url ?? '',
      usersUrl: app?.usersUrl ?? '',
      description: app?.description ?? '',
      monthly: dollarsText(app?.pricing.monthly),
      annual: dollarsText(app?.pricing.annual),
      lifetime: dollarsText(app?.pricing.lifetime),
      oneTime: dollarsText(app?.pricing.oneTime),
      free: app?.pricing.free ?? false,
      features: app?.features.join(', ') ?? '',
    },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ monthly, annual, lifetime, oneTime, free, ...fields }) =>
    save.mutate(
      {
        id: app?.id ?? null,
        input: {
          ...fields,
          pricing: {
            free,
            monthlyCents: monthly,
            annualCents: annual,
            lifetimeCents: lifetime,
            oneTimeCents: oneTime,
          },
        },
      },
      { onSuccess: onClose, onError: (error) => applyServerErrors(error, form) },
    ),
  );
  const hasFieldError = Object.keys(errors).length > 0;
  const priceField = (name: 'monthly' | 'annual' | 'lifetime' | 'oneTime', label: string) => (
    <FormField label={label} error={errors[name]?.message}>
      {(id, invalid) => (
        <Input id={id} type="number" min={0} step="0.01" aria-invalid={invalid} {...form.register(name)} />
      )}
    </FormField>
  );
  const selectClass = 'h-9 w-full rounded-md border bg-background px-2 text-sm';
  return (
    <FormDialog
      onClose={onClose}
      title={app ? t`Edit app` : t`Add app`}
      description={
        <Trans>An app of your ecosystem: where it lives, what it costs and where its users are listed.</Trans>
      }
      onSubmit={submit}
      pending={save.isPending}
      error={save.error && !hasFieldError && errorMessage(save.error)}
      submitLabel={<Trans>Save app</Trans>}
    >
      <FormField label={t`Name`} error={errors.name?.message}>
        {(id, invalid) => <Input id={id} aria-invalid={invalid} maxLength={120} {...form.register('name')} />}
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField label={t`Category`}>
          {(id) => (
            <select id={id} className={selectClass} {...form.register('category')}>
              {appCategories.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t`Type`}>
          {(id) => (
            <select id={id} className={selectClass} {...form.register('type')}>
              {appTypes.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <FormField label={t`URL`} error={errors.url?.message}>
        {(id, invalid) => (
          <Input id={id} aria-invalid={invalid} placeholder={urlPlaceholder} {...form.register('url')} />
        )}
      </FormField>
      <FormField label={t`Users endpoint (optional)`} error={errors.usersUrl?.message}>
        {(id, invalid) => (
          <Input id={id} aria-invalid={invalid} placeholder={urlPlaceholder} {...form.register('usersUrl')} />
        )}
      </FormField>
      <FormField label={t`Description`} error={errors.description?.message}>
        {(id, invalid) => (
          <Textarea id={id} aria-invalid={invalid} maxLength={2000} {...form.register('description')} />
        )}
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        {priceField('monthly', t`Monthly price ($)`)}
        <label className="flex items-center gap-2 self-end pb-2 text-sm">
          <input type="checkbox" {...form.register('free')} />
          <Trans>Free to start</Trans>
        </label>
        {priceField('annual', t`Annual price ($)`)}
        {priceField('lifetime', t`Lifetime price ($)`)}
        {priceField('oneTime', t`One-time price, from ($)`)}
      </div>
      <FormField label={t`Features (comma-separated)`} error={errors.features?.message}>
        {(id, invalid) => <Input id={id} aria-invalid={invalid} {...form.register('features')} />}
      </FormField>
    </FormDialog>
  );
}
