import { describe, expect, it } from 'vitest';
import { hasIdentityColumn, mapHeader } from './header-mapping.js';

describe('mapHeader', () => {
  it('recognises the common spellings of each field', () => {
    const { columns, ignored } = mapHeader([
      'First Name',
      'last_name',
      'E-mail',
      'Company Name',
      'Phone Number',
      'Source',
      'Status',
      'Value',
      'Street Address',
      'City',
      'State',
      'Zip Code',
      'Favourite colour',
    ]);
    expect(columns).toEqual({
      firstName: 0,
      lastName: 1,
      email: 2,
      company: 3,
      phone: 4,
      source: 5,
      status: 6,
      value: 7,
      address: 8,
      city: 9,
      state: 10,
      zip: 11,
    });
    expect(ignored).toEqual(['Favourite colour']);
  });

  it.each([
    ['Email Address', 'email'],
    ['email', 'email'],
    ['firstname', 'firstName'],
    ['Mobile', 'phone'],
    ['Company', 'company'],
    ['Name', 'fullName'],
    ['Full Name', 'fullName'],
    ['Postal Code', 'zip'],
  ])('maps %s to %s', (header, field) => {
    expect(mapHeader([header]).columns).toEqual({ [field]: 0 });
  });

  it('lets the first of two columns for one field win', () => {
    const mapping = mapHeader(['Phone', 'Mobile']);
    expect(mapping.columns).toEqual({ phone: 0 });
    expect(mapping.ignored).toEqual(['Mobile']);
  });

  it('needs an email or a phone column', () => {
    expect(hasIdentityColumn(mapHeader(['Name', 'Company']))).toBe(false);
    expect(hasIdentityColumn(mapHeader(['Name', 'Cell']))).toBe(true);
  });
});
