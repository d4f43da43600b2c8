import { describe, expect, it } from 'vitest';
import { locales } from '../locales.js';
import { reminderMail, reminderMailTemplates } from './reminder-mail.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('task reminder mail', () => {
  it('has every line in every shipped language, with the same placeholders as English', () => {
    const english = reminderMailTemplates.en;
    for (const locale of locales) {
      const words = reminderMailTemplates[locale];
      for (const key of Object.keys(english) as (keyof typeof english)[])
        expect(`${locale}.${key}: ${placeholders(words[key])}`).toBe(
          `${locale}.${key}: ${placeholders(english[key])}`,
        );
    }
  });

  it("writes the reader's language, the title, the due time in UTC and the link", () => {
    const dueAt = new Date('2031-05-02T14:30:00Z');
    const mail = reminderMail(
      'de',
      { title: 'Call Ann', dueAt },
      { name: 'Olive', link: 'https://hub.example/tasks' },
    );
    expect(mail.subject).toBe('Erinnerung: Call Ann');
    expect(mail.text).toContain('Hallo Olive,');
    expect(mail.text).toContain('„Call Ann“');
    expect(mail.text).toContain('Fällig: Freitag, 2. Mai 2031 um 14:30 (UTC)');
    expect(mail.text).toContain('https://hub.example/tasks');
    expect(reminderMail('en', { title: 'X', dueAt: null }, { name: 'A', link: 'l' }).text).toContain(
      'It has no due date.',
    );
  });
});
