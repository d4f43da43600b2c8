import { FormDialog } from '@client/components/form/form-dialog';
import { toast } from '@client/components/ui/use-toast';
import { useMembers } from '@client/features/members';
import { formatMoney } from '@client/i18n/format';
import { errorMessage } from '@client/lib/api';
import { userDisplayName } from '@client/lib/user-display';
import type { Contact } from '@domain/contacts/contact-schemas';
import { formatPhone } from '@domain/contacts/phone';
import {
  defaultMergeChoices,
  defaultSurvivor,
  type MergeField,
  mergeFields,
} from '@domain/duplicates/duplicate-schemas';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useMergeContacts } from './duplicates-api';

const fieldLabels: Record<MergeField, MessageDescriptor> = {
  firstName: msg`First name`,
  lastName: msg`Last name`,
  email: msg`Email`,
  phone: msg`Phone`,
  company: msg`Company`,
  source: msg`Source`,
  status: msg`Status`,
  valueCents: msg`Value`,
  address: msg`Address`,
  contactType: msg`Contact type`,
  notes: msg`Notes`,
  ownerId: msg`Owner`,
};

export const contactName = (c: Contact) =>
  `${c.firstName} ${c.lastName}`.trim() || c.email || (c.phone ? formatPhone(c.phone) : '');

/**
 * Merges the contacts into one: which record stays (its id is the one links keep), and per field whose
 * value it takes, preset to the server's own defaults (a filled value over an empty one, then the newest).
 * Fields whose values are the same everywhere are not asked. Tags and custom properties are joined.
 */
export function MergeDialog({ contacts, onClose }: { contacts: Contact[]; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const members = useMembers();
  const merge = useMergeContacts();
  const [survivorId, setSurvivorId] = useState(() => defaultSurvivor(contacts).id);
  const [choices, setChoices] = useState(() => defaultMergeChoices(contacts, defaultSurvivor(contacts).id));

  const display = (c: Contact, field: MergeField): string => {
    switch (field) {
      case 'phone':
        return c.phone ? formatPhone(c.phone) : '';
      case 'valueCents':
        return c.valueCents ? formatMoney(c.valueCents) : '';
      case 'address':
        return [c.address, c.city, c.state, c.zip].filter(Boolean).join(', ');
      case 'ownerId': {
        const owner = members.data?.find((m) => m.userId === c.ownerId);
        return owner ? userDisplayName(owner) : '';
      }
      default:
        return String(c[field] ?? '');
    }
  };
  const differing = mergeFields.filter((field) => new Set(contacts.map((c) => display(c, field))).size > 1);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      const result = await merge.mutateAsync({
        contactIds: contacts.map((c) => c.id),
        survivorId,
        fields: choices,
      });
      toast({ title: t`Contacts merged`, description: contactName(result.contact) });
      onClose();
    } catch {
      // The footer shows the error.
    }
  };

  return (
    <FormDialog
      onClose={onClose}
      title={<Trans>Merge contacts</Trans>}
      description={
        <Trans>
          One contact stays; everything that belonged to the others moves to it. You can undo the merge later.
        </Trans>
      }
      onSubmit={submit}
      pending={merge.isPending}
      error={merge.error ? errorMessage(merge.error) : undefined}
      submitLabel={<Trans>Merge</Trans>}
      className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
    >
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">
          <Trans>Keep the record of</Trans>
        </legend>
        {contacts.map((c) => (
          <label key={c.id} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="survivor"
              checked={survivorId === c.id}
              onChange={() => setSurvivorId(c.id)}
            />
            <span>
              {contactName(c)} <span className="text-muted-foreground">#{c.id}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {differing.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>Their fields agree: nothing to choose.</Trans>
        </p>
      ) : (
        differing.map((field) => {
          const label = i18n._(fieldLabels[field]);
          return (
            <fieldset key={field} className="space-y-1" data-testid={`merge-field-${field}`}>
              <legend className="text-sm font-medium">{label}</legend>
              {contacts.map((c) => (
                <label key={c.id} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`field-${field}`}
                    checked={choices[field] === c.id}
                    onChange={() => setChoices({ ...choices, [field]: c.id })}
                  />
                  <span className="break-all">
                    {display(c, field) || <span className="text-muted-foreground">{t`(empty)`}</span>}
                  </span>
                </label>
              ))}
            </fieldset>
          );
        })
      )}
    </FormDialog>
  );
}
