import { translatorFor } from '@client/i18n/i18n';
import type { FormTexts } from '@domain/forms/form-schemas';
import type { Locale } from '@domain/locales';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * What a new form says to its visitors, in the catalogs' words: the builder fills these in the form's
 * language (not the builder's), and the owner may reword them.
 */
const defaultTexts: Record<keyof FormTexts, MessageDescriptor> = {
  submit: msg`Send`,
  thankYou: msg`Thank you! We received your message and will be in touch soon.`,
  required: msg`This field is required`,
  invalid: msg`This answer is not valid`,
  failed: msg`Your answers could not be sent. Please try again in a moment.`,
};

const defaultConsent = msg`I agree to be contacted about my request.`;
const defaultLabels = { firstName: msg`First name`, email: msg`Email`, message: msg`Message` };

export interface FormDefaults {
  texts: FormTexts;
  consent: string;
  labels: { firstName: string; email: string; message: string };
}

/** The default texts in `locale`. */
export async function formDefaults(locale: Locale): Promise<FormDefaults> {
  const i18n = await translatorFor(locale);
  const texts = Object.fromEntries(
    Object.entries(defaultTexts).map(([key, text]) => [key, i18n._(text)]),
  ) as FormTexts;
  return {
    texts,
    consent: i18n._(defaultConsent),
    labels: {
      firstName: i18n._(defaultLabels.firstName),
      email: i18n._(defaultLabels.email),
      message: i18n._(defaultLabels.message),
    },
  };
}
