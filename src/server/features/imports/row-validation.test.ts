import { describe, expect, it } from 'vitest';
import { mapHeader } from './header-mapping.js';
import { fillBlanks, validateRow } from './row-validation.js';

const mapping = mapHeader(['Name', 'Email', 'Phone', 'Status', 'Value', 'Company']);

describe('validateRow', () => {
  it('normalises a good row: lower-case email, E.164 phone, status, dollars to cents, split name', () => {
    const result = validateRow(
      [' Jane Doe ', ' Jane@Example.COM ', '(415) 555-0123', 'Customer', '$1,234.50', ''],
      mapping,
    );
    expect(result).toEqual({
      ok: true,
      contact: expect.objectContaining({
        firstName: 'Jane',
        lastName: 'Doe',
        email: 'jane@example.com',
        phone: '+14155550123',
        status: 'customer',
        valueCents: 123450,
        company: null,
      }),
    });
  });

  it('lists every problem of a row', () => {
    const result = validateRow(['X', 'nope@', '12', 'maybe', 'ten'], mapping);
    expect(result).toEqual({
      ok: false,
      reason:
        'Email "nope@" is not a valid email address; Phone "12" is not a valid phone number; ' +
        'Status "maybe" must be lead, qualified, customer or lost; Value "ten" is not an amount in dollars',
    });
  });

  it('needs an email or a phone', () => {
    expect(validateRow(['Only Name', '', '', '', ''], mapping)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^Needs an email address or a phone number/),
    });
  });

  it('refuses over-long fields with the contact form limits', () => {
    expect(validateRow(['A', 'a@example.com', '', '', '', 'C'.repeat(161)], mapping)).toEqual({
      ok: false,
      reason: 'Company must be at most 160 characters',
    });
  });

  it("reads a cell of the product's own error report as it was before export neutralised it", () => {
    const result = validateRow(["'-Dash", 'q@example.com', "'+1 415 555 0123", '', '', "'=Co"], mapping);
    expect(result).toMatchObject({
      ok: true,
      contact: { firstName: '-Dash', phone: '+14155550123', company: '=Co' },
    });
  });

  it('treats a missing column and an empty cell alike', () => {
    const result = validateRow(['solo@example.com'], mapHeader(['Email', 'Phone']));
    expect(result).toMatchObject({ ok: true, contact: { email: 'solo@example.com', phone: null } });
  });
});

describe('fillBlanks', () => {
  it('fills only what the earlier row left blank', () => {
    const first = validateRow(['Jane', 'j@example.com', '', '', '', ''], mapping);
    const later = validateRow(['Janet Doe', 'j@example.com', '415 555 0123', 'lost', '5', 'Acme'], mapping);
    if (!first.ok || !later.ok) throw new Error('rows should be valid');
    fillBlanks(first.contact, later.contact);
    expect(first.contact).toMatchObject({
      firstName: 'Jane',
      lastName: 'Doe',
      phone: '+14155550123',
      status: 'lost',
      valueCents: 500,
      company: 'Acme',
    });
  });
});
