import { config, type z } from 'zod';
import { type ActiveLocale, pseudoLocale } from './active-locale';

/**
 * zod's own messages ("Too small: expected string to have >=1 characters") in each shipped language, from
 * the locales zod ships (`pt` is Brazilian Portuguese there); the pseudo-locale accents zod's English. Its own
 * chunk, loaded with the rest of a catalog: a static `config` import keeps zod's other locales out of the build.
 */
const zodLocales: Record<ActiveLocale, () => Promise<{ default: () => Partial<z.core.$ZodConfig> }>> = {
  en: () => import('zod/v4/locales/en.js'),
  es: () => import('zod/v4/locales/es.js'),
  fr: () => import('zod/v4/locales/fr.js'),
  de: () => import('zod/v4/locales/de.js'),
  'pt-BR': () => import('zod/v4/locales/pt.js'),
  it: () => import('zod/v4/locales/it.js'),
  nl: () => import('zod/v4/locales/nl.js'),
  pl: () => import('zod/v4/locales/pl.js'),
  ja: () => import('zod/v4/locales/ja.js'),
  'zh-CN': () => import('zod/v4/locales/zh-CN.js'),
  ar: () => import('zod/v4/locales/ar.js'),
  pseudo: () => import('zod/v4/locales/en.js'),
};

/** Downloads the locale's messages and returns what has zod write in it from then on. */
export async function loadZodLocale(locale: ActiveLocale): Promise<() => void> {
  const messages = (await zodLocales[locale]()).default();
  if (locale !== pseudoLocale) return () => config(messages);
  const { accent } = await import('./pseudo-accent');
  const english = messages.localeError;
  const localeError: z.core.$ZodErrorMap = (issue) => {
    const said = english?.(issue);
    if (typeof said === 'string') return accent(said);
    return said?.message === undefined ? said : { ...said, message: accent(said.message) };
  };
  return () => config({ ...messages, localeError });
}
