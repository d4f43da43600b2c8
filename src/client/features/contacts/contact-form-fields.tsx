import { FormField } from '@client/components/form/form-field';
import { SelectField } from '@client/components/form/select-field';
import { Input } from '@client/components/ui/input';
import { Textarea } from '@client/components/ui/textarea';
import { contactStatuses, contactTypes } from '@domain/contacts/contact-schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ComponentProps, Suspense } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { type ContactFormField, type ContactFormValues, noContactType } from './contact-form-schema';
import { contactSourceName, contactStatusNames, contactTypeNames } from './contact-format';
import { NotesAssistant } from './optional-dialogs';

type ContactForm = UseFormReturn<ContactFormValues>;

/** A text input bound to one field, its error underneath. */
function TextField({
  form,
  name,
  label,
  className,
  ...input
}: {
  form: ContactForm;
  name: ContactFormField;
  label: string;
  className?: string;
} & Pick<ComponentProps<'input'>, 'type' | 'inputMode' | 'placeholder' | 'autoFocus'>) {
  return (
    <FormField label={label} error={form.formState.errors[name]?.message} className={className}>
      {(id, invalid) => <Input id={id} aria-invalid={invalid} {...input} {...form.register(name)} />}
    </FormField>
  );
}

/** The inputs of the contact form; `sources` are the choices of the Source menu; `contactId` when editing. */
export function ContactFormFields({
  form,
  sources,
  contactId,
}: {
  form: ContactForm;
  sources: string[];
  contactId?: number;
}) {
  const { t, i18n } = useLingui();
  const statusOptions = contactStatuses.map((s) => ({ value: s, label: i18n._(contactStatusNames[s]) }));
  const typeOptions = [
    { value: noContactType, label: t`Not set` },
    ...contactTypes.map((type) => ({ value: type, label: i18n._(contactTypeNames[type]) })),
  ];
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="firstName" label={t`First name`} autoFocus />
        <TextField form={form} name="lastName" label={t`Last name`} />
        <TextField form={form} name="email" label={t`Email`} type="email" />
        <TextField form={form} name="phone" label={t`Phone`} type="tel" placeholder="(555) 123-4567" />
        <TextField form={form} name="company" label={t`Company`} />
        <TextField form={form} name="value" label={t`Value ($)`} inputMode="decimal" placeholder="0" />
        <SelectField
          control={form.control}
          name="source"
          error={form.formState.errors.source?.message}
          label={t`Source`}
          options={sources.map((s) => ({ value: s, label: contactSourceName(s) }))}
        />
        <SelectField
          control={form.control}
          name="status"
          label={t`Status`}
          error={form.formState.errors.status?.message}
          options={statusOptions}
        />
        <SelectField
          control={form.control}
          name="contactType"
          label={t`Contact type`}
          error={form.formState.errors.contactType?.message}
          options={typeOptions}
        />
        <TextField form={form} name="tags" label={t`Tags (comma separated)`} />
        <TextField form={form} name="address" label={t`Address`} className="sm:col-span-2" />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField form={form} name="city" label={t`City`} />
        <TextField form={form} name="state" label={t`State`} />
        <TextField form={form} name="zip" label={t`ZIP`} />
      </div>
      <FormField label={<Trans>Notes</Trans>} error={form.formState.errors.notes?.message}>
        {(id, invalid) => <Textarea id={id} aria-invalid={invalid} rows={3} {...form.register('notes')} />}
      </FormField>
      {NotesAssistant && (
        <Suspense fallback={null}>
          <NotesAssistantFor form={form} contactId={contactId} Assistant={NotesAssistant} />
        </Suspense>
      )}
    </>
  );
}

/** The assistant under the notes, fed with the form's current values (unsaved ones count). */
function NotesAssistantFor({
  form,
  contactId,
  Assistant,
}: {
  form: ContactForm;
  contactId?: number;
  Assistant: NonNullable<typeof NotesAssistant>;
}) {
  const [notes, firstName, lastName, email, phone, company] = form.watch([
    'notes',
    'firstName',
    'lastName',
    'email',
    'phone',
    'company',
  ]);
  return (
    <Assistant
      notes={notes}
      contact={{ ...(contactId ? { id: contactId } : {}), firstName, lastName, email, phone, company }}
      onNotesChange={(value) => form.setValue('notes', value, { shouldDirty: true })}
    />
  );
}
