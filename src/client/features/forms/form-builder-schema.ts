import { checkedByServer } from '@client/lib/form';
import {
  type FormCreateInput,
  type FormDetail,
  type FormField,
  formCreateSchema,
  formFieldTypes,
  formTargets,
  formTextsSchema,
} from '@domain/forms/form-schemas';
import { type Locale, locales } from '@domain/locales';
import { z } from 'zod';
import type { FormDefaults } from './form-texts';

/** What the builder's inputs hold: text as typed; a select's options one per line. */
const builderFields = z.object({
  name: z.string(),
  locale: z.enum(locales),
  /** '' = none (the site the form is embedded on). */
  websiteId: z.string(),
  fields: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      type: z.enum(formFieldTypes),
      required: z.boolean(),
      target: z.enum(formTargets),
      property: z.string(),
      options: z.string(),
    }),
  ),
  consent: z.object({ on: z.boolean(), text: z.string(), required: z.boolean() }),
  texts: formTextsSchema,
  /** '' = the thank-you message. */
  redirectUrl: z.string(),
});
export type BuilderValues = z.infer<typeof builderFields>;
export type BuilderField = BuilderValues['fields'][number];

/** A key no other field of the form has: answers are stored under it, so it never changes afterwards. */
export function newFieldKey(taken: string[]): string {
  for (;;) {
    // getRandomValues, not randomUUID: the builder may be served over plain HTTP, where only the former exists.
    const key = `f${(crypto.getRandomValues(new Uint32Array(1))[0] ?? 0).toString(36)}`;
    if (!taken.includes(key)) return key;
  }
}

export function builderValues(
  form: FormDetail | undefined,
  locale: Locale,
  defaults: FormDefaults,
): BuilderValues {
  if (!form)
    return {
      name: '',
      locale,
      websiteId: '',
      fields: [
        {
          key: 'first_name',
          label: defaults.labels.firstName,
          type: 'text',
          required: false,
          target: 'firstName',
          property: '',
          options: '',
        },
        {
          key: 'email',
          label: defaults.labels.email,
          type: 'email',
          required: true,
          target: 'email',
          property: '',
          options: '',
        },
        {
          key: 'message',
          label: defaults.labels.message,
          type: 'textarea',
          required: false,
          target: 'none',
          property: '',
          options: '',
        },
      ],
      consent: { on: false, text: defaults.consent, required: true },
      texts: defaults.texts,
      redirectUrl: '',
    };
  return {
    name: form.name,
    locale: form.locale,
    websiteId: form.websiteId === null ? '' : String(form.websiteId),
    fields: form.fields.map((f) => ({
      key: f.key,
      label: f.label,
      type: f.type,
      required: f.required,
      target: f.target,
      property: f.property ?? '',
      options: (f.options ?? []).join('\n'),
    })),
    consent: form.consent
      ? { on: true, ...form.consent }
      : { on: false, text: defaults.consent, required: true },
    texts: form.texts,
    redirectUrl: form.redirectUrl ?? '',
  };
}

function fieldPayload(field: BuilderField): FormField {
  const options = field.options
    .split('\n')
    .map((o) => o.trim())
    .filter(Boolean);
  return {
    key: field.key,
    label: field.label,
    type: field.type,
    required: field.required,
    target: field.target,
    ...(field.target === 'property' ? { property: field.property } : {}),
    ...(field.type === 'select' ? { options } : {}),
  };
}

/** The request body (create and update take the same whole form). */
export function builderPayload(values: BuilderValues): FormCreateInput {
  return {
    name: values.name,
    locale: values.locale,
    websiteId: values.websiteId === '' ? null : Number(values.websiteId),
    fields: values.fields.map(fieldPayload),
    consent: values.consent.on ? { text: values.consent.text, required: values.consent.required } : null,
    texts: values.texts,
    redirectUrl: values.redirectUrl.trim() === '' ? null : values.redirectUrl.trim(),
  };
}

/** The builder's schema: the server's create schema checks what the builder would send. */
export const builderSchema = checkedByServer(builderFields, formCreateSchema, builderPayload);
