import type { Locale } from '@domain/locales';

/** The test-only pseudo-locale (ADR 0007): every translated string is visibly accented, untranslated text is not. */
export const pseudoLocale = 'pseudo';
export type ActiveLocale = Locale | typeof pseudoLocale;
