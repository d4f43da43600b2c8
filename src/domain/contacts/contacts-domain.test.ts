import { describe, expect, it } from 'vitest';
import { contactCreateSchema, parseDollarsToCents } from './contact-schemas.js';
import { contactDisplayName, nameFromEmail, splitFullName } from './names.js';
import { formatPhone, normalizePhone } from './phone.js';

describe('normalizePhone', () => {
  it.each([
    ['(555) 123-4567', '+15551234567'],
    ['555.123.4567', '+15551234567'],
    ['+1 555 123 4567', '+15551234567'],
    ['1-555-123-4567', '+15551234567'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('%s -> %s', (raw, e164) => expect(normalizePhone(raw)).toBe(e164));

  it.each(['', 'abc', '12', '+1 555'])('rejects %j', (raw) => expect(normalizePhone(raw)).toBeNull());

  it('formats national numbers nationally and foreign ones internationally', () => {
    expect(formatPhone('+15551234567')).toBe('(555) 123-4567');
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
  });
});

describe('names', () => {
  it('splits full names', () => {
    expect(splitFullName('  Jane   van der Berg ')).toEqual({ firstName: 'Jane', lastName: 'van der Berg' });
    expect(splitFullName('Doe, Jane')).toEqual({ firstName: 'Jane', lastName: 'Doe' });
    expect(splitFullName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
    expect(splitFullName('')).toEqual({ firstName: '', lastName: '' });
  });

  it('guesses names from email locals, but not from role mailboxes', () => {
    expect(nameFromEmail('jane.doe+crm@x.com')).toEqual({ firstName: 'Jane', lastName: 'Doe' });
    expect(nameFromEmail('info@x.com')).toEqual({ firstName: '', lastName: '' });
    expect(nameFromEmail('12345@x.com')).toEqual({ firstName: '', lastName: '' });
  });

  it('names a contact by name, else email, else phone', () => {
    expect(contactDisplayName({ firstName: 'A', lastName: 'B' })).toBe('A B');
    expect(contactDisplayName({ firstName: '', email: 'a@b.c' })).toBe('a@b.c');
    expect(contactDisplayName({ phone: '+15551234567' })).toBe('+15551234567');
    expect(contactDisplayName({})).toBe('Unnamed contact');
  });
});

describe('contact input', () => {
  it('normalises email and phone, and blanks to null', () => {
    const parsed = contactCreateSchema.parse({
      firstName: ' Jo ',
      email: ' Jo@X.COM ',
      phone: '(555) 123-4567',
      company: '',
    });
    expect(parsed).toMatchObject({
      firstName: 'Jo',
      email: 'jo@x.com',
      phone: '+15551234567',
      company: null,
    });
  });

  it('names the field of each problem', () => {
    const result = contactCreateSchema.safeParse({ email: 'nope', latitude: 1 });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toContain('email');
  });

  it('parses dollars as typed', () => {
    expect(parseDollarsToCents('$1,250.50')).toBe(125_050);
    expect(parseDollarsToCents('99')).toBe(9900);
    expect(parseDollarsToCents('')).toBe(0);
    expect(parseDollarsToCents('12.345')).toBeNull();
    expect(parseDollarsToCents('-3')).toBeNull();
  });
});
