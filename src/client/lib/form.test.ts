import { i18n } from '@client/i18n/i18n';
import { createFormControl } from 'react-hook-form';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api';
import { errorToast } from './error-toast';
import { applyServerErrors, checkedByServer } from './form';

beforeAll(async () => {
  const locale = 'en';
  const { messages } = await import(`../locales/${locale}.po`);
  i18n.loadAndActivate({ locale, messages });
});

const badRequest = (issues: { path: string; message: string }[]) =>
  ApiError.read(400, JSON.stringify({ code: 'bad_request', message: 'Invalid input', issues }));

function contactForm() {
  return createFormControl({ defaultValues: { email: '', value: '', notes: '' } });
}

describe('applyServerErrors', () => {
  it("puts each of a 400's field issues under its input", async () => {
    const { formControl, control } = contactForm();
    const applied = applyServerErrors(
      await badRequest([
        { path: 'email', message: 'Enter a valid email address' },
        { path: 'notes', message: 'Notes must be at most 5000 characters' },
      ]),
      formControl,
    );
    expect(applied).toBe(true);
    expect(control._formState.errors.email?.message).toBe('Enter a valid email address');
    expect(control._formState.errors.notes?.message).toBe('Notes must be at most 5000 characters');
  });

  it('maps an API field to the input that holds it and leaves out fields the form does not have', async () => {
    const { formControl, control } = contactForm();
    const applied = applyServerErrors(
      await badRequest([
        { path: 'valueCents', message: 'Value is too large' },
        { path: 'latitude', message: 'Latitude must be a number' },
      ]),
      formControl,
      { valueCents: 'value' },
    );
    expect(applied).toBe(true);
    expect(control._formState.errors.value?.message).toBe('Value is too large');
    expect(Object.keys(control._formState.errors)).toEqual(['value']);
  });

  it('applies nothing for an answer without field issues, so the caller shows a toast', async () => {
    const { formControl, control } = contactForm();
    expect(applyServerErrors(await ApiError.read(500, 'Internal Server Error'), formControl)).toBe(false);
    expect(applyServerErrors(new Error('offline'), formControl)).toBe(false);
    expect(control._formState.errors).toEqual({});
  });
});

describe('checkedByServer', () => {
  // A server schema with a nested field and a name the form spells differently.
  const server = z.object({
    name: z.string().trim().min(1, 'Name is required'),
    valueCents: z.number().int('Whole cents'),
    audience: z.object({ tag: z.string().max(3, 'Tag is too long').optional() }),
  });
  const fields = z.object({ name: z.string(), value: z.string(), audience: z.object({ tag: z.string() }) });
  const schema = checkedByServer(
    fields,
    server,
    (form) => ({
      name: form.name,
      valueCents: Number(form.value) * 100,
      audience: { tag: form.audience.tag || undefined },
    }),
    { valueCents: 'value' },
  );

  it('puts each of the server schema issues on the input that holds the field', () => {
    const checked = schema.safeParse({ name: ' ', value: '1.005', audience: { tag: 'long' } });
    expect(checked.success).toBe(false);
    expect(checked.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'Name is required'],
      ['value', 'Whole cents'],
      ['audience.tag', 'Tag is too long'],
    ]);
  });

  it('passes what the server schema would take', () => {
    expect(schema.safeParse({ name: 'Autumn', value: '12', audience: { tag: '' } }).success).toBe(true);
  });
});

describe('errorToast', () => {
  it("reads the server's message, or the spec's fallback when the failure says nothing", async () => {
    const conflict = await ApiError.read(
      409,
      JSON.stringify({ code: 'conflict', message: 'Already connected.' }),
    );
    expect(errorToast('Integration Failed', conflict, 'Failed to connect email account')).toEqual({
      title: 'Integration Failed',
      description: 'Already connected.',
      variant: 'destructive',
    });
    expect(errorToast('Integration Failed', 'nope', 'Failed to connect email account').description).toBe(
      'Failed to connect email account',
    );
    expect(errorToast('Delete Failed', 'nope').description).toBe('Something went wrong.');
    expect(errorToast('Invalid File', null, 'Please select a CSV file.').description).toBe(
      'Please select a CSV file.',
    );
    expect(errorToast('Backup request failed').description).toBeUndefined();
  });
});
