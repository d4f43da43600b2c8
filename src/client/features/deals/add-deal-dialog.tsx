import { FormDialog } from '@client/components/form/form-dialog';
import { FormField } from '@client/components/form/form-field';
import { SelectField } from '@client/components/form/select-field';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { errorMessage } from '@client/lib/api';
import { applyServerErrors } from '@client/lib/form';
import { cn } from '@client/lib/utils';
import { parseDollarsToCents } from '@domain/contacts/contact-schemas';
import { contactDisplayName } from '@domain/contacts/names';
import {
  type DealStage,
  dealCreateSchema,
  dealStages,
  dealWithContactCreateSchema,
} from '@domain/deals/deal-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { dealStageNames } from './deal-format';
import { useContactSearch, useCreateDeal, useCreateDealWithContact } from './deals-api';

/** What the inputs hold, as typed; the server's own schemas check what they become. */
const dealFields = z.object({
  name: z.string(),
  value: z.string(),
  stage: z.enum(dealStages),
  contactMode: z.enum(['existing', 'new']),
  contactId: z.string(),
  contact: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
});
type DealFormValues = z.infer<typeof dealFields>;

const common = (v: DealFormValues) => ({
  name: v.name,
  valueCents: parseDollarsToCents(v.value) ?? Number.NaN,
  stage: v.stage,
});

/**
 * A new deal on the board, in `stage` unless changed, for a contact found by search or one created with
 * it (POST /api/deals/with-contact: both in one transaction).
 */
export function AddDealDialog({ stage, onClose }: { stage: DealStage; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const notDollars = t`Enter the value in dollars, like 1,250`;
  const chooseContact = t`Choose a contact`;
  const schema = useMemo(
    () =>
      dealFields.superRefine((v, ctx) => {
        if (parseDollarsToCents(v.value) === null)
          ctx.addIssue({ code: 'custom', path: ['value'], message: notDollars });
        if (v.contactMode === 'existing' && v.contactId === '')
          ctx.addIssue({ code: 'custom', path: ['contactId'], message: chooseContact });
        const checked =
          v.contactMode === 'new'
            ? dealWithContactCreateSchema.safeParse({ ...common(v), contact: v.contact })
            : dealCreateSchema.omit({ contactId: true }).safeParse(common(v));
        if (checked.success) return;
        for (const issue of checked.error.issues) {
          const [head = '', ...rest] = issue.path.map(String);
          if (head === 'valueCents') continue; // The dollars message above says it in the form's terms.
          ctx.addIssue({ code: 'custom', path: [head, ...rest], message: issue.message });
        }
      }),
    [notDollars, chooseContact],
  );
  const form = useForm<DealFormValues>({
    resolver: zodResolver(schema, undefined, { raw: true }),
    defaultValues: {
      name: '',
      value: '',
      stage,
      contactMode: 'existing',
      contactId: '',
      contact: { firstName: '', lastName: '', email: '' },
    },
  });
  const { errors } = form.formState;
  const mode = form.watch('contactMode');
  const create = useCreateDeal();
  const createWithContact = useCreateDealWithContact();
  const save = mode === 'new' ? createWithContact : create;
  const submit = form.handleSubmit(async (v) => {
    try {
      if (v.contactMode === 'new') await createWithContact.mutateAsync({ ...common(v), contact: v.contact });
      else await create.mutateAsync({ ...common(v), contactId: Number(v.contactId) });
      onClose();
    } catch (error) {
      applyServerErrors(error, form, { valueCents: 'value' });
    }
  });
  const hasFieldError = Object.keys(errors).length > 0;

  return (
    <FormDialog
      onClose={onClose}
      title={<Trans>Add Deal</Trans>}
      description={<Trans>Create a deal for an existing contact or a new one.</Trans>}
      onSubmit={submit}
      pending={save.isPending}
      error={save.error && !hasFieldError && errorMessage(save.error)}
      submitLabel={<Trans>Add Deal</Trans>}
    >
      <FormField label={<Trans>Deal name</Trans>} error={errors.name?.message}>
        {(id, invalid) => <Input id={id} aria-invalid={invalid} {...form.register('name')} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={<Trans>Value ($)</Trans>} error={errors.value?.message}>
          {(id, invalid) => (
            <Input id={id} inputMode="decimal" aria-invalid={invalid} {...form.register('value')} />
          )}
        </FormField>
        <SelectField
          control={form.control}
          name="stage"
          label={<Trans>Stage</Trans>}
          error={errors.stage?.message}
          options={dealStages.map((s) => ({ value: s, label: i18n._(dealStageNames[s]) }))}
        />
      </div>
      <Tabs
        value={mode}
        onValueChange={(value) => form.setValue('contactMode', value as DealFormValues['contactMode'])}
      >
        <TabsList className="w-full">
          <TabsTrigger value="existing" className="flex-1">
            <Trans>Existing contact</Trans>
          </TabsTrigger>
          <TabsTrigger value="new" className="flex-1">
            <Trans>New contact</Trans>
          </TabsTrigger>
        </TabsList>
        <TabsContent value="existing" className="mt-3">
          <ContactPicker
            selected={form.watch('contactId')}
            onSelect={(id) => form.setValue('contactId', id, { shouldValidate: form.formState.isSubmitted })}
            error={errors.contactId?.message}
          />
        </TabsContent>
        <TabsContent value="new" className="mt-3 grid gap-4 sm:grid-cols-2">
          <FormField label={<Trans>First name</Trans>} error={errors.contact?.firstName?.message}>
            {(id, invalid) => (
              <Input id={id} aria-invalid={invalid} {...form.register('contact.firstName')} />
            )}
          </FormField>
          <FormField label={<Trans>Last name</Trans>} error={errors.contact?.lastName?.message}>
            {(id, invalid) => <Input id={id} aria-invalid={invalid} {...form.register('contact.lastName')} />}
          </FormField>
          <FormField
            label={<Trans>Email</Trans>}
            error={errors.contact?.email?.message}
            className="sm:col-span-2"
          >
            {(id, invalid) => (
              <Input id={id} type="email" aria-invalid={invalid} {...form.register('contact.email')} />
            )}
          </FormField>
        </TabsContent>
      </Tabs>
    </FormDialog>
  );
}

/** A search over the workspace's contacts (name, email, company); the one chosen is pressed. */
function ContactPicker({
  selected,
  onSelect,
  error,
}: {
  selected: string;
  onSelect: (id: string) => void;
  error?: string;
}) {
  const { t } = useLingui();
  const [query, setQuery] = useState('');
  const results = useContactSearch(query);
  return (
    <FormField label={<Trans>Contact</Trans>} error={error}>
      {(id, invalid) => (
        <>
          <Input
            id={id}
            type="search"
            placeholder={t`Search contacts...`}
            aria-invalid={invalid}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <ul className="max-h-48 space-y-1 overflow-y-auto">
            {(results.data ?? []).map((contact) => {
              const isSelected = String(contact.id) === selected;
              return (
                <li key={contact.id}>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-pressed={isSelected}
                    className={cn('w-full justify-start', isSelected && 'bg-accent')}
                    onClick={() => onSelect(String(contact.id))}
                  >
                    <Check className={cn('h-4 w-4', !isSelected && 'invisible')} aria-hidden />
                    <span className="truncate">{contactDisplayName(contact)}</span>
                    {contact.email && (
                      <span className="truncate text-xs text-muted-foreground">{contact.email}</span>
                    )}
                  </Button>
                </li>
              );
            })}
            {results.data?.length === 0 && (
              <li className="py-2 text-center text-xs text-muted-foreground">
                <Trans>No contacts found</Trans>
              </li>
            )}
          </ul>
        </>
      )}
    </FormField>
  );
}
