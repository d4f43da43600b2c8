import { describe, expect, it } from 'vitest';
import { acceptedLanguages } from './prerendered-pages.js';

describe('acceptedLanguages', () => {
  it('orders the tags by their weight, keeping the order of equal ones, without * and q=0', () => {
    expect(acceptedLanguages('de;q=0.5, fr-CA, *;q=0.1, en;q=0.8, ar;q=0, nl;q=0.5')).toEqual([
      'fr-CA',
      'en',
      'de',
      'nl',
    ]);
  });

  it('reads no header, an empty one and stray spaces as no preference', () => {
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
    expect(acceptedLanguages(' ja ,  , zh-CN ;q=0.9')).toEqual(['ja', 'zh-CN']);
  });
});
