import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { useWebsites } from '@client/features/websites';
import { ApiError } from '@client/lib/api';
import { toastError } from '@client/lib/error-toast';
import {
  type Contact,
  type ContactStatus,
  type ContactType,
  type ContactUpdateInput,
  contactCreateSchema,
  contactStatuses,
  contactTypes,
  contactUpdateSchema,
  parseDollarsToCents,
  unknownSource,
} from '@domain/contacts/contact-schemas';
import { contactDisplayName } from '@domain/contacts/names';
import { formatPhone } from '@domain/contacts/phone';
import { Trans, useLingui } from '@lingui/react/macro';
import { Loader2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { contactStatusNames, contactTypeNames } from './contact-format';
import { useCreateContact, useUpdateContact } from './contacts-api';

interface FormState {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string;
  source: string;
  status: ContactStatus;
  value: string;
  contactType: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  tags: string;
  notes: string;
}

type FieldName = keyof FormState;

const noType = 'none';

function initialState(contact: Contact | null): FormState {
  return {
    firstName: contact?.firstName ?? '',
    lastName: contact?.lastName ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ? formatPhone(contact.phone) : '',
    company: contact?.company ?? '',
    source: contact?.source ?? unknownSource,
    status: contact?.status ?? 'lead',
    value: contact ? (contact.valueCents / 100).toFixed(2).replace(/\.00$/, '') : '',
    contactType: contact?.contactType ?? noType,
    address: contact?.address ?? '',
    city: contact?.city ?? '',
    state: contact?.state ?? '',
    zip: contact?.zip ?? '',
    tags: contact?.tags.join(', ') ?? '',
    notes: contact?.notes ?? '',
  };
}

/** API field names that the form shows under a differently named input. */
const fieldForPath: Record<string, FieldName> = { valueCents: 'value' };

export interface ContactFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The contact to edit; null adds a new one. */
  contact: Contact | null;
}

/** Add or edit a contact: validated in the browser with the server's own schema, server errors shown on their fields. */
export function ContactFormDialog({ open, onOpenChange, contact }: ContactFormDialogProps) {
  const [form, setForm] = useState<FormState>(() => initialState(contact));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [isDuplicate, setIsDuplicate] = useState(false);
  const { data: websites } = useWebsites();
  const create = useCreateContact();
  const update = useUpdateContact();
  const isPending = create.isPending || update.isPending;
  const isEdit = contact !== null;
  const { t, i18n } = useLingui();

  useEffect(() => {
    if (open) {
      setForm(initialState(contact));
      setErrors({});
      setIsDuplicate(false);
    }
  }, [open, contact]);

  const set = (field: FieldName) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const showIssues = (issues: { path: string; message: string }[]) => {
    const next: Partial<Record<FieldName, string>> = {};
    for (const issue of issues) {
      const key = (fieldForPath[issue.path] ?? issue.path) as FieldName;
      next[key] ??= issue.message;
    }
    setErrors(next);
  };

  const submit = (merge: boolean) => {
    const valueCents = parseDollarsToCents(form.value);
    if (valueCents === null) {
      setErrors({ value: t`Enter an amount in dollars, e.g. 1,250.00` });
      return;
    }
    const payload: ContactUpdateInput = {
      firstName: form.firstName,
      lastName: form.lastName,
      email: form.email,
      phone: form.phone,
      company: form.company,
      source: form.source,
      status: form.status,
      valueCents,
      contactType: form.contactType === noType ? null : (form.contactType as ContactType),
      address: form.address,
      city: form.city,
      state: form.state,
      zip: form.zip,
      tags: form.tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
      notes: form.notes,
    };
    const checked = (isEdit ? contactUpdateSchema : contactCreateSchema).safeParse(payload);
    if (!checked.success) {
      showIssues(checked.error.issues.map((i) => ({ path: String(i.path[0] ?? ''), message: i.message })));
      return;
    }
    const onError = (error: Error) => {
      const issues = error instanceof ApiError ? error.fieldIssues() : [];
      if (issues.length) showIssues(issues);
      // A duplicate email or phone answers 409: the form then offers to merge.
      setIsDuplicate(!isEdit && error instanceof ApiError && error.code === 'conflict');
      if (!issues.length) {
        toastError(t`Could not save contact`, error);
      }
    };
    const onSuccess = (saved: Contact, title: string) => {
      toast({ title, description: contactDisplayName(saved) });
      onOpenChange(false);
    };
    if (contact) {
      update.mutate(
        { id: contact.id, input: payload },
        { onSuccess: (saved) => onSuccess(saved, t`Contact Updated`), onError },
      );
    } else {
      create.mutate(
        { ...payload, merge },
        {
          onSuccess: (saved) => onSuccess(saved, merge ? t`Contact Merged` : t`Contact Added`),
          onError,
        },
      );
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(false);
  };

  const sourceOptions = [unknownSource, ...(websites ?? []).map((w) => w.name)];
  if (!sourceOptions.includes(form.source)) sourceOptions.push(form.source);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{isEdit ? <Trans>Edit Contact</Trans> : <Trans>Add Contact</Trans>}</DialogTitle>
          <DialogDescription>
            {isEdit ? (
              <Trans>Change the details and save. Clearing a field removes it.</Trans>
            ) : (
              <Trans>
                A contact needs a name, an email or a phone number. Emails and phones are unique per
                workspace.
              </Trans>
            )}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t`First name`} error={errors.firstName}>
              {(id, invalid) => (
                <Input
                  id={id}
                  aria-invalid={invalid}
                  value={form.firstName}
                  onChange={(e) => set('firstName')(e.target.value)}
                  autoFocus
                />
              )}
            </Field>
            <Field label={t`Last name`} error={errors.lastName}>
              {(id, invalid) => (
                <Input
                  id={id}
                  aria-invalid={invalid}
                  value={form.lastName}
                  onChange={(e) => set('lastName')(e.target.value)}
                />
              )}
            </Field>
            <Field label={t`Email`} error={errors.email}>
              {(id, invalid) => (
                <Input
                  id={id}
                  type="email"
                  aria-invalid={invalid}
                  value={form.email}
                  onChange={(e) => set('email')(e.target.value)}
                />
              )}
            </Field>
            <Field label={t`Phone`} error={errors.phone}>
              {(id, invalid) => (
                <Input
                  id={id}
                  type="tel"
                  aria-invalid={invalid}
                  placeholder="(555) 123-4567"
                  value={form.phone}
                  onChange={(e) => set('phone')(e.target.value)}
                />
              )}
            </Field>
            <Field label={t`Company`} error={errors.company}>
              {(id, invalid) => (
                <Input
                  id={id}
                  aria-invalid={invalid}
                  value={form.company}
                  onChange={(e) => set('company')(e.target.value)}
                />
              )}
            </Field>
            <Field label={t`Value ($)`} error={errors.value}>
              {(id, invalid) => (
                <Input
                  id={id}
                  inputMode="decimal"
                  aria-invalid={invalid}
                  placeholder="0"
                  value={form.value}
                  onChange={(e) => set('value')(e.target.value)}
                />
              )}
            </Field>
            <Field label={t`Source`} error={errors.source}>
              {(id) => (
                <Select value={form.source} onValueChange={set('source')}>
                  <SelectTrigger id={id}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {sourceOptions.map((s) => (
                      <SelectItem key={s} value={s}>
                        {s}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </Field>
            <Field label={t`Status`} error={errors.status}>
              {(id) => (
                <Select value={form.status} onValueChange={set('status')}>
                  <SelectTrigger id={id}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {contactStatuses.map((s) => (
                      <SelectItem key={s} value={s}>
                        {i18n._(contactStatusNames[s])}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </Field>
            <Field label={t`Contact type`} error={errors.contactType}>
              {(id) => (
                <Select value={form.contactType} onValueChange={set('contactType')}>
                  <SelectTrigger id={id}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={noType}>
                      <Trans>Not set</Trans>
                    </SelectItem>
                    {contactTypes.map((type) => (
                      <SelectItem key={type} value={type}>
                        {i18n._(contactTypeNames[type])}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </Field>
            <Field label={t`Tags (comma separated)`} error={errors.tags}>
              {(id, invalid) => (
                <Input
                  id={id}
                  aria-invalid={invalid}
                  value={form.tags}
                  onChange={(e) => set('tags')(e.target.value)}
                />
              )}
            </Field>
            <Field label={t`Address`} error={errors.address} className="sm:col-span-2">
              {(id, invalid) => (
                <Input
                  id={id}
                  aria-invalid={invalid}
                  value={form.address}
                  onChange={(e) => set('address')(e.target.value)}
                />
              )}
            </Field>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label={t`City`} error={errors.city}>
              {(id, invalid) => (
                <Input
                  id={id}
                  aria-invalid={invalid}
                  value={form.city}
                  onChange={(e) => set('city')(e.target.value)}
                />
              )}
            </Field>
            <Field label={t`State`} error={errors.state}>
              {(id, invalid) => (
                <Input
                  id={id}
                  aria-invalid={invalid}
                  value={form.state}
                  onChange={(e) => set('state')(e.target.value)}
                />
              )}
            </Field>
            <Field label={t`ZIP`} error={errors.zip}>
              {(id, invalid) => (
                <Input
                  id={id}
                  aria-invalid={invalid}
                  value={form.zip}
                  onChange={(e) => set('zip')(e.target.value)}
                />
              )}
            </Field>
          </div>
          <Field label={t`Notes`} error={errors.notes}>
            {(id, invalid) => (
              <Textarea
                id={id}
                aria-invalid={invalid}
                rows={3}
                value={form.notes}
                onChange={(e) => set('notes')(e.target.value)}
              />
            )}
          </Field>
          {isDuplicate && (
            <div className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm sm:flex-row sm:items-center sm:justify-between dark:bg-amber-950/30">
              <span>
                <Trans>
                  Add these details to the existing contact instead? Filled-in fields there are kept.
                </Trans>
              </span>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={isPending}
                onClick={() => submit(true)}
              >
                <Trans>Merge into existing contact</Trans>
              </Button>
            </div>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={isPending}>
              {isPending && <Loader2 className="animate-spin" />}
              {isEdit ? <Trans>Save Changes</Trans> : <Trans>Add Contact</Trans>}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function Field({
  label,
  error,
  className,
  children,
}: {
  label: string;
  error?: string;
  className?: string;
  children: (id: string, invalid: boolean) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={`grid gap-1.5 ${className ?? ''}`}>
      <Label htmlFor={id}>{label}</Label>
      {children(id, Boolean(error))}
      {error && (
        <p className="text-xs text-destructive" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
