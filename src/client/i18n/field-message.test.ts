import { signUpSchema } from '@domain/auth/auth-schemas';
import { stepSchema } from '@domain/automation/workflow-schemas';
import { contactFieldsSchema } from '@domain/contacts/contact-schemas';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../lib/api';
import { fieldMessage } from './field-message';
import { i18n, loadAllMessages } from './i18n';

async function use(locale: 'en' | 'es' | 'de' | 'ja' | 'pseudo') {
  await loadAllMessages(locale);
  i18n.activate(locale);
}

/** The message zod gives `input` at `path`, as a form's resolver or the server's 400 carries it. */
function messageAt(schema: z.ZodType, input: unknown, path: string): string {
  const issue = schema.safeParse(input).error?.issues.find((i) => i.path.join('.') === path);
  if (!issue) throw new Error(`no issue at ${path}`);
  return issue.message;
}

const signUp = { firstName: '', lastName: 'Lopez', email: 'not-an-email', password: 'x', businessName: 'B' };
const step = { type: 'notify_member', message: '' };

describe('validation messages in the user language', () => {
  it('read exactly as the schemas wrote them in English', async () => {
    await use('en');
    expect(fieldMessage(messageAt(signUpSchema, signUp, 'firstName'))).toBe('First name is required');
    expect(fieldMessage(messageAt(signUpSchema, signUp, 'email'))).toBe('Enter a valid email address');
    expect(fieldMessage(messageAt(stepSchema, step, 'message'))).toBe('Message is required');
  });

  it('translate a schema message, and one built with a value and a label', async () => {
    await use('es');
    expect(fieldMessage(messageAt(signUpSchema, signUp, 'firstName'))).toBe('El nombre es obligatorio');
    expect(fieldMessage(messageAt(signUpSchema, signUp, 'email'))).toBe(
      'Introduce un correo electrónico válido',
    );
    expect(fieldMessage(messageAt(signUpSchema, signUp, 'password'))).toBe(
      'La contraseña debe tener al menos 8 caracteres',
    );
    expect(fieldMessage(messageAt(stepSchema, step, 'message'))).toBe('El campo «Mensaje» es obligatorio');
    const longName = messageAt(contactFieldsSchema, { firstName: 'x'.repeat(81) }, 'firstName');
    expect(longName).toBe('First name must be at most 80 characters');
    await use('de');
    expect(fieldMessage(longName)).toBe('Vorname darf höchstens 80 Zeichen haben');
  });

  it('shows text it does not know as it is', async () => {
    await use('de');
    expect(fieldMessage('A newer server message')).toBe('A newer server message');
  });

  it('has zod write its own messages in the language, and in English again after', async () => {
    const tooShort = () => z.string().min(3).safeParse('a').error?.issues[0].message;
    await use('de');
    expect(tooShort()).toBe('Zu klein: erwartet, dass string >=3 Zeichen hat');
    await use('ja');
    expect(tooShort()).toMatch(/小さすぎる値/);
    // The pseudo-locale accents zod's English like its catalog: no plain letter but v and x is left.
    await use('pseudo');
    expect(tooShort()).toMatch(/>=3/);
    expect(tooShort()).not.toMatch(/[A-UWYZa-uwyz]/);
    await use('en');
    expect(tooShort()).toBe('Too small: expected string to have >=3 characters');
  });

  it("translates a server 400's field issues and the message that lists them", async () => {
    await use('es');
    const error = await ApiError.read(
      400,
      JSON.stringify({
        message: 'name: Name is required; email: Enter a valid email address',
        code: 'bad_request',
        issues: [
          { path: 'name', message: 'Name is required' },
          { path: 'email', message: 'Enter a valid email address' },
        ],
      }),
    );
    expect(error.fieldIssues()).toEqual([
      { path: 'name', message: 'El nombre es obligatorio' },
      { path: 'email', message: 'Introduce un correo electrónico válido' },
    ]);
    expect(error.translatedMessage()).toBe(
      'name: El nombre es obligatorio; email: Introduce un correo electrónico válido',
    );
    await use('en');
    expect(error.translatedMessage()).toBe('name: Name is required; email: Enter a valid email address');
  });
});
