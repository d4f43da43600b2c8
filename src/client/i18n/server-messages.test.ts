import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from '../lib/api';
import { i18n } from './i18n';

async function use(locale: string) {
  const { messages } = await import(`../locales/${locale}.po`);
  i18n.loadAndActivate({ locale, messages });
}

const serverError = (status: number, body: object) => ApiError.read(status, JSON.stringify(body));

const taken = await serverError(400, {
  message: 'domain: shop.example is already one of your websites',
  code: 'bad_request',
  messageId: 'websites.domainTaken',
  values: { domain: 'shop.example' },
  issues: [{ path: 'domain', message: 'shop.example is already one of your websites' }],
});
const limited = await serverError(429, {
  message: 'Too many sign-in attempts. Try again in 3 minutes.',
  messageId: 'auth.tooManySignIns',
  values: { minutes: 3 },
});

describe('server messages in the user language', () => {
  it('reads exactly as the server wrote it in English', async () => {
    await use('en');
    expect(errorMessage(taken)).toBe('domain: shop.example is already one of your websites');
    expect(errorMessage(limited)).toBe('Too many sign-in attempts. Try again in 3 minutes.');
  });

  it('is translated by its id, with values and plurals, keeping the field prefix', async () => {
    await use('es');
    expect(errorMessage(taken)).toBe('domain: shop.example ya es uno de tus sitios web');
    await use('pl');
    expect(errorMessage(limited)).toBe('Zbyt wiele prób logowania. Spróbuj ponownie za 3 minuty.');
  });

  it('falls back to the English message for an id the client does not know', async () => {
    await use('fr');
    expect(
      errorMessage(await serverError(409, { message: 'Newer server text', messageId: 'later.added' })),
    ).toBe('Newer server text');
  });
});
