import { i18n } from '@client/i18n/i18n';
import { ApiError } from '@client/lib/api';
import { describe, expect, it } from 'vitest';

async function use(locale: string) {
  const { messages } = await import(`../locales/${locale}.po`);
  i18n.loadAndActivate({ locale, messages });
}

const duplicate = await ApiError.read(
  409,
  JSON.stringify({
    message:
      'Maria Lopez already has this email address. Open that contact, or save with merge to add these details to it.',
    messageId: 'contacts.duplicateEmail',
    values: { name: 'Maria Lopez' },
    issues: [
      {
        path: 'email',
        message:
          'Maria Lopez already has this email address. Open that contact, or save with merge to add these details to it.',
      },
    ],
  }),
);

describe('field issues of the contact form in the user language', () => {
  it('keeps the English text in English', async () => {
    await use('en');
    expect(duplicate.fieldIssues()).toEqual([
      {
        path: 'email',
        message:
          'Maria Lopez already has this email address. Open that contact, or save with merge to add these details to it.',
      },
    ]);
  });

  it('translates a catalogued message shown on its field', async () => {
    await use('de');
    expect(duplicate.fieldIssues()[0]).toEqual({
      path: 'email',
      message:
        'Maria Lopez hat bereits diese E-Mail-Adresse. Öffnen Sie diesen Kontakt oder speichern Sie mit Zusammenführen, um ihm diese Angaben hinzuzufügen.',
    });
  });

  it('leaves issues without an id as the server wrote them', async () => {
    await use('de');
    const plain = await ApiError.read(
      400,
      JSON.stringify({ issues: [{ path: 'zip', message: 'Too long' }] }),
    );
    expect(plain.fieldIssues()).toEqual([{ path: 'zip', message: 'Too long' }]);
  });
});
