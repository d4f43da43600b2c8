import { FormDialog } from '@client/components/form/form-dialog';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { fieldMessage } from '@client/i18n/field-message';
import { ApiError, errorMessage } from '@client/lib/api';
import {
  type EcosystemEndpoint,
  type EndpointForm,
  endpointCategories,
  endpointFormats,
  endpointFormSchema,
  endpointInputFromForm,
  endpointTypes,
  type MappableField,
  mappableFields,
} from '@domain/ecosystem/ecosystem-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useSaveEndpoint } from './ecosystem-api';

const urlPlaceholder = 'https://';
/** Not words: the shape of a header. */
const headerPlaceholder = 'Authorization: Bearer …';

/** The contact fields an endpoint can feed, as the contact form names them. */
const fieldLabels: Record<MappableField, MessageDescriptor> = {
  firstName: msg`First name`,
  lastName: msg`Last name`,
  fullName: msg`Full name`,
  email: msg`Email`,
  phone: msg`Phone`,
  company: msg`Company`,
  status: msg`Status`,
  value: msg`Value`,
  address: msg`Address`,
  city: msg`City`,
  state: msg`State`,
  zip: msg`ZIP`,
  notes: msg`Notes`,
};

const selectClass = 'h-9 w-full rounded-md border bg-background px-2 text-sm';

/** Adds an endpoint to `appId`, or edits `endpoint`. The stored auth header is only ever replaced or cleared. */
export function EndpointDialog({
  appId,
  appName,
  endpoint,
  onClose,
}: {
  appId: number;
  appName: string;
  endpoint: EcosystemEndpoint | null;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const save = useSaveEndpoint();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(endpointFormSchema),
    defaultValues: {
      name: endpoint?.name ?? '',
      type: endpoint?.type ?? 'website',
      category: endpoint?.category ?? 'leads',
      description: endpoint?.description ?? '',
      url: endpoint?.url ?? '',
      format: endpoint?.format ?? 'json',
      authHeader: '',
      clearAuthHeader: false,
      fieldMapping: endpoint?.fieldMapping ?? {},
    } satisfies EndpointForm,
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => {
    setError(null);
    save.mutate(
      { appId, id: endpoint?.id ?? null, input: endpointInputFromForm(values) },
      {
        onSuccess: onClose,
        onError: (e) => {
          const issues = e instanceof ApiError ? e.fieldIssues() : [];
          for (const issue of issues)
            form.setError(issue.path as FieldPath<EndpointForm>, { message: issue.message });
          if (issues.length === 0) setError(errorMessage(e));
        },
      },
    );
  });
  const ids = useId();
  const field = (name: string) => `${ids}-${name}`;
  return (
    <FormDialog
      onClose={onClose}
      className="max-h-[90vh] overflow-y-auto"
      title={endpoint ? t`Edit endpoint` : t`Add endpoint`}
      description={
        <Trans>
          Where {appName} publishes data for the console to collect, and how its fields map to contacts.
        </Trans>
      }
      onSubmit={submit}
      pending={save.isPending}
      error={error}
      submitLabel={<Trans>Save endpoint</Trans>}
    >
      <Field id={field('name')} label={t`Name`} error={errors.name?.message}>
        <Input id={field('name')} maxLength={120} {...form.register('name')} />
      </Field>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Field id={field('type')} label={t`Type`}>
          <select id={field('type')} className={selectClass} {...form.register('type')}>
            {endpointTypes.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </Field>
        <Field id={field('category')} label={t`Category`}>
          <select id={field('category')} className={selectClass} {...form.register('category')}>
            {endpointCategories.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </Field>
        <Field id={field('format')} label={t`Format`}>
          <select id={field('format')} className={selectClass} {...form.register('format')}>
            {endpointFormats.map((v) => (
              <option key={v} value={v}>
                {v.toUpperCase()}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field id={field('url')} label={t`URL`} error={errors.url?.message}>
        <Input id={field('url')} placeholder={urlPlaceholder} {...form.register('url')} />
      </Field>
      <Field id={field('description')} label={t`Description`} error={errors.description?.message}>
        <Textarea id={field('description')} maxLength={2000} {...form.register('description')} />
      </Field>
      <Field id={field('auth')} label={t`Auth header (optional)`} error={errors.authHeader?.message}>
        <Input
          id={field('auth')}
          type="password"
          autoComplete="off"
          placeholder={headerPlaceholder}
          aria-describedby={field('auth-state')}
          {...form.register('authHeader')}
        />
        <p id={field('auth-state')} className="text-xs text-muted-foreground">
          {endpoint?.hasAuthHeader ? (
            <Trans>An auth header is stored. Type a new one to replace it; it is never shown again.</Trans>
          ) : (
            <Trans>No auth header is stored. It is kept encrypted and never shown again.</Trans>
          )}
        </p>
      </Field>
      {endpoint?.hasAuthHeader && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...form.register('clearAuthHeader')} />
          <Trans>Remove the stored auth header</Trans>
        </label>
      )}
      <fieldset className="space-y-2 rounded-md border p-3">
        <legend className="px-1 text-sm font-medium">
          <Trans>Field mapping</Trans>
        </legend>
        <p className="text-xs text-muted-foreground">
          <Trans>
            The key (JSON) or column (CSV) that feeds each contact field. Leave empty to match by name.
          </Trans>
        </p>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {mappableFields.map((name) => (
            <Field
              key={name}
              id={field(`map-${name}`)}
              label={i18n._(fieldLabels[name])}
              error={errors.fieldMapping?.[name]?.message}
            >
              <Input id={field(`map-${name}`)} maxLength={120} {...form.register(`fieldMapping.${name}`)} />
            </Field>
          ))}
        </div>
      </fieldset>
    </FormDialog>
  );
}

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p role="alert" className="text-xs text-destructive">
          {fieldMessage(error)}
        </p>
      )}
    </div>
  );
}
