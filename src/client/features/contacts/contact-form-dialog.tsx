import { FormDialog } from '@client/components/form/form-dialog';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/use-toast';
import { useWebsites } from '@client/features/websites';
import { ApiError } from '@client/lib/api';
import { toastError } from '@client/lib/error-toast';
import { applyServerErrors } from '@client/lib/form';
import { type Contact, unknownSource } from '@domain/contacts/contact-schemas';
import { contactDisplayName } from '@domain/contacts/names';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ContactFormFields } from './contact-form-fields';
import {
  type ContactFormValues,
  contactFieldForPath,
  contactFormSchema,
  contactFormValues,
  contactPayload,
} from './contact-form-schema';
import { useCreateContact, useUpdateContact } from './contacts-api';

export interface ContactFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The contact to edit; null adds a new one. */
  contact: Contact | null;
}

/** Add or edit a contact: validated in the browser with the server's own schema, server errors shown on their fields. */
export function ContactFormDialog({ open, onOpenChange, contact }: ContactFormDialogProps) {
  const isEdit = contact !== null;
  const { t } = useLingui();
  const invalidAmount = t`Enter an amount in dollars, e.g. 1,250.00`;
  const schema = useMemo(() => contactFormSchema(isEdit, invalidAmount), [isEdit, invalidAmount]);
  // `raw`: the submit handler receives the inputs as typed; `contactPayload` turns them into the request.
  const form = useForm<ContactFormValues>({
    resolver: zodResolver(schema, undefined, { raw: true }),
    defaultValues: contactFormValues(contact),
  });
  const [isDuplicate, setIsDuplicate] = useState(false);
  const { data: websites } = useWebsites();
  const create = useCreateContact();
  const update = useUpdateContact();
  const isPending = create.isPending || update.isPending;

  useEffect(() => {
    if (open) {
      form.reset(contactFormValues(contact));
      setIsDuplicate(false);
    }
  }, [open, contact, form]);

  const onError = (error: Error) => {
    const hasFieldErrors = applyServerErrors(error, form, contactFieldForPath);
    // A duplicate email or phone answers 409: the form then offers to merge.
    setIsDuplicate(!isEdit && error instanceof ApiError && error.code === 'conflict');
    if (!hasFieldErrors) toastError(t`Could not save contact`, error);
  };
  const onSuccess = (saved: Contact, title: string) => {
    toast({ title, description: contactDisplayName(saved) });
    onOpenChange(false);
  };

  const submit = (merge: boolean) =>
    form.handleSubmit((values) => {
      const payload = contactPayload(values);
      if (contact) {
        update.mutate(
          { id: contact.id, input: payload },
          { onSuccess: (saved) => onSuccess(saved, t`Contact Updated`), onError },
        );
      } else {
        create.mutate(
          { ...payload, merge },
          { onSuccess: (saved) => onSuccess(saved, merge ? t`Contact Merged` : t`Contact Added`), onError },
        );
      }
    });

  const source = form.watch('source');
  const sources = [unknownSource, ...(websites ?? []).map((w) => w.name)];
  if (!sources.includes(source)) sources.push(source);

  return (
    <FormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      className="max-w-2xl"
      title={isEdit ? <Trans>Edit Contact</Trans> : <Trans>Add Contact</Trans>}
      description={
        isEdit ? (
          <Trans>Change the details and save. Clearing a field removes it.</Trans>
        ) : (
          <Trans>
            A contact needs a name, an email or a phone number. Emails and phones are unique per workspace.
          </Trans>
        )
      }
      onSubmit={submit(false)}
      pending={isPending}
      submitLabel={isEdit ? <Trans>Save Changes</Trans> : <Trans>Add Contact</Trans>}
    >
      <ContactFormFields form={form} sources={sources} contactId={contact?.id} />
      {isDuplicate && <MergeOffer disabled={isPending} onMerge={submit(true)} />}
    </FormDialog>
  );
}

function MergeOffer({ disabled, onMerge }: { disabled: boolean; onMerge: () => void }) {
  return (
    <div className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm sm:flex-row sm:items-center sm:justify-between dark:bg-amber-950/30">
      <span>
        <Trans>Add these details to the existing contact instead? Filled-in fields there are kept.</Trans>
      </span>
      <Button type="button" variant="outline" size="sm" disabled={disabled} onClick={onMerge}>
        <Trans>Merge into existing contact</Trans>
      </Button>
    </div>
  );
}
