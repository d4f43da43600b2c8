// No zod here: the client's first page loads this file (the validators live in auth/auth-schemas.ts).

/** The languages the product ships (issue 10); English is the source of every message. */
export const locales = ['en', 'es', 'fr', 'de', 'pt-BR', 'it', 'nl', 'pl', 'ja', 'zh-CN', 'ar'] as const;
export type Locale = (typeof locales)[number];
export const sourceLocale: Locale = 'en';

/** Each language named in itself, so a reader finds theirs whatever language the page is in. */
export const localeNames: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  'pt-BR': 'Português (Brasil)',
  it: 'Italiano',
  nl: 'Nederlands',
  pl: 'Polski',
  ja: '日本語',
  'zh-CN': '简体中文',
  ar: 'العربية',
};

const rightToLeft: ReadonlySet<Locale> = new Set(['ar']);

/** A signed-out visitor's choice of language, as the browser keeps it for the server (prerendered pages). */
export const localeCookie = 'hub_locale';

export function textDirection(locale: string): 'ltr' | 'rtl' {
  return rightToLeft.has(locale as Locale) ? 'rtl' : 'ltr';
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** A stored choice if it is still shipped, else null (a language dropped later falls back like no choice). */
export function shippedLocaleOrNull(value: string | null | undefined): Locale | null {
  return isLocale(value) ? value : null;
}

/**
 * The best shipped locale for a list of preferred language tags (navigator.languages order): an exact
 * match first, then the same language in any region ('pt-PT' -> 'pt-BR', 'zh-TW' -> 'zh-CN'), else null.
 */
export function matchLocale(preferred: readonly string[]): Locale | null {
  for (const tag of preferred) {
    const exact = locales.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const language = tag.split('-')[0].toLowerCase();
    const sameLanguage = locales.find((l) => l.split('-')[0] === language);
    if (sameLanguage) return sameLanguage;
  }
  return null;
}

/** The language tags of an Accept-Language header, most preferred first (`q=0` ones left out). */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), quality: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, quality }) => tag !== '' && tag !== '*' && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map(({ tag }) => tag);
}
