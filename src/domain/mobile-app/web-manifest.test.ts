import { describe, expect, it } from 'vitest';
import { acceptedLanguages, matchLocale } from '../locales';
import { webManifest, webManifestSchema } from './web-manifest';

describe('webManifest', () => {
  it('carries the name and language it is given, the rest the same for everyone', () => {
    const english = webManifest({ name: 'Acme Bakery', locale: 'en' });
    const arabic = webManifest({ name: 'مخبز', locale: 'ar' });
    expect(webManifestSchema.parse(english)).toEqual(english);
    expect(english).toMatchObject({ name: 'Acme Bakery', short_name: 'Acme Bakery', lang: 'en', dir: 'ltr' });
    expect(arabic).toMatchObject({ name: 'مخبز', lang: 'ar', dir: 'rtl' });
    const { name, short_name, lang, dir, ...rest } = english;
    const { name: _n, short_name: _s, lang: _l, dir: _d, ...arabicRest } = arabic;
    expect(arabicRest).toEqual(rest);
    expect(rest).toMatchObject({ display: 'standalone', start_url: '/dashboard', scope: '/' });
    expect(rest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
  });
});

describe('acceptedLanguages', () => {
  it('lists the tags by preference, leaving out refused ones and the wildcard', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual([
      'fr-CH',
      'fr',
      'en',
      'de',
    ]);
    expect(acceptedLanguages('en;q=0.3, ar, ja;q=0')).toEqual(['ar', 'en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(matchLocale(acceptedLanguages('pt-PT,pt;q=0.9'))).toBe('pt-BR');
  });
});
