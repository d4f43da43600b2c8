import type { FormFieldType, FormRefusalReason, FormTarget, FormTexts } from '@domain/forms/form-schemas';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const formTargetLabels: Record<FormTarget, MessageDescriptor> = {
  email: msg`Email`,
  phone: msg`Phone`,
  firstName: msg`First name`,
  lastName: msg`Last name`,
  company: msg`Company`,
  address: msg`Address`,
  city: msg`City`,
  state: msg`State`,
  zip: msg`ZIP`,
  property: msg`A custom property`,
  none: msg`Nothing (kept with the answer)`,
};

export const formTypeLabels: Record<FormFieldType, MessageDescriptor> = {
  text: msg`Short text`,
  email: msg`Email address`,
  tel: msg`Phone number`,
  textarea: msg`Long text`,
  select: msg`Choice list`,
  checkbox: msg`Checkbox`,
};

export const formTextLabels: Record<keyof FormTexts, MessageDescriptor> = {
  submit: msg`Button`,
  thankYou: msg`Thank-you message`,
  required: msg`Required-field message`,
  invalid: msg`Invalid-answer message`,
  failed: msg`Failure message`,
};

export const refusalLabels: Record<FormRefusalReason, MessageDescriptor> = {
  honeypot: msg`Honeypot filled`,
  tooFast: msg`Sent too fast`,
  rateLimited: msg`Rate limited`,
  invalid: msg`Invalid answers`,
};
