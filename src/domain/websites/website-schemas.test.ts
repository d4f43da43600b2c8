import { describe, expect, it } from 'vitest';
import { websiteInputSchema, websiteUpdateSchema } from './website-schemas';

describe('website input', () => {
  it('keeps only the host of a pasted URL, in lower case', () => {
    const parsed = websiteInputSchema.parse({
      name: ' Shop ',
      domain: 'HTTPS://Shop.Example.co.uk/path?x=1',
    });
    expect(parsed).toEqual({ name: 'Shop', domain: 'shop.example.co.uk', description: '' });
  });

  it('refuses things that are not hostnames', () => {
    for (const domain of ['localhost', 'not a domain', 'exa_mple.com', '-bad.com', 'http://', '']) {
      expect(websiteInputSchema.safeParse({ name: 'X', domain }).success, domain).toBe(false);
    }
  });

  it('leaves omitted fields out of an update', () => {
    expect(websiteUpdateSchema.parse({ name: 'New' })).toEqual({ name: 'New' });
  });
});
