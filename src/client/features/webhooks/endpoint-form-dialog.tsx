import { FormDialog } from '@client/components/form/form-dialog';
import { FormField } from '@client/components/form/form-field';
import { SelectField } from '@client/components/form/select-field';
import { Checkbox } from '@client/components/ui/checkbox';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { errorMessage } from '@client/lib/api';
import { applyServerErrors } from '@client/lib/form';
import { contactDisplayName } from '@domain/contacts/names';
import { endpointUpdateSchema, type WebhookEndpointWithHealth } from '@domain/webhooks/webhook-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useCompanyChoices, useCompanyContacts, useUpdateEndpoint } from './webhooks-api';

/** Radix's menus take no empty value: this one stands for "no company" and "no contact". */
const none = 'none';

const endpointFields = z.object({
  events: z.string(),
  companyId: z.string(),
  noticeContactId: z.string(),
  ordered: z.boolean(),
});
type EndpointFormValues = z.infer<typeof endpointFields>;

const idOf = (value: string) => (value === none ? null : Number(value));
const payloadOf = (values: EndpointFormValues) => ({
  events: values.events
    .split(',')
    .map((type) => type.trim())
    .filter(Boolean),
  companyId: idOf(values.companyId),
  noticeContactId: idOf(values.noticeContactId),
  ordered: values.ordered,
});
/** The server's rules, each issue on its input: one text field holds every event type (`events.3` → events). */
const schema = endpointFields.superRefine((values, ctx) => {
  const checked = endpointUpdateSchema.safeParse(payloadOf(values));
  if (checked.success) return;
  for (const issue of checked.error.issues)
    ctx.addIssue({ code: 'custom', path: [String(issue.path[0] ?? 'events')], message: issue.message });
});

/** An endpoint's event filter, ordered delivery and the account it belongs to: its company, and that company's notice contact. */
export function EndpointFormDialog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpointWithHealth;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const orderedId = useId();
  const form = useForm<EndpointFormValues>({
    resolver: zodResolver(schema, undefined, { raw: true }),
    defaultValues: {
      events: endpoint.events.join(', '),
      companyId: String(endpoint.companyId ?? none),
      noticeContactId: String(endpoint.noticeContactId ?? none),
      ordered: endpoint.ordered,
    },
  });
  const { errors } = form.formState;
  const companyId = idOf(form.watch('companyId'));
  // Another company's contact cannot be this one's notice contact: choosing a company clears it.
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      if (name === 'companyId') form.setValue('noticeContactId', none);
    });
    return () => subscription.unsubscribe();
  }, [form]);
  const companies = useCompanyChoices();
  const contacts = useCompanyContacts(companyId);
  const update = useUpdateEndpoint();
  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: endpoint.id, ...payloadOf(values) });
      onClose();
    } catch (error) {
      applyServerErrors(error, form);
    }
  });
  const hasFieldError = Object.keys(errors).length > 0;
  return (
    <FormDialog
      onClose={onClose}
      title={<Trans>Edit endpoint</Trans>}
      description={<span className="break-all">{endpoint.url}</span>}
      onSubmit={submit}
      pending={update.isPending}
      error={update.error && !hasFieldError && errorMessage(update.error)}
      submitLabel={<Trans>Save endpoint</Trans>}
    >
      <FormField label={<Trans>Event types, separated by commas</Trans>} error={errors.events?.message}>
        {(id, invalid) => <Input id={id} aria-invalid={invalid} {...form.register('events')} />}
      </FormField>
      <div className="flex items-start gap-2">
        <Controller
          control={form.control}
          name="ordered"
          render={({ field }) => (
            <Checkbox
              id={orderedId}
              className="mt-0.5"
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
            />
          )}
        />
        <Label htmlFor={orderedId} className="font-normal leading-snug">
          <Trans>Keep each record's updates in order (by the event's data.id)</Trans>
        </Label>
      </div>
      <SelectField
        control={form.control}
        name="companyId"
        label={<Trans>Company</Trans>}
        error={errors.companyId?.message}
        options={[
          { value: none, label: t`No company` },
          ...(companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
        ]}
      />
      <SelectField
        control={form.control}
        name="noticeContactId"
        label={<Trans>Notice contact</Trans>}
        hint={<Trans>Mailed once when the endpoint has failed for 24 hours.</Trans>}
        error={errors.noticeContactId?.message}
        options={[
          { value: none, label: t`No one` },
          ...(contacts.data?.contacts ?? []).map((c) => ({
            value: String(c.id),
            label: contactDisplayName(c),
          })),
        ]}
      />
    </FormDialog>
  );
}
