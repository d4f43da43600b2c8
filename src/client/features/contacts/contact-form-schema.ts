import {
  type Contact,
  type ContactType,
  type ContactUpdateInput,
  contactCreateSchema,
  contactStatuses,
  contactUpdateSchema,
  parseDollarsToCents,
  unknownSource,
} from '@domain/contacts/contact-schemas';
import { formatPhone } from '@domain/contacts/phone';
import { z } from 'zod';

/** The "Not set" choice of the contact type menu (a Select item cannot have an empty value). */
export const noContactType = 'none';

/** What the inputs hold: text as typed; the server's schema checks what it becomes (`contactPayload`). */
const contactFormFields = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  company: z.string(),
  source: z.string(),
  status: z.enum(contactStatuses),
  value: z.string(),
  contactType: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  tags: z.string(),
  notes: z.string(),
});
export type ContactFormValues = z.infer<typeof contactFormFields>;
export type ContactFormField = keyof ContactFormValues;

/** API field names that the form shows under a differently named input. */
export const contactFieldForPath: Partial<Record<string, ContactFormField>> = { valueCents: 'value' };

export function contactFormValues(contact: Contact | null): ContactFormValues {
  return {
    firstName: contact?.firstName ?? '',
    lastName: contact?.lastName ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ? formatPhone(contact.phone) : '',
    company: contact?.company ?? '',
    source: contact?.source ?? unknownSource,
    status: contact?.status ?? 'lead',
    value: contact ? (contact.valueCents / 100).toFixed(2).replace(/\.00$/, '') : '',
    contactType: contact?.contactType ?? noContactType,
    address: contact?.address ?? '',
    city: contact?.city ?? '',
    state: contact?.state ?? '',
    zip: contact?.zip ?? '',
    tags: contact?.tags.join(', ') ?? '',
    notes: contact?.notes ?? '',
  };
}

/** The request body of a checked form; the server normalises it with the same schema. */
export function contactPayload(form: ContactFormValues): ContactUpdateInput {
  const { value, contactType, tags, ...fields } = form;
  return {
    ...fields,
    valueCents: parseDollarsToCents(value) ?? 0,
    contactType: contactType === noContactType ? null : (contactType as ContactType),
    tags: tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
  };
}

/**
 * The form's schema: the amount must read as dollars, then the server's own create or update schema checks
 * what the form would send, each issue landing on the input that holds the field.
 */
export function contactFormSchema(isEdit: boolean, invalidAmount: string) {
  const server = isEdit ? contactUpdateSchema : contactCreateSchema;
  return contactFormFields.superRefine((form, ctx) => {
    if (parseDollarsToCents(form.value) === null) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: invalidAmount });
      return;
    }
    const checked = server.safeParse(contactPayload(form));
    if (checked.success) return;
    for (const issue of checked.error.issues) {
      const path = String(issue.path[0] ?? '');
      ctx.addIssue({ code: 'custom', path: [contactFieldForPath[path] ?? path], message: issue.message });
    }
  });
}
