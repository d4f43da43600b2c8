import { describe, expect, it } from 'vitest';
import { companyFromEmail, nameOfAddress, parseAddress } from './addresses.js';

describe('parseAddress', () => {
  it('reads a display name and lower-cases the address', () => {
    expect(parseAddress('Jane Doe <Jane@Acme-Realty.com>')).toEqual({
      email: 'jane@acme-realty.com',
      name: 'Jane Doe',
    });
    expect(parseAddress('"Doe, Jane" <jane@x.com>')).toEqual({ email: 'jane@x.com', name: 'Doe, Jane' });
    expect(parseAddress('  bob@x.org ')).toEqual({ email: 'bob@x.org', name: null });
    expect(parseAddress('<bob@x.org>')).toEqual({ email: 'bob@x.org', name: null });
  });

  it('refuses what is not an address', () => {
    expect(parseAddress('Jane Doe')).toBeNull();
    expect(parseAddress('jane@')).toBeNull();
    expect(parseAddress('')).toBeNull();
  });
});

describe('nameOfAddress', () => {
  it('prefers the display name, then guesses from the local part', () => {
    expect(nameOfAddress({ email: 'x@y.com', name: 'Jane van der Berg' })).toEqual({
      firstName: 'Jane',
      lastName: 'van der Berg',
    });
    expect(nameOfAddress({ email: 'sam.seller@y.com', name: null })).toEqual({
      firstName: 'Sam',
      lastName: 'Seller',
    });
  });
});

describe('companyFromEmail', () => {
  it('names the company after the domain', () => {
    expect(companyFromEmail('jane@acme-realty.com')).toBe('Acme Realty');
    expect(companyFromEmail('jane@mail.bigcorp.io')).toBe('Bigcorp');
    expect(companyFromEmail('ann@harbour.co.uk')).toBe('Harbour');
  });

  it('gives no company for free-mail domains', () => {
    expect(companyFromEmail('jane@gmail.com')).toBeNull();
    expect(companyFromEmail('jane@Outlook.com')).toBeNull();
    expect(companyFromEmail('jane@icloud.com')).toBeNull();
  });
});
